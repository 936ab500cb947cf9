package loops

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
)

// A documented use that never ends (an animation, a REPL) is held to
// useTimeout and not retried longer: the next candidate gets its turn
// within the budget.
func TestUseThatNeverEndsGivesWayToTheNext(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch text {
		case "make test":
			return 0, "Ran 12 tests in 0.1s\n\nOK\n"
		case "python -m demo.spinner":
			return fakeTimedOut, "⠋ working...\n⠙ working...\n"
		case "python -m demo.tree":
			return 0, "root\n└── leaf\n"
		}
		return 1, ""
	}
	p := pyr(12, documented("make test", pyramid.Unit), documented("python -m demo.spinner", pyramid.Entry), documented("python -m demo.tree", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: repair.RulesBrain{}, MaxTime: time.Hour})
	if rep.Level != pyramid.Runnable {
		t.Fatalf("level %s (%s), commands %v", rep.Level, rep.WhyNotHigher, f.commandsRun())
	}
	if got := f.limits["python -m demo.spinner"][0]; got != useTimeout {
		t.Errorf("a documented use ran with a %s limit, want %s", got, useTimeout)
	}
	if n := slices.Index(f.commandsRun(), "python -m demo.spinner"); n < 0 || slices.Contains(f.commandsRun()[n+1:], "python -m demo.spinner") {
		t.Errorf("the endless use ran again: %v", f.commandsRun())
	}
	if f.limits["make test"][1] != idleTimeout || f.limits["make test"][0] <= useTimeout {
		t.Errorf("the test suite's limits: %v", f.limits["make test"])
	}
}

// A test suite that falls silent is stopped by its idle limit, said to
// hang, and not retried with a longer limit.
func TestHungSuiteIsNotRetriedLonger(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		if text == "make check" {
			return fakeIdle, "make -C broker test\n./broker_test.py\n"
		}
		return 1, ""
	}
	p := pyr(3, documented("make check", pyramid.Unit))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: repair.RulesBrain{}})
	if rep.Level != pyramid.Installable || !strings.Contains(rep.WhyNotHigher, "hung: no output for") {
		t.Fatalf("level %s, why %q", rep.Level, rep.WhyNotHigher)
	}
	runs := 0
	for _, c := range f.commandsRun() {
		if c == "make check" {
			runs++
		}
	}
	if runs != 1 || !rep.Commands[0].Idle {
		t.Fatalf("the hung suite ran %d times (idle %v): %v", runs, rep.Commands[0].Idle, f.commandsRun())
	}
}

// A suite stopped after tests passed and none failed proves Testable on
// that part, graded subset, and says where it stopped.
func TestSuiteCutShortProvesASubset(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		if text == "make test" {
			return fakeIdle, "Run Summary:    Type  Total    Ran Passed Failed Inactive\n              suites      1      1    n/a      0        0\n               tests     27     27     27      0        0\n./msg_sequence_test.py\n"
		}
		return 1, ""
	}
	p := pyr(300, documented("make test", pyramid.Unit))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: repair.RulesBrain{}})
	if rep.Level != pyramid.Testable || rep.TestableEvidence != pyramid.EvidenceSubset || rep.TestsRun != 27 {
		t.Fatalf("level %s evidence %s tests %d (%s)", rep.Level, rep.TestableEvidence, rep.TestsRun, rep.WhyNotHigher)
	}
	c := rep.Commands[0]
	if !c.Cut || !c.Proof || !strings.HasPrefix(c.Verdict, "accepted, cut short: hung") {
		t.Fatalf("the proving command: %+v", c)
	}
	if !slices.ContainsFunc(rep.Notes, func(n string) bool { return strings.Contains(n, "./msg_sequence_test.py") }) {
		t.Errorf("the report does not say where the suite stopped: %q", rep.Notes)
	}
}

// A suite stopped after nearly all its tests passed proves Testable on
// that part, like a whole run would (pyramid.Tolerable): graded subset,
// the failures said. One stopped after more than one in ten failed proves
// nothing.
func TestSuiteCutAfterAFailure(t *testing.T) {
	for _, tt := range []struct {
		name         string
		passed, fail int
		want         pyramid.Level
	}{
		{"one failure in 27", 26, 1, pyramid.Testable},
		{"four failures in 27", 23, 4, pyramid.Installable},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake()
			f.command = func(_, text string) (int, string) {
				if text == "make test" {
					return fakeTimedOut, fmt.Sprintf("Run Summary:    Type  Total    Ran Passed Failed Inactive\n               tests     27     27     %d      %d        0\n", tt.passed, tt.fail)
				}
				return 1, ""
			}
			p := pyr(300, documented("make test", pyramid.Unit))
			rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: repair.RulesBrain{}})
			if rep.Level != tt.want {
				t.Fatalf("level %s evidence %s (%s)", rep.Level, rep.TestableEvidence, rep.WhyNotHigher)
			}
			if tt.want == pyramid.Testable && (rep.TestableEvidence != pyramid.EvidenceSubset ||
				!slices.ContainsFunc(rep.Notes, func(n string) bool { return strings.Contains(n, "26 tests passed and 1 failed before") })) {
				t.Errorf("evidence %s, notes %q", rep.TestableEvidence, rep.Notes)
			}
		})
	}
}

