package loops

import (
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"strings"
	"time"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/pyramid/results"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// maxOutputParsed bounds how much of a command's output is parsed for
// test counts and crash signatures.
const maxOutputParsed = 32 << 20

// probeTimeout bounds a synthesized Runnable probe.
const probeTimeout = 2 * time.Minute

// useTimeout bounds a documented Runnable candidate: a real use of a
// program on an example ends in seconds; one still going after this runs
// until stopped (an animation, a REPL, a server the docs start by hand)
// and must not spend the run's budget before the next candidate.
const useTimeout = 3 * time.Minute

// smokeTimeout bounds a Testable smoke probe: it shows the program starts
// (a project without tests); one still going after a minute runs until
// stopped (cmatrix's screensaver drew 5 MB in two minutes).
const smokeTimeout = time.Minute

// ttyTimeout bounds a Runnable command run on a pseudo-terminal.
const ttyTimeout = 45 * time.Second

// idleTimeout ends a test or run command that printed nothing for this
// long: it is waiting for something that will not come (a peer that did
// not start, a prompt, a privilege it lacks). Builds are exempt: a link
// can be silent for minutes.
const idleTimeout = 5 * time.Minute

// commandIdle is the idle limit for c, 0 for none.
func commandIdle(c pyramid.Command) time.Duration {
	if c.Bucket == pyramid.Build || c.Level == pyramid.Installable {
		return 0
	}
	return idleTimeout
}

// boundedUse reports whether c is a Runnable candidate held to useTimeout:
// not a probe heragent made up (those have probeTimeout) and not the
// user's own goal (which gets the whole command limit).
func boundedUse(c pyramid.Command) bool {
	return c.Level == pyramid.Runnable && !c.Synth && pyramid.GradeRunnable(c) != pyramid.EvidenceGoal
}

// madeUpProbe reports whether c is a Runnable probe heragent synthesized.
func madeUpProbe(c pyramid.Command) bool { return c.Synth && c.Level == pyramid.Runnable }

// runCommand runs one pyramid command of the run and records it.
func (r *runner) runCommand(ctx context.Context, sb Sandbox, c pyramid.Command) (outcome, error) {
	n := len(r.rep.Commands) + 1
	logAbs, logRel := r.logPath(fmt.Sprintf("cmd-%02d-%s.log", n, c.Level))
	timeout := r.o.CommandTimeout
	if r.cur.longer[c.Text] {
		timeout *= 2
	}
	if madeUpProbe(c) {
		// A probe heragent made up runs a program on a small input: one
		// that has not finished by then waits for something else.
		timeout = min(timeout, probeTimeout)
	} else if boundedUse(c) {
		timeout = min(timeout, useTimeout)
	} else if c.Bucket == pyramid.Smoke && c.Level == pyramid.Testable {
		timeout = min(timeout, smokeTimeout)
	}
	if c.TTY && c.Level == pyramid.Runnable {
		// the terminal types its quit keys for 36 s (ttyKeys): a
		// program still running well after that waits for a user
		timeout = min(timeout, ttyTimeout)
	}
	var share time.Duration
	if r.resuming > 0 {
		timeout = min(timeout, r.resuming) // the time left after Runnable, no share
	} else if c.Level == pyramid.Testable && r.o.Target == pyramid.Runnable {
		// a suite longer than the run (tmux's regress, vim's make test)
		// leaves the Runnable tier its share: cut, it still proves
		// Testable on the part that ran (acceptCut)
		if s := r.suiteShare(); s < timeout {
			share, timeout = s, s
		}
	}
	timeout = r.timeLeft(timeout) // not more time than the run has left
	r.traj.emit(report.Event{Phase: "command", Iteration: r.iter, Level: string(c.Level), Command: c.Text, Message: "running"})
	cr, err := execCommand(ctx, sb, c, n, timeout, logAbs)
	if err != nil {
		return cr, err
	}
	if cr.TimedOut && !cr.Idle {
		cr.share = share
	}
	r.last = c.Text
	cr.Iteration, cr.Log, cr.index = r.iter, logRel, len(r.rep.Commands)
	r.rep.Commands = append(r.rep.Commands, cr.CommandResult)
	r.traj.emit(report.Event{Phase: "command", Iteration: r.iter, Level: string(c.Level), Command: c.Text, ExitCode: &cr.ExitCode, Message: cr.Verdict, Data: cr.Counts})
	return cr, nil
}

// ownRepo gives user what root made in the repository since the Bash
// File gave it the repository: a command run as root before the user's
// (libuv's `cmake build && … --target check`) reconfigured the build
// directory as root, and the user's ctest could not write its files
// ("Cannot open file for write: /repo/build/CMakeFiles/…"). Only what
// root owns is changed (not a service's data directory): a repository
// the user owns costs a walk. Go's caches stay usable: root's module
// cache is read where it is (/root made traversable), and the build cache
// — a volume root's builds share — is a directory of the user's own
// (cobra's go test as the user: "open /var/cache/heragent/go-build/…:
// permission denied").
func ownRepo(user string) string {
	return "find " + sandbox.RepoDir + " -xdev -uid 0 -exec chown -h " + user + ": {} + 2>/dev/null; " +
		// go on the login shell's PATH (a Go the Bash File downloaded is
		// on it, not on this shell's)
		"if gobin=$(bash -lc 'command -v go' 2>/dev/null) && [ -n \"$gobin\" ]; then chmod o+x /root; export GOMODCACHE=\"$(\"$gobin\" env GOMODCACHE)\" GOCACHE=/tmp/heragent-gocache-" + user +
		"; mkdir -p \"$GOCACHE\" && chown " + user + ": \"$GOCACHE\"; fi"
}

// execCommand runs a pyramid command in a login shell (so the variables
// the Bash File persisted apply), collects the test result files it wrote,
// parses the counts and judges the outcome. n numbers the command within
// the sandbox.
//
// A test runner that says its tests are done but does not exit
// (pyramid.Settled) is stopped after settledIdle of silence.
func execCommand(ctx context.Context, sb Sandbox, c pyramid.Command, n int, timeout time.Duration, logFile string) (outcome, error) {
	stamp := fmt.Sprintf("/tmp/.heragent-stamp-%d", n)
	dir := sandbox.RepoDir
	if c.Dir != "" {
		dir = path.Join(sandbox.RepoDir, c.Dir)
	}
	// pipefail: every stage of a pipeline counts (`./tool x | dot -Tpng`
	// must not pass on dot's status when the tool failed).
	stdin, text := emptyStdin, c.Text
	if c.TTY {
		stdin, text = "", pyramid.OnTerminal(c.Text) // the pseudo-terminal is its input
	}
	script := "set -o pipefail" + stdin + "\ntouch " + stamp + "\ncd " + quote(dir) + " || exit 1\n" + text + "\n"
	cmd := []string{"bash", "-lc", script}
	if c.TTY {
		cmd = onTTY(cmd)
	}
	if c.Display {
		cmd = append([]string{"xvfb-run", "-a"}, cmd...)
	}
	if c.User != "" {
		cmd = append([]string{"bash", "-c", ownRepo(c.User) + "; exec \"$@\"", "owner", "runuser", "-u", c.User, "--"}, cmd...)
	}
	if len(c.Start) > 0 {
		// as root, before the user, the display and the terminal
		cmd = append([]string{"bash", "-c", strings.Join(c.Start, "\n") + "\nexec \"$@\"", "start"}, cmd...)
	}
	idle := commandIdle(c)
	res, err := sb.Exec(ctx, sandbox.ExecSpec{Cmd: cmd, Timeout: timeout, IdleTimeout: idle, LogFile: logFile, TailBytes: 16 << 10,
		Settled: pyramid.SettledFor(c), SettledIdle: settledIdle})
	if err != nil {
		return outcome{}, err
	}
	out := readCapped(logFile, maxOutputParsed)
	files := collectResults(ctx, sb, stamp)
	counts := results.ParseRun(out, files)
	o := pyramid.Outcome{ExitCode: res.ExitCode, TimedOut: res.TimedOut, Output: out, Counts: counts}
	if res.Idle {
		o.Idle = idle
		if res.Settled {
			o.Idle = settledIdle // the runner said its tests were done
		}
	}
	v := pyramid.Judge(c, o)
	if v.Suite && !counts.Ran() {
		counts.Passed = 1
		counts.Frameworks = append(counts.Frameworks, "suite")
	}
	cr := outcome{cmd: c, CommandResult: report.CommandResult{Text: c.Text, Dir: c.Dir, Level: c.Level, Bucket: c.Bucket, ExitCode: res.ExitCode, TimedOut: res.TimedOut, Idle: res.Idle,
		Seconds: res.Duration.Seconds(), Counts: counts, Passed: v.Passed, Verdict: v.Reason, Log: logFile, Tail: report.LastLines(res.Tail, 60)}}
	if !v.Passed || c.LastResort() {
		cr.diag = repair.Excerpt(out, 60, 40) // failures are diagnosed; a usage asked for is read (usageCommands)
		if why := suiteLogFailures(files); why != "" && !v.Passed {
			cr.diag += "\n" + why // an automake suite's reasons, kept in its log
		}
	}
	if !v.Passed && counts.Failed+counts.Errors > 0 {
		cr.failedNames = results.FailedNames(out, 0) // the whole output's: the excerpt may cut the list
	}
	return cr, nil
}

// emptyStdin gives a command a pipe with nothing in it as its standard
// input, as a CI runner's step or a shell in a pipeline has, instead of the
// engine's /dev/null: reads end at once either way, but a pipe cannot
// seek, and test suites check that (lua's files.lua asserts a seek on
// stdin fails, which /dev/null lets succeed).
const emptyStdin = "; exec < <(:)"

// collectResults copies the test result files the command created or
// changed (newer than its stamp) out of the sandbox.
func collectResults(ctx context.Context, sb Sandbox, stamp string) map[string][]byte {
	var names []string
	for _, n := range results.ResultFileNames() {
		names = append(names, "-name "+quote(n))
	}
	find := fmt.Sprintf("find %s -newer %s -type f -size -8M \\( %s \\) -not -path '*/.git/*' -not -path '*/node_modules/*' 2>/dev/null | head -n 200",
		sandbox.RepoDir, stamp, strings.Join(names, " -o "))
	res, err := sb.Exec(ctx, sandbox.ExecSpec{Script: find, Dir: "/", TailBytes: 64 << 10})
	if err != nil || res.ExitCode != 0 {
		return nil
	}
	files := map[string][]byte{}
	for _, p := range strings.Split(strings.TrimSpace(res.Tail), "\n") {
		rel := strings.TrimPrefix(p, sandbox.RepoDir+"/")
		if p == "" || !results.IsResultFile(rel) {
			continue
		}
		if b, err := sb.ReadFile(ctx, p, 8<<20); err == nil {
			files[rel] = b
		}
	}
	return files
}

func readCapped(path string, max int64) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return ""
	}
	if fi.Size() > max {
		f.Seek(fi.Size()-max, 0)
	}
	b, _ := io.ReadAll(io.LimitReader(f, max))
	return string(b)
}

