package pyramid

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/heragent/heragent/pyramid/results"
)

// Outcome is what running a command produced.
type Outcome struct {
	ExitCode int
	TimedOut bool
	Idle     time.Duration  // set when the command was cut for printing nothing that long
	Output   string         // combined stdout and stderr
	Counts   results.Counts // parsed test results
}

// Verdict says whether a command's outcome is evidence for its level.
type Verdict struct {
	Passed bool   `json:"passed"`
	Reason string `json:"reason"`
	// Suite is set when a test target passed on its own report of success
	// (no framework output to count): the caller counts it as one suite.
	Suite bool `json:"suite,omitempty"`
}

// suiteSuccess is how test targets without a framework say they passed
// ("All tests completed", "Test Passed: …", "*** zlib test OK ***",
// rax-test's "Unit tests: OK", mpack's tools/unit.sh "Unit testing
// complete. 0 failures in 1032103 checks.").
var suiteSuccess = regexp.MustCompile(`(?im)\b(all\s+(\d+\s+)?tests?\s+(passed|completed|succeeded|successful|ok)|tests?\s+passed|tests?\s+(completed|finished|succeeded)(\s+successfully)?|\d+\s+tests?\s+(passed|ok)|tests?:?\s+ok|no\s+(errors|failures)\s+(found|detected)|(testing|tests?)\s+complete[.,:]?\s+(0|no)\s+failures)\b`)

// suiteSuccessLine is a test script's own last word on itself: pump's
// `node test-node.js` prints "test-node.js passes".
var suiteSuccessLine = regexp.MustCompile(`(?m)^[\w./-]*test[\w./-]*[ \t]+pass(?:es|ed)[.!]?[ \t]*$`)

// suiteOKLine is a test script's last line when all went well:
// tidwall/btree.c's tests/run.sh builds and runs each test_*.c, stops at
// the first that fails (set -e), and ends with "OK".
var suiteOKLine = regexp.MustCompile(`(?i)^(?:ok|pass(?:ed)?|all (?:tests )?(?:ok|pass(?:ed)?)|success)[.!]?$`)

// finalLine is the output's last non-blank line, without terminal colours.
func finalLine(out string) string {
	lines := strings.Split(strings.TrimRight(out, " \t\r\n"), "\n")
	return strings.TrimSpace(ansiColorRe.ReplaceAllString(lines[len(lines)-1], ""))
}

// ansiColorRe is a terminal colour or style sequence.
var ansiColorRe = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// suiteFailure is a failure such a target reports while still exiting 0.
// FAIL is matched in capitals only: "Failed to initialize context" is a
// test's expected output (zstd), "FAIL: roundtrip" a failure.
var suiteFailure = regexp.MustCompile(`(?m)(?i:\b[1-9]\d*\s+tests?\s+failed\b|\bsome\s+tests?\s+failed\b|\btests?:[ \t]*(?:failed|errors?)\b)|^(FAIL|FAILED)\b`)

// zeroTests is a runner saying it ran no test before its "OK": unittest's
// "Ran 0 tests in 0.000s" (libsecret's `python -m unittest discover -s
// libsecret`, which found no test module by unittest's pattern), automake's
// "# TOTAL: 0".
var zeroTests = regexp.MustCompile(`(?m)^Ran 0 tests in |^# TOTAL: 0\s*$`)

// crashSignatures betray a program that exited 0 but did not really work
// (a wrapper swallowing the status, a crash in a child process).
var crashSignatures = []struct {
	name string
	re   *regexp.Regexp
}{
	{"Python traceback", regexp.MustCompile(`(?m)^Traceback \(most recent call last\):`)},
	{"Go panic", regexp.MustCompile(`(?m)^panic: .*\n+goroutine \d+ \[`)},
	{"Rust panic", regexp.MustCompile(`thread '[^']*' panicked at`)},
	{"segmentation fault", regexp.MustCompile(`(?i)segmentation fault|SIGSEGV`)},
	{"abort", regexp.MustCompile(`(?m)Aborted \(core dumped\)|^terminate called after throwing`)},
	{"sanitizer report", regexp.MustCompile(`(?m)^==\d+==ERROR: (Address|Leak|Memory|Thread|UndefinedBehavior)Sanitizer|runtime error: .* \(.*UndefinedBehaviorSanitizer`)},
	{"uncaught exception", regexp.MustCompile(`(?m)^Uncaught (Error|TypeError|ReferenceError|SyntaxError)|UnhandledPromiseRejection|^Exception in thread "main"`)},
}