// A suite longer than the run leaves the Runnable tier its share of the
// time: it is cut at two thirds of what is left, proves Testable on the
// part that ran, and the program's use still gets its turn.
func TestLongSuiteLeavesRunnableItsShare(t *testing.T) {
	f := newFake()
	var first time.Duration
	f.command = func(_, text string) (int, string) {
		switch text {
		case "make test":
			if first == 0 {
				first = f.limits["make test"][0]
			}
			return fakeTimedOut, "a.sh                PASS (3s)\nb.sh                PASS (1s)\nc.sh                PASS (2s)\n"
		case "./tool run example.cfg":
			return 0, "done\n"
		}
		return 1, ""
	}
	p := pyr(300, documented("make test", pyramid.Unit), documented("./tool run example.cfg", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: repair.RulesBrain{}, MaxTime: time.Hour, CommandTimeout: 2 * time.Hour})
	if rep.Level != pyramid.Runnable || rep.TestableEvidence != pyramid.EvidenceSubset {
		t.Fatalf("level %s evidence %s (%s)", rep.Level, rep.TestableEvidence, rep.WhyNotHigher)
	}
	if first > 41*time.Minute || first < 39*time.Minute {
		t.Errorf("the suite's limit: %s, want two thirds of the hour left", first)
	}
	// not retried with a longer limit before Runnable; after it, resumed
	// with all the time left (resumecut.go)
	if got, want := f.commandsRun(), []string{"make test", "./tool run example.cfg", "make test"}; !slices.Equal(got, want) {
		t.Errorf("commands %v, want %v", got, want)
	}
	if got := f.limits["make test"][0]; got < 58*time.Minute {
		t.Errorf("the resumed suite's limit: %s, want the time left", got)
	}
}

// A suite cut at its share before any test ran (its test build did not
// fit) is not followed by other spellings of the whole suite, which fit
// less; a part of it still runs, proves Testable, and the Runnable tier
// gets its turn.
func TestCutSuiteLeavesItsPartNotItsSpellings(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch text {
		case "ctest --test-dir build":
			return fakeTimedOut, "[ 41%] Building CXX object tests/CMakeFiles/test-a.dir/src/unit-a.cpp.o\n"
		case "ctest --test-dir build -R '^(test-a)$'":
			return 0, "1/1 Test #1: test-a ...   Passed    0.20 sec\n\n100% tests passed, 0 tests failed out of 1\n"
		case "./tool run example.cfg":
			return 0, "done\n"
		}
		return 1, ""
	}
	p := pyr(300, documented("ctest --test-dir build", pyramid.Unit), documented("ctest --test-dir build -LE git_required", pyramid.Unit),
		documented("ctest --test-dir build -R '^(test-a)$'", pyramid.Unit), documented("./tool run example.cfg", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: repair.RulesBrain{}, MaxTime: time.Hour, CommandTimeout: 2 * time.Hour})
	if rep.Level != pyramid.Runnable || rep.TestableEvidence != pyramid.EvidenceSubset {
		t.Fatalf("level %s evidence %s (%s)", rep.Level, rep.TestableEvidence, rep.WhyNotHigher)
	}
	if slices.Contains(f.commandsRun(), "ctest --test-dir build -LE git_required") {
		t.Errorf("another spelling of the cut suite ran: %v", f.commandsRun())
	}
	// the share bound it: no retry with a longer limit (a second setup);
	// once Runnable is proved it resumes with the time left (resumecut.go)
	run := f.commandsRun()
	before := run[:slices.Index(run, "./tool run example.cfg")]
	if n := len(slices.DeleteFunc(slices.Clone(before), func(c string) bool { return c != "ctest --test-dir build" })); n != 1 || len(rep.Setup) != 1 || run[len(run)-1] != "ctest --test-dir build" {
		t.Errorf("the cut suite ran %d times in %d setups: %v", n, len(rep.Setup), f.commandsRun())
	}
}

// A part of the suite behind the same whole build as the cut command
// (pybind11's `cmake --build build && pytest tests/extra_setuptools`)
// does not run either: that build did not finish in more time; a part
// with a build of its own does.
func TestCutBuildIsNotRepeatedForAPart(t *testing.T) {
	const build = "cmake --build build"
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch text {
		case build + " && python -m pytest -q":
			return fakeTimedOut, "[ 41%] Building CXX object tests/CMakeFiles/pybind11_tests.dir/test_a.cpp.o\n"
		case "cmake --build build --target test-a && ctest --test-dir build -R '^(test-a)$'":
			return 0, "1/1 Test #1: test-a ...   Passed    0.20 sec\n\n100% tests passed, 0 tests failed out of 1\n"
		case "./tool run example.cfg":
			return 0, "done\n"
		}
		return 1, ""
	}
	p := pyr(300, documented(build+" && python -m pytest -q", pyramid.Unit), documented(build+" && pytest tests/extra_setuptools", pyramid.Unit),
		documented("cmake --build build --target test-a && ctest --test-dir build -R '^(test-a)$'", pyramid.Unit), documented("./tool run example.cfg", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: repair.RulesBrain{}, MaxTime: time.Hour, CommandTimeout: 2 * time.Hour})
	if rep.Level != pyramid.Runnable || rep.TestableEvidence != pyramid.EvidenceSubset {
		t.Fatalf("level %s evidence %s (%s)", rep.Level, rep.TestableEvidence, rep.WhyNotHigher)
	}
	if slices.Contains(f.commandsRun(), build+" && pytest tests/extra_setuptools") {
		t.Errorf("a part behind the cut build ran: %v", f.commandsRun())
	}
}

