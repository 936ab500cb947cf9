package loops

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
)

// A whole suite cut at its share proves Testable on a part; once Runnable
// is proved, it runs again with the time left, and its pass as the suite
// becomes the proof. When it fails again the part stands.
func TestCutSuiteResumedAfterRunnable(t *testing.T) {
	for _, second := range []string{"passes", "fails"} {
		f := newFake()
		runs := 0
		f.command = func(_, text string) (int, string) {
			switch text {
			case "ctest --test-dir build":
				runs++
				if runs == 1 {
					return fakeTimedOut, strings.Repeat("1/300 Test #1: t ...   Passed    0.20 sec\n", 135)
				}
				if second == "fails" {
					return fakeTimedOut, strings.Repeat("1/300 Test #1: t ...   Passed    0.20 sec\n", 200)
				}
				return 0, strings.Repeat("1/300 Test #1: t ...   Passed    0.20 sec\n", 300) + "\n100% tests passed, 0 tests failed out of 300\n"
			case "./build/prog in.txt":
				return 0, "done\n"
			}
			return 1, ""
		}
		p := pyr(300, documented("ctest --test-dir build", pyramid.Unit), documented("./build/prog in.txt", pyramid.Entry))
		rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: repair.RulesBrain{}, MaxTime: time.Hour, CommandTimeout: 2 * time.Hour})
		if rep.Level != pyramid.Runnable {
			t.Fatalf("%s: level %s (%s): %v", second, rep.Level, rep.WhyNotHigher, f.commandsRun())
		}
		if got := f.commandsRun(); !slices.Equal(got[len(got)-2:], []string{"./build/prog in.txt", "ctest --test-dir build"}) {
			t.Fatalf("%s: the cut suite did not run again after Runnable: %v", second, got)
		}
		var proofs []string
		for _, c := range rep.Commands {
			if c.Proof {
				proofs = append(proofs, c.Text)
			}
		}
		switch second {
		case "passes":
			if rep.TestableEvidence != pyramid.EvidenceSuite || rep.TestsRun != 300 || len(proofs) != 2 || !rep.Commands[len(rep.Commands)-1].Proof {
				t.Errorf("the resumed suite is not the proof: evidence %s, %d tests, proofs %v", rep.TestableEvidence, rep.TestsRun, proofs)
			}
			if slices.ContainsFunc(rep.Notes, func(n string) bool { return strings.HasPrefix(n, "testable on part") }) {
				t.Errorf("the part's note stayed: %q", rep.Notes)
			}
		case "fails":
			if rep.TestableEvidence != pyramid.EvidenceSubset || rep.TestsRun != 135 || !rep.Commands[0].Proof {
				t.Errorf("the part's proof changed: evidence %s, %d tests, proofs %v", rep.TestableEvidence, rep.TestsRun, proofs)
			}
			if !slices.ContainsFunc(rep.Notes, func(n string) bool { return strings.Contains(n, "ran again after Runnable") }) {
				t.Errorf("the report does not say the resumed suite failed: %q", rep.Notes)
			}
		}
	}
}

// A suite cut before its tests reported, whose parts fail, leaves the
// time kept for Runnable unused: the cut suite resumes with it, and its
// pass proves Testable; Runnable then gets its turn.
func TestCutSuiteResumedWhenNothingElsePassed(t *testing.T) {
	f := newFake()
	runs := 0
	f.command = func(_, text string) (int, string) {
		switch text {
		case "make check":
			if runs++; runs == 1 {
				return fakeTimedOut, "CC       test/t-001.o\nCC       test/t-002.o\n"
			}
			return 0, "PASS: t-001\nPASS: t-002\n# TOTAL: 2\n# PASS:  2\n# FAIL:  0\n"
		case "make check TESTS=t-001":
			return 2, "make: *** [Makefile:100: check] Error 2\n"
		case "./prog in.txt":
			return 0, "done\n"
		}
		return 1, ""
	}
	p := pyr(2, documented("make check", pyramid.Unit), documented("make check TESTS=t-001", pyramid.Unit), documented("./prog in.txt", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: repair.RulesBrain{}, MaxTime: time.Hour, CommandTimeout: 2 * time.Hour})
	if rep.Level != pyramid.Runnable || rep.TestableEvidence != pyramid.EvidenceSuite {
		t.Fatalf("level %s evidence %s (%s): %v", rep.Level, rep.TestableEvidence, rep.WhyNotHigher, f.commandsRun())
	}
	if got := f.commandsRun(); !slices.Equal(got[len(got)-2:], []string{"make check", "./prog in.txt"}) || runs != 2 {
		t.Errorf("commands %v", got)
	}
}

// Resumed and stopped again, after its tests passed: that part proves
// Testable, graded subset.
func TestCutSuiteResumedAndCutAgainProvesItsPart(t *testing.T) {
	f := newFake()
	runs := 0
	f.command = func(_, text string) (int, string) {
		switch text {
		case "make check":
			if runs++; runs == 1 {
				return fakeTimedOut, "CC       test/t-001.o\n"
			}
			return fakeTimedOut, strings.Repeat("PASS: t-001\n", 40)
		case "./prog in.txt":
			return 0, "done\n"
		}
		return 1, ""
	}
	p := pyr(300, documented("make check", pyramid.Unit), documented("./prog in.txt", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: repair.RulesBrain{}, MaxTime: time.Hour, CommandTimeout: 2 * time.Hour})
	if rep.Level != pyramid.Runnable || rep.TestableEvidence != pyramid.EvidenceSubset || rep.TestsRun != 40 || runs != 2 {
		t.Fatalf("level %s evidence %s, %d tests, %d runs (%s)", rep.Level, rep.TestableEvidence, rep.TestsRun, runs, rep.WhyNotHigher)
	}
}