// outcome is a command's result with what only the loops need.
type outcome struct {
	report.CommandResult
	cmd   pyramid.Command
	index int // in the report's commands
	// gradeWhy explains the Testable evidence grade.
	gradeWhy string
	// diag is the whole log condensed for diagnosis (repair.Excerpt).
	diag string
	// failedNames are the failed tests the output names (a failed run's).
	failedNames []string
	// noRepair says why a repair right after the command changed nothing.
	noRepair string
	// share: the command was stopped at the Testable tier's share of the
	// run's time (suiteShare), not at its own limit.
	share time.Duration
	// reran: its failed tests ran again already (serialFallback)
	reran bool
	// afterCut: the whole suite was stopped at its share after its tests
	// passed, earlier in the level: that part proves it, and this failure
	// waits for the level's end instead of a repair now (cutProves)
	afterCut bool
}

// ttyKeys is what the pseudo-terminal types: q every 3 s for 36 s,
// until the program ends (the next write then fails). No Ctrl-C: a
// program still compiling (`go run`) would die of it.
const ttyKeys = `for i in $(seq 1 12); do sleep 3; printf q 2>/dev/null || break; done`

// onTTY runs cmd on a pseudo-terminal (script(1), in util-linux, on every
// Debian): a terminal UI draws and is quit as a user quits it; script -e
// returns the program's own status. script runs the command with $SHELL
// -c, so SHELL is bash: the command is quoted for bash. Without a terminal
// of its own, script's is 0×0: it gets a user's 24×80 (ttySize), which a
// program reads with TIOCGWINSZ (kilo, finding none, asked the terminal
// where its cursor is and waited for an answer no terminal gave).
func onTTY(cmd []string) []string {
	quoted := make([]string, len(cmd))
	for i, a := range cmd {
		quoted[i] = quote(a)
	}
	return []string{"bash", "-c", "(" + ttyKeys + ") | SHELL=/bin/bash TERM=xterm-256color script -qefc " + quote(ttySize+strings.Join(quoted, " ")) + " /dev/null"}
}

// ttySize sizes the pseudo-terminal before the command runs.
const ttySize = "stty rows 24 cols 80 2>/dev/null; "