// A command that takes the sandbox down with it (the container's main
// process killed) ends the run at the level proved so far, saying so,
// instead of an engine error.
func TestSandboxThatStopsEndsTheRunAtItsLevel(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch text {
		case "make test":
			return 0, "Ran 12 tests in 0.1s\n\nOK\n"
		case "demo --logs":
			return fakeStopped, "tailing...\n"
		}
		return 1, ""
	}
	p := pyr(12, documented("make test", pyramid.Unit), documented("demo --logs", pyramid.Entry), documented("demo run", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: repair.RulesBrain{}, MaxTime: time.Hour})
	if rep.Level != pyramid.Testable || !strings.Contains(rep.WhyNotHigher, "the sandbox stopped after `demo --logs` ran") {
		t.Fatalf("level %s, why %q, commands %v", rep.Level, rep.WhyNotHigher, f.commandsRun())
	}
}

// A use found to run until stopped is not started again in the states a
// later repair makes: it would spend its time limit again in each.
func TestUseThatNeverEndsIsNotRunAgainAfterARepair(t *testing.T) {
	f := newFake()
	f.command = func(script, text string) (int, string) {
		switch text {
		case "make test":
			return 0, "Ran 12 tests in 0.1s\n\nOK\n"
		case "demo --follow":
			return fakeTimedOut, "tick\ntick\n"
		case "./demo render in.txt":
			if strings.Contains(script, "libdemo") {
				return 0, "rendered 3 pages\n"
			}
			return 1, "demo: error while loading shared libraries: libdemo.so.1\n"
		}
		return 1, ""
	}
	p := pyr(12, documented("make test", pyramid.Unit), documented("demo --follow", pyramid.Entry), documented("./demo render in.txt", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: addPackage("./demo render in.txt", "libdemo1"), MaxTime: time.Hour})
	if rep.Level != pyramid.Runnable {
		t.Fatalf("level %s (%s), commands %v", rep.Level, rep.WhyNotHigher, f.commandsRun())
	}
	runs := 0
	for _, c := range f.commandsRun() {
		if c == "demo --follow" {
			runs++
		}
	}
	if runs != 1 {
		t.Errorf("the endless use ran %d times: %v", runs, f.commandsRun())
	}
}

// An interactive program (fzf's documented `fzf --height 40%`) fails
// without a terminal, is given one, and then waits for a user: its run on
// the pseudo-terminal is held to ttyTimeout, and its other documented uses
// are not each given a terminal and a full limit in turn; its version
// still proves it starts.
func TestInteractiveProgramIsNotGivenATerminalPerUse(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch {
		case text == "make test":
			return 0, "Ran 12 tests in 0.1s\n\nOK\n"
		case strings.HasPrefix(text, "[tty] tui "):
			return fakeTimedOut, "\x1b[?25l> \x1b[K"
		case text == "tui --version":
			return 0, "tui 1.0\n"
		case strings.HasPrefix(text, "tui "):
			return 2, "inappropriate ioctl for device\n"
		}
		return 1, ""
	}
	p := pyr(12, documented("make test", pyramid.Unit), documented("tui --height 40%", pyramid.Entry),
		documented("tui --popup center", pyramid.Entry), documented("tui --height -3", pyramid.Entry),
		pyramid.Command{Text: "tui --version", Bucket: pyramid.Entry, Synth: true, Reason: "last resort: asks the program for its version"})
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: repair.RulesBrain{}, MaxTime: time.Hour})
	if rep.Level != pyramid.Runnable {
		t.Fatalf("level %s (%s), commands %v", rep.Level, rep.WhyNotHigher, f.commandsRun())
	}
	var onTTY []string
	for _, c := range f.commandsRun() {
		if strings.HasPrefix(c, "[tty] ") {
			onTTY = append(onTTY, c)
		}
	}
	if len(onTTY) != 1 {
		t.Errorf("uses run on a pseudo-terminal: %v, want one", onTTY)
	}
	if got := f.limits["[tty] tui --height 40%"][0]; got != ttyTimeout {
		t.Errorf("the terminal run's limit: %s, want %s", got, ttyTimeout)
	}
}

// A Testable ctest stops a silent test before the idle limit would end
// the whole suite (pyramid.CTestTimeout).
func TestCTestTimeoutIsUnderTheIdleLimit(t *testing.T) {
	if time.Duration(pyramid.CTestTimeout)*time.Second >= idleTimeout {
		t.Fatalf("pyramid.CTestTimeout %ds is not under the idle limit %s", pyramid.CTestTimeout, idleTimeout)
	}
}
