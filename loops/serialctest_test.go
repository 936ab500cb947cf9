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

// A parallel ctest that failed: its failures run again alone, and the
// suite runs serially next when fewer fail alone (all pass, or some) or
// when its tests' servers found their port taken (no rerun then); tests
// that fail alone as often are the suite's own failures.
// More failures than maxRerun run again as a sample of that many.
func TestParallelCTestFallsBackToSerial(t *testing.T) {
	const (
		serial = "ctest --test-dir build --output-on-failure"
		rerun  = "ctest --timeout 290 --test-dir build --rerun-failed --output-on-failure"
	)
	for _, tc := range []struct {
		name             string
		parallel, alone  string // outputs; alone "" for a rerun that fails as the parallel run did
		serially, reruns bool
	}{
		{"pass alone", ctestOutput(7, 2), ctestOutput(2, 0), true, true},
		{"fewer fail alone", ctestOutput(7, 2), ctestOutput(1, 1), true, true},
		{"port taken", ctestOutput(7, 2) + "1: Error: Address already in use\n", "", true, false},
		{"fail alone too", ctestOutput(7, 2), ctestOutput(0, 2), false, true},
		// more than maxRerun failed: a sample of them runs again alone
		{"a sample passes alone", ctestOutput(7, 25), ctestOutput(12, 8), true, true},
		{"a sample fails alone too", ctestOutput(7, 25), ctestOutput(0, maxRerun), false, true},
		// as many failures within the tolerated share: the parallel run stands
		{"tolerated", ctestOutput(250, 25), ctestOutput(20, 0), false, false},
	} {
		f := newFake()
		f.command = func(_, text string) (int, string) {
			switch text {
			case parallelCTest:
				return 8, tc.parallel
			case rerun:
				return 8, tc.alone
			case pyramid.FailedCTestSample(pyramid.Command{Text: parallelCTest}, maxRerun).Text:
				return 8, tc.alone
			case serial:
				return 0, ctestOutput(9, 0)
			}
			return 1, ""
		}
		p := pyr(9, documented(parallelCTest, pyramid.Unit))
		rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: repair.RulesBrain{}})
		ran := f.commandsRun()
		if slices.Contains(ran, serial) != tc.serially || slices.ContainsFunc(ran, func(s string) bool {
			return strings.Contains(s, "--rerun-failed") || strings.Contains(s, "LastTestsFailed.log")
		}) != tc.reruns {
			t.Errorf("%s: commands %v", tc.name, ran)
		}
		if tc.serially && (rep.Level != pyramid.Testable || rep.Tests.Passed != 9) {
			t.Errorf("%s: level %s tests %+v (%s)", tc.name, rep.Level, rep.Tests, rep.WhyNotHigher)
		}
	}
}
