package loops

import (
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
)

const parallelCTest = `ctest --parallel "$(nproc)" --test-dir build --output-on-failure`

func ctestOutput(passed, failed int) string {
	out := ""
	for i := 1; i <= passed; i++ {
		out += "  1/9 Test  #1: t" + string(rune('a'+i)) + " ....   Passed    0.01 sec\n"
	}
	for i := 1; i <= failed; i++ {
		out += "  2/9 Test  #2: f" + string(rune('a'+i)) + " ....***Failed    0.01 sec\n"
	}
	return out
}

// Tests that collide in parallel and pass alone: the suite runs serially
// next, and that run proves Testable.
func TestParallelCTestCollisionsRunSerially(t *testing.T) {
	f := newFake()
	serial := "ctest --test-dir build --output-on-failure"
	f.command = func(_, text string) (int, string) {
		switch text {
		case parallelCTest:
			return 8, ctestOutput(7, 2) + "78% tests passed, 2 tests failed out of 9\n"
		case "ctest --test-dir build --rerun-failed --output-on-failure":
			return 0, ctestOutput(2, 0) + "100% tests passed, 0 tests failed out of 2\n"
		case serial:
			return 0, ctestOutput(9, 0) + "100% tests passed, 0 tests failed out of 9\n"
		}
		return 1, ""
	}
	p := pyr(9, documented(parallelCTest, pyramid.Unit))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: repair.RulesBrain{}})
	if rep.Level != pyramid.Testable || rep.Tests.Passed != 9 || !slices.Contains(f.commandsRun(), serial) {
		t.Fatalf("level %s tests %+v (%s); commands %v", rep.Level, rep.Tests, rep.WhyNotHigher, f.commandsRun())
	}
}

// Tests that fail alone too are the suite's own failures: no serial run.
func TestParallelCTestRealFailuresAreNotRunSerially(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch text {
		case parallelCTest:
			return 8, ctestOutput(7, 2) + "78% tests passed, 2 tests failed out of 9\n"
		case "ctest --test-dir build --rerun-failed --output-on-failure":
			return 8, ctestOutput(0, 2) + "0% tests passed, 2 tests failed out of 2\n"
		}
		return 0, ctestOutput(9, 0)
	}
	p := pyr(9, documented(parallelCTest, pyramid.Unit))
	runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: repair.RulesBrain{}})
	if slices.Contains(f.commandsRun(), "ctest --test-dir build --output-on-failure") {
		t.Fatalf("the suite ran serially after failing alone too: %v", f.commandsRun())
	}
}

// Tests whose servers found their port taken in parallel run serially
// next, without running the failed ones again first.
func TestParallelCTestPortCollisionsRunSerially(t *testing.T) {
	f := newFake()
	serial := "ctest --test-dir build --output-on-failure"
	f.command = func(_, text string) (int, string) {
		switch text {
		case parallelCTest:
			return 8, ctestOutput(7, 2) + "1: Error: Address already in use\n78% tests passed, 2 tests failed out of 9\n"
		case serial:
			return 0, ctestOutput(9, 0) + "100% tests passed, 0 tests failed out of 9\n"
		}
		return 1, ""
	}
	p := pyr(9, documented(parallelCTest, pyramid.Unit))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: repair.RulesBrain{}})
	ran := f.commandsRun()
	if rep.Level != pyramid.Testable || rep.Tests.Passed != 9 || slices.ContainsFunc(ran, func(s string) bool { return strings.Contains(s, "--rerun-failed") }) {
		t.Fatalf("level %s tests %+v (%s); commands %v", rep.Level, rep.Tests, rep.WhyNotHigher, ran)
	}
}

// Fewer failures alone than in parallel is a collision too: the suite
// runs serially next (its own failures stay, tolerated or repaired).
func TestParallelCTestFewerFailuresAloneRunSerially(t *testing.T) {
	f := newFake()
	serial := "ctest --test-dir build --output-on-failure"
	f.command = func(_, text string) (int, string) {
		switch text {
		case parallelCTest:
			return 8, ctestOutput(7, 2) + "78% tests passed, 2 tests failed out of 9\n"
		case "ctest --test-dir build --rerun-failed --output-on-failure":
			return 8, ctestOutput(1, 1) + "50% tests passed, 1 tests failed out of 2\n"
		case serial:
			return 0, ctestOutput(9, 0) + "100% tests passed, 0 tests failed out of 9\n"
		}
		return 1, ""
	}
	p := pyr(9, documented(parallelCTest, pyramid.Unit))
	runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: repair.RulesBrain{}})
	if !slices.Contains(f.commandsRun(), serial) {
		t.Fatalf("not run serially: %v", f.commandsRun())
	}
}
