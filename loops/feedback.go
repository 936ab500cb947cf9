package loops

import (
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/pyramid/results"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// maxOutputParsed bounds how much of a command's output is parsed for
// test counts and crash signatures.
const maxOutputParsed = 32 << 20

// feedback is the feedback loop: in the sandbox where the Bash File just
// succeeded, run the pyramid level by level (lowest first). The first command
// of a level that passes proves the level. When none passes, the failures go
// to repair; an applied repair sends control back to the execution loop
// (repaired=true), and the levels are proved again from the bottom, since a
// repair may break a lower one.
func (r *runner) feedback(ctx context.Context, sb Sandbox) (bool, error) {
	start := time.Now()
	defer func() { r.rep.Phases["commands"] += time.Since(start).Seconds() }()
	defer sb.Close(ctx)

	// Programs the build produced, listed before any command adds files.
	built := r.builtProbes(ctx, sb)
	level := pyramid.None
	r.rep.Runnable, r.rep.RunnableEvidence = "", ""
	installs := len(r.file.Section(bashfile.Runtimes).Commands)+len(r.file.Section(bashfile.Build).Commands) > 0
	for _, l := range pyramid.Levels {
		if l.Rank() > r.o.Target.Rank() {
			break
		}
		if l == pyramid.Installable && installs {
			// The Bash File's install and build sections ran to the end: that
			// is the evidence. The pyramid's build commands would repeat them,
			// in forms (pip install from PyPI, make install) that can fail
			// for reasons the script already worked around.
			level = l
			r.traj.emit(report.Event{Phase: "level", Iteration: r.iter, Level: string(l), Message: "level reached: installable (the Bash File installed and built the project)"})
			continue
		}
		cands := r.o.Pyramid.At(l)
		if l == pyramid.Runnable {
			cands = appendNew(cands, built)
			sort.SliceStable(cands, func(i, j int) bool { return !cands[i].LastResort() && cands[j].LastResort() })
		}
		var cmds []pyramid.Command
		for _, c := range cands {
			if _, skip := r.skip[c.Text]; !skip {
				cmds = append(cmds, c)
			}
		}
		if len(cmds) == 0 {
			r.rep.WhyNotHigher = fmt.Sprintf("no %s command to run%s", l, skippedText(r.o.Pyramid.At(l), r.skip))
			break
		}
		cmds = r.order(ctx, l, cmds)
		var failed []outcome
		passed := false
		for _, c := range cmds {
			if why := r.budget(); why != "" {
				r.rep.WhyNotHigher = why
				r.rep.Level = level
				return false, nil
			}
			res, err := r.runCommand(ctx, sb, c)
			if err != nil {
				return false, err
			}
			if res.TimedOut && madeUpProbe(c) {
				res.repaired = fmt.Sprintf("a probe heragent made up did not finish in %s: the program waits for input or a peer", probeTimeout)
			}
			if res.Passed {
				passed = true
				switch l {
				case pyramid.Testable:
					r.rep.Tests = res.Counts
				case pyramid.Runnable:
					r.rep.Runnable, r.rep.RunnableEvidence = commandLine(c), evidenceOf(c)
				}
				break
			}
			if vc, ok := pyramid.VerboseRerun(c, res.Counts); ok && l == pyramid.Testable {
				// Its log does not show why tests failed: ask the runner.
				if vr, err := r.runCommand(ctx, sb, vc); err == nil {
					res.diag += "\n" + vr.diag
				}
			}
			if f := commandFailure(res); repair.Blocking(f) {
				// A gap in the environment (a test script's missing tool):
				// repair it now instead of trying the level's other
				// commands, which will likely miss it too.
				r.rep.Level = level
				changed, stop := r.repair(ctx, f)
				if changed {
					return true, nil
				}
				res.repaired = stop
			}
			failed = append(failed, res)
			if l == pyramid.Testable && !res.TimedOut && pyramid.Tolerable(res.Counts) {
				// The suite runs and nearly all of it passes: repair what
				// its failures show, or accept it, rather than run the
				// same suite through other commands (pytest, tox, make ci).
				failed = []outcome{res}
				break
			}
		}
		if passed {
			level = l
			r.traj.emit(report.Event{Phase: "level", Iteration: r.iter, Level: string(l), Message: "level reached: " + string(l)})
			continue
		}
		r.rep.Level = level
		var why []string
		for _, fc := range failed {
			stop := fc.repaired
			if stop == "" {
				var changed bool
				if changed, stop = r.repair(ctx, commandFailure(fc)); changed {
					return true, nil
				}
			}
			why = append(why, fmt.Sprintf("`%s`: %s (%s)", fc.Text, fc.Verdict, stop))
		}
		if l == pyramid.Testable && r.tolerate(failed, why) {
			level = l
			continue
		}
		r.rep.WhyNotHigher = fmt.Sprintf("no %s command passed: %s", l, strings.Join(why, "; "))
		return false, nil
	}
	r.rep.Level = level
	if level == r.o.Target {
		r.rep.WhyNotHigher = ""
	}
	return false, nil
}

// tolerate accepts Testable from a test run whose failures no repair
// could fix when nearly all of its tests passed (pyramid.Tolerable): the
// suite runs in this environment, and the failing tests are the
// environment's or the project's, listed in the report. The command is
// marked as proving the level, so verify re-runs it.
func (r *runner) tolerate(failed []outcome, why []string) bool {
	best := -1
	for i, fc := range failed {
		if !fc.TimedOut && pyramid.Tolerable(fc.Counts) && (best < 0 || fc.Counts.Passed > failed[best].Counts.Passed) {
			best = i
		}
	}
	if best < 0 {
		return false
	}
	fc := failed[best]
	for i := len(r.rep.Commands) - 1; i >= 0; i-- {
		cr := &r.rep.Commands[i]
		if cr.Text == fc.Text && cr.Dir == fc.Dir && cr.Iteration == r.iter {
			cr.Passed, cr.Tolerated = true, true
			cr.Verdict = "accepted with failures: " + cr.Verdict
			break
		}
	}
	r.rep.Tests = fc.Counts
	delete(r.skip, fc.Text) // recorded as failing, still the level's evidence after a later repair
	r.rep.Notes = append(r.rep.Notes, fmt.Sprintf("testable with %d failing test(s) of %d that no repair fixed: %s",
		fc.Counts.Failed+fc.Counts.Errors, fc.Counts.Passed+fc.Counts.Failed+fc.Counts.Errors, strings.Join(why, "; ")))
	r.traj.emit(report.Event{Phase: "level", Iteration: r.iter, Level: string(pyramid.Testable), Command: fc.Text, Message: "level reached: testable, with failing tests no repair fixed"})
	return true
}

// commandFailure is what repair reads of a failed command.
func commandFailure(fc outcome) repair.Failure {
	return repair.Failure{Phase: repair.PhaseCommand, Command: fc.Text, ExitCode: fc.ExitCode, TimedOut: fc.TimedOut, Log: fc.diag}
}

// appendNew appends the commands of more that cs does not hold yet.
func appendNew(cs, more []pyramid.Command) []pyramid.Command {
	for _, m := range more {
		dup := false
		for _, c := range cs {
			dup = dup || c.Text == m.Text
		}
		if !dup {
			cs = append(cs, m)
		}
	}
	return cs
}

func skippedText(cmds []pyramid.Command, skip map[string]string) string {
	var out []string
	for _, c := range cmds {
		if why, ok := skip[c.Text]; ok {
			out = append(out, fmt.Sprintf("`%s` skipped: %s", c.Text, why))
		}
	}
	if len(out) == 0 {
		return ""
	}
	return " (" + strings.Join(out, "; ") + ")"
}

// commandLine is the command as the entrypoint runs it, from /repo: for a
// server probe, the server itself.
func commandLine(c pyramid.Command) string {
	text := c.Text
	if c.Background && c.Serve != "" {
		text = c.Serve
	}
	if c.Dir == "" || c.Dir == "." {
		return text
	}
	return "cd " + quote(c.Dir) + " && " + text
}

// evidenceOf classifies the command that proved Runnable.
func evidenceOf(c pyramid.Command) string {
	switch {
	case len(c.Why) > 0 && c.Why[0].Source == "user":
		return "goal"
	case c.LastResort():
		return "last_resort"
	case c.Synth:
		return "probe"
	}
	return "documented"
}

// probeTimeout bounds a synthesized Runnable probe.
const probeTimeout = 2 * time.Minute

// madeUpProbe reports whether c is a Runnable probe heragent synthesized.
func madeUpProbe(c pyramid.Command) bool { return c.Synth && c.Level == pyramid.Runnable }

// runCommand runs one pyramid command of the run and records it.
func (r *runner) runCommand(ctx context.Context, sb Sandbox, c pyramid.Command) (outcome, error) {
	n := len(r.rep.Commands) + 1
	logAbs, logRel := r.logPath(fmt.Sprintf("cmd-%02d-%s.log", n, c.Level))
	timeout := r.o.CommandTimeout
	if r.longer[c.Text] {
		timeout *= 2
	}
	if madeUpProbe(c) {
		// A probe heragent made up runs a program on a small input: one
		// that has not finished by then waits for something else.
		timeout = min(timeout, probeTimeout)
	}
	// A command is not started with more time than the run has left.
	if left := r.o.MaxTime - time.Since(r.start); timeout > left {
		timeout = max(left, time.Minute)
	}
	r.traj.emit(report.Event{Phase: "command", Iteration: r.iter, Level: string(c.Level), Command: c.Text, Message: "running"})
	cr, err := execCommand(ctx, sb, c, n, timeout, logAbs)
	if err != nil {
		return cr, err
	}
	cr.Iteration, cr.Log = r.iter, logRel
	r.rep.Commands = append(r.rep.Commands, cr.CommandResult)
	r.traj.emit(report.Event{Phase: "command", Iteration: r.iter, Level: string(c.Level), Command: c.Text, ExitCode: &cr.ExitCode, Message: cr.Verdict, Data: cr.Counts})
	return cr, nil
}

// execCommand runs a pyramid command in a login shell (so the variables
// the Bash File persisted apply), collects the test result files it wrote,
// parses the counts and judges the outcome. n numbers the command within
// the sandbox.
func execCommand(ctx context.Context, sb Sandbox, c pyramid.Command, n int, timeout time.Duration, logFile string) (outcome, error) {
	stamp := fmt.Sprintf("/tmp/.heragent-stamp-%d", n)
	dir := sandbox.RepoDir
	if c.Dir != "" {
		dir = path.Join(sandbox.RepoDir, c.Dir)
	}
	script := "touch " + stamp + "\ncd " + quote(dir) + " || exit 1\n" + c.Text + "\n"
	cmd := []string{"bash", "-lc", script}
	if c.User != "" {
		cmd = append([]string{"runuser", "-u", c.User, "--"}, cmd...)
	}
	res, err := sb.Exec(ctx, sandbox.ExecSpec{Cmd: cmd, Timeout: timeout, LogFile: logFile, TailBytes: 16 << 10})
	if err != nil {
		return outcome{}, err
	}
	out := readCapped(logFile, maxOutputParsed)
	files := collectResults(ctx, sb, stamp)
	counts := results.ParseRun(out, files)
	v := pyramid.Judge(c, pyramid.Outcome{ExitCode: res.ExitCode, TimedOut: res.TimedOut, Output: out, Counts: counts})
	if v.Suite && !counts.Ran() {
		counts.Passed = 1
		counts.Frameworks = append(counts.Frameworks, "suite")
	}
	cr := outcome{CommandResult: report.CommandResult{Text: c.Text, Dir: c.Dir, Level: c.Level, Bucket: c.Bucket, ExitCode: res.ExitCode, TimedOut: res.TimedOut,
		Seconds: res.Duration.Seconds(), Counts: counts, Passed: v.Passed, Verdict: v.Reason, Log: logFile, Tail: report.LastLines(res.Tail, 60)}}
	if !v.Passed {
		cr.diag = repair.Excerpt(out, 60, 40) // only failures are diagnosed
	}
	return cr, nil
}

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
	// diag is the whole log condensed for diagnosis (repair.Excerpt).
	diag string
	// repaired says why a repair right after the command changed nothing.
	repaired string
}
