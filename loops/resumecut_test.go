package loops

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/bashfile"
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

// A suite stopped at its share after its tests passed proves Testable
// before the level's other commands go to repair: repairing another
// spelling of the suite (libffi's emscripten pytest, which lacked
// pytest_pyodide) gives the suite no more time, and the state after that
// repair skipped the cut suite, whose proof was lost (libffi ended
// Installable after 2,262 tests passed and none failed). Runnable gets
// its turn in the same setup, and the cut suite resumes after it.
func TestCutSuiteProvesBeforeAnotherSpellingsRepair(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch text {
		case "make check":
			return fakeTimedOut, "a.sh                PASS (3s)\nb.sh                PASS (1s)\nc.sh                PASS (2s)\n"
		case "python -m pytest -q tests/emscripten":
			return 1, "E   ModuleNotFoundError: No module named 'pytest_pyodide'\n1 error in 0.10s\n"
		case "./tool run example.cfg":
			return 0, "done\n"
		}
		return 1, ""
	}
	repairs := 0
	offer := func(fl repair.Failure, _ *bashfile.File) []repair.Proposal {
		repairs++
		return []repair.Proposal{{Diagnosis: repair.Diagnosis{Kind: repair.MissingPythonModule, Subject: "pytest_pyodide"}, Rule: "test", Action: repair.ActionEdit,
			Edits: []bashfile.Edit{{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: []string{"python3-pytest-pyodide"}, Why: testWhy}}}}
	}
	p := pyr(300, documented("make check", pyramid.Unit), documented("python -m pytest -q tests/emscripten", pyramid.Unit), documented("./tool run example.cfg", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: scripted(offer), MaxTime: time.Hour, CommandTimeout: 2 * time.Hour})
	if rep.Level != pyramid.Runnable || rep.TestableEvidence != pyramid.EvidenceSubset {
		t.Fatalf("level %s evidence %s (%s); repairs %+v", rep.Level, rep.TestableEvidence, rep.WhyNotHigher, rep.Repairs)
	}
	if len(rep.Setup) != 1 || repairs != 0 {
		t.Errorf("%d setups, %d repairs asked for: the cut suite's proof was not taken first (%v)", len(rep.Setup), repairs, f.commandsRun())
	}
	if run := f.commandsRun(); run[len(run)-1] != "make check" {
		t.Errorf("the cut suite did not resume after Runnable: %v", run)
	}
}