// CrashSignature returns the name of the first crash signature in output,
// or "".
func CrashSignature(output string) string {
	for _, s := range crashSignatures {
		if s.re.MatchString(output) {
			return s.name
		}
	}
	return ""
}

// NoTestSeen is the verdict on a Testable command that exited 0 without a
// test a parser counts.
const NoTestSeen = "exit 0 but no test was seen to run"

// Judge decides whether a command's outcome proves its level:
//   - every command must exit 0 within its time limit;
//   - a unit command must have run at least one test (parsed counts);
//   - a smoke, integration or entry command must show no crash signature;
//   - a command with Expect landmarks must show every one of them.
func Judge(c Command, o Outcome) Verdict {
	switch {
	case c.TTY && c.Bucket == Entry && (o.TimedOut || o.ExitCode == 124) && DrewScreen(o.Output) && CrashSignature(o.Output) == "":
		// a terminal UI that the keys a user quits with did not end (tmux
		// hands them to its shell, fzf to its query) and that drew its
		// screen: it is at work, waiting for its user
		return Verdict{Passed: true, Reason: "a terminal UI: it drew its screen on the pseudo-terminal and was still running when stopped"}
	case (c.Bucket == Entry || c.Bucket == Smoke) && o.TimedOut && o.Idle == 0 && DrewScreen(o.Output) && CrashSignature(o.Output) == "":
		// one that draws without a terminal of ours (cmatrix animates
		// until stopped): at work, never idle
		return Verdict{Passed: true, Reason: "a terminal UI: it kept drawing its screen until stopped"}
	case c.Display && (c.Bucket == Entry || c.Bucket == Smoke) && (o.TimedOut || o.ExitCode == 124) && CrashSignature(o.Output) == "":
		// a windowed program that asked for a display (it failed without
		// one) and, given the virtual one, kept running until stopped:
		// glfw's boing and gears animate until their window is closed
		return Verdict{Passed: true, Reason: "a windowed program: under the virtual X display it opened and kept running until stopped"}
	case c.Bucket == Entry && !c.Background && o.TimedOut && o.Idle > 0 && WaitsForWork(o.Output) && CrashSignature(o.Output) == "":
		return readyVerdict(o.Output) // worker_ready.go
	case o.TimedOut && o.Idle > 0 && Settled.MatchString(o.Output):
		return Verdict{Passed: false, Reason: fmt.Sprintf("its tests finished (%d passed, %d failed) but the runner did not exit: stopped after %s of silence", o.Counts.Passed, o.Counts.Failed+o.Counts.Errors, o.Idle)}
	case o.TimedOut && o.Idle > 0:
		return Verdict{Passed: false, Reason: fmt.Sprintf("hung: no output for %s", o.Idle)}
	case o.TimedOut:
		return Verdict{Passed: false, Reason: "timed out"}
	case reportedFindings(c, o):
		return Verdict{Passed: true, Reason: "exit 1: the checker reported its findings on the input the command gave it (file:line)"}
	case o.ExitCode != 0:
		if o.Counts.Ran() {
			return Verdict{Passed: false, Reason: fmt.Sprintf("exit %d: %d passed, %d failed, %d skipped", o.ExitCode, o.Counts.Passed, o.Counts.Failed+o.Counts.Errors, o.Counts.Skipped)}
		}
		return Verdict{Passed: false, Reason: fmt.Sprintf("exit %d", o.ExitCode)}
	}
	if c.Bucket != Build {
		if sig := CrashSignature(o.Output); sig != "" {
			return Verdict{Passed: false, Reason: "exit 0 but the output shows a " + sig}
		}
	}
	if c.Bucket == Entry && !c.Background {
		if l := onlyErrors(programOutput(o.Output)); l != "" {
			// an example that reports its failure and returns 0
			// (hiredis's examples: "Error: Connection refused")
			return Verdict{Passed: false, Reason: "exit 0 but the program printed only an error: " + l}
		}
	}
	if c.Bucket == Entry && c.Synth && !c.LastResort() && printedUsage(o.Output) {
		// a probe that guessed wrong how to run the program: the usage
		// says how (FromUsage), and is no use of it
		return Verdict{Passed: false, Reason: "exit 0 but the program only printed its usage"}
	}
	for _, e := range c.Expect {
		re, err := regexp.Compile("(?m)" + e) // landmarks may anchor lines
		if err != nil {
			return Verdict{Passed: false, Reason: fmt.Sprintf("bad landmark %q: %v", e, err)}
		}
		if !re.MatchString(o.Output) {
			return Verdict{Passed: false, Reason: fmt.Sprintf("landmark %q not in the output", e)}
		}
	}
	if c.Bucket == Unit {
		if !o.Counts.Ran() {
			m := suiteSuccess.FindString(o.Output)
			if m == "" {
				m = strings.TrimSpace(suiteSuccessLine.FindString(o.Output))
			}
			if l := finalLine(o.Output); m == "" && suiteOKLine.MatchString(l) {
				m = l
			}
			if m != "" && !suiteFailure.MatchString(o.Output) && !zeroTests.MatchString(o.Output) {
				return Verdict{Passed: true, Suite: true, Reason: fmt.Sprintf("exit 0; no test framework output to count, the test target reports %q", m)}
			}
			if c.Driver && strings.TrimSpace(o.Output) != "" && !suiteFailure.MatchString(o.Output) {
				// Its own asserts stop it at the first failure: an end
				// with exit 0 is every test run.
				return Verdict{Passed: true, Suite: true, Reason: "exit 0; the suite's own driver ran to its end (it prints no count to parse)"}
			}
			return Verdict{Passed: false, Reason: NoTestSeen}
		}
		if o.Counts.Failed+o.Counts.Errors > 0 {
			return Verdict{Passed: false, Reason: fmt.Sprintf("exit 0 but %d tests failed", o.Counts.Failed+o.Counts.Errors)}
		}
		return Verdict{Passed: true, Reason: fmt.Sprintf("%d tests passed, %d skipped", o.Counts.Passed, o.Counts.Skipped)}
	}
	if len(c.Expect) > 0 {
		return Verdict{Passed: true, Reason: fmt.Sprintf("exit 0 with all %d landmarks", len(c.Expect))}
	}
	return Verdict{Passed: true, Reason: "exit 0"}
}

// failureLineRe is a line that reports a failure: "Error: Connection
// refused", "prog: cannot open x", "fatal: …".
// A line reporting another program's failed exit counts too: a
// supervisor that returns 0 after its child failed (lighttpd-angel's
// "child (pid=3782) exited normally with exitcode: 1").
var failureLineRe = regexp.MustCompile(`(?i)^\s*(?:[\w./\[\] -]{0,40}:\s*)?(?:error|fatal|failed|failure|cannot|can't|could not|couldn't|unable to)\b|connection refused|no such file or directory|permission denied|\bexit(?:ed)?\b.{0,30}?\b(?:exit ?code|code|status)\s*[:=]?\s*[1-9]`)

// screenRe is a sequence that places text on a screen: a cursor position,
// an erase, the alternate screen.
var screenRe = regexp.MustCompile(`\x1b\[(?:\d*;?\d*H|\d*[JK]|\?1049h)`)

// DrewScreen reports output of a program on a terminal that drew a
// screen: it places text with the terminal's control sequences, and shows
// some text beside the q's the terminal typed (a status line, a list, a
// prompt) — not only the queries a terminal library sends before it draws
// (lazygit's, unanswered on a pseudo-terminal).
func DrewScreen(output string) bool {
	if !screenRe.MatchString(output) {
		return false
	}
	text := results.StripANSI(output)
	n := 0
	for _, r := range text {
		if r > ' ' && r != 'q' && r != 0x7f && unicode.IsPrint(r) {
			n++
		}
	}
	return n >= 8
}

// buildLineRe is a line of a build tool's transcript: CMake's configure
// ("-- Configuring done") and progress ("[ 50%] Built target x"), ninja's
// ("[3/7] Linking C executable x", "ninja: no work to do."), make's
// ("make[1]: Leaving directory …", "gmake: Nothing to be done").
var buildLineRe = regexp.MustCompile(`^(?:-- |\[\s*\d+%\] |\[\d+/\d+\] |g?make(?:\[\d+\])?: |ninja: |Consolidate compiler generated dependencies)`)

// programOutput is what a command that builds its program before running
// it (`cmake --build build && ./build/examples/x`) printed after the
// build's transcript: the program's own output.
func programOutput(output string) string {
	lines := strings.Split(output, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if buildLineRe.MatchString(lines[i]) {
			return strings.Join(lines[i+1:], "\n")
		}
	}
	return output
}

// onlyErrors returns the first line of output that says anything when
// every such line (at most four) reports a failure, else "".
func onlyErrors(output string) string {
	var lines []string
	for _, l := range strings.Split(output, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 || len(lines) > 4 {
		return ""
	}
	for _, l := range lines {
		if !failureLineRe.MatchString(l) {
			return ""
		}
	}
	return lines[0]
}

// printedUsage reports output that opens with a usage message: its first
// line that says anything is "Usage: prog …" (or a title line before it).
func printedUsage(output string) bool {
	n := 0
	for _, l := range strings.Split(output, "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if usageLineRe.MatchString(l) {
			return true
		}
		if n++; n == 2 {
			return false
		}
	}
	return false
}

// Tolerable reports whether a test run that did not pass still shows a
// working test environment: tests passed and at most one in ten failed —
// or none failed and the runner failed the run for something else (a
// skip list the container did not match, a coverage threshold, a linter
// run after the tests: RunnerFailed).
func Tolerable(c results.Counts) bool {
	bad := c.Failed + c.Errors
	return c.Passed > 0 && bad*10 <= c.Passed+bad
}

// RunnerFailed reports a run that did not pass although every test it
// counted passed: what failed was the runner's own check, not a test.
func RunnerFailed(c results.Counts) bool {
	return c.Passed > 0 && c.Failed+c.Errors == 0
}

// CutShort reports whether a test run stopped by its time or idle limit
// still shows a working test environment: tests passed and none, or at
// most one in ten (Tolerable), failed before it was stopped. It proves
// Testable on part of the suite.
func CutShort(timedOut bool, c results.Counts) bool {
	return timedOut && Tolerable(c)
}

// testDirRe finds ctest's --test-dir argument.
var testDirRe = regexp.MustCompile(`--test-dir[ =](\S+)`)

// verboseRe is ctest asked to show every test's output already.
var verboseRe = regexp.MustCompile(`(^|\s)(-V|-VV|--verbose|--extra-verbose)(\s|$)`)

// VerboseRerun returns a command that re-runs only the failed tests of c
// with their output, when c's runner can and c did not show it already
// (`make test` runs ctest without --output-on-failure: the cause of a
// failure, say a test script's missing tool, is not in its log).
func VerboseRerun(c Command, counts results.Counts) (Command, bool) {
	if counts.Failed+counts.Errors == 0 || !slices.Contains(counts.Frameworks, "ctest") ||
		strings.Contains(c.Text, "--output-on-failure") || verboseRe.MatchString(c.Text) {
		return Command{}, false
	}
	rc := FailedCTestRerun(c)
	rc.Reason = "re-runs the failed tests with their output, to diagnose them"
	return rc, true
}

// pythonRunners are the Python test frameworks whose failures may be an
// installed dependency's version.
var pythonRunners = []string{"pytest", "unittest"}

// DependencyCheck returns `pip check` for a Python test run with failing
// tests, or a command that ended in a Python traceback: it names each
// installed distribution that does not meet a requirement (httpx's
// `httpcore==1.*` against Debian's 0.16.3, installed because PyPI was
// unreachable), which the tracebacks only show as TypeErrors and missing
// attributes (the diagnosis keeps the ones the failure names).
func DependencyCheck(c Command, counts results.Counts, output string) (Command, bool) {
	suite := counts.Failed+counts.Errors > 0 && slices.ContainsFunc(counts.Frameworks, func(f string) bool { return slices.Contains(pythonRunners, f) })
	if !suite && !strings.Contains(output, "Traceback (most recent call last):") {
		return Command{}, false
	}
	return Command{Text: "python3 -m pip check", Dir: c.Dir, Bucket: c.Bucket, Level: c.Level, Synth: true,
		Reason: "lists installed dependencies that do not meet a requirement, to diagnose the failed tests", Why: c.Why}, true
}
