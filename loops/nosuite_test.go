package loops

import (
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
)

// A suite that runs no test here (ctest finds none and no repair turns
// them on: libwebp's fuzz targets need fuzztest from GitHub) leaves the
// program's real use as Testable's smoke probe, and Runnable is proved
// after it; a suite whose tests ran and failed is not hidden that way.
func TestSuiteThatCannotRunHereFallsBackToSmoke(t *testing.T) {
	disabled := func(f repair.Failure, _ *bashfile.File) []repair.Proposal {
		if f.Phase != repair.PhaseCommand || f.Command != "ctest --test-dir build" {
			return nil
		}
		return []repair.Proposal{{Diagnosis: repair.Diagnosis{Kind: repair.TestsDisabled}, Rule: "test", Action: repair.ActionNone, Reason: "no option turns them on"}}
	}
	for _, tc := range []struct {
		name      string
		code      int
		out       string
		wantLevel pyramid.Level
	}{
		{"no test to run", 0, "No tests were found!!!\n", pyramid.Runnable},
		{"a test failed", 8, "1/1 Test #1: t1 ...***Failed  0.01 sec\n\n0% tests passed, 1 tests failed out of 1\n", pyramid.Installable},
	} {
		f := newFake()
		f.command = func(_, text string) (int, string) {
			switch text {
			case "ctest --test-dir build":
				return tc.code, tc.out
			case "./app in.txt":
				return 0, "converted in.txt\n"
			}
			return 1, "no\n"
		}
		p := pyr(5, documented("ctest --test-dir build", pyramid.Unit), documented("./app in.txt", pyramid.Entry))
		rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Runnable, Repairer: scripted(disabled)})
		if rep.Level != tc.wantLevel {
			t.Errorf("%s: level %s, why %s; ran %v", tc.name, rep.Level, rep.WhyNotHigher, f.commandsRun())
			continue
		}
		if tc.wantLevel == pyramid.Runnable && (rep.TestableEvidence != pyramid.EvidenceSmoke || !strings.Contains(strings.Join(rep.Notes, "\n"), "no test of the suite could run here")) {
			t.Errorf("%s: evidence %s, notes %q", tc.name, rep.TestableEvidence, rep.Notes)
		}
	}
}

// A program whose run timed out saying it serves on a port is run again as
// a server probe, which proves Runnable and joins the pyramid.
func TestTimedOutServerIsServedAgain(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch {
		case text == "python -m pytest -q":
			return 0, "============ 3 passed in 0.50s ============\n"
		case text == "python -m web.hello":
			return fakeTimedOut, "ENGINE Serving on http://127.0.0.1:8080\n"
		case strings.Contains(text, "( python -m web.hello )") && strings.Contains(text, "127.0.0.1:8080"):
			return 0, "ENGINE Serving on http://127.0.0.1:8080\n"
		}
		return 1, "no\n"
	}
	p := pyr(3, documented("python -m pytest -q", pyramid.Unit), documented("python -m web.hello", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Runnable, Repairer: repair.RulesBrain{}})
	ran := f.commandsRun()
	if rep.Level != pyramid.Runnable || rep.Runnable != "python -m web.hello" || !strings.Contains(ran[len(ran)-1], "http://127.0.0.1:8080/") {
		t.Fatalf("level %s, runnable %q, why %s; ran %v", rep.Level, rep.Runnable, rep.WhyNotHigher, ran)
	}
}

// A smoke probe mined before the build (sundown's --version, which it
// reads as an input file) is no test of the project's: the built
// program's real uses still stand in as Testable's runtime probe.
func TestMinedSmokeLeavesTheBuiltProbes(t *testing.T) {
	f := newFake()
	f.built = "x objs/demo\n"
	f.command = func(_, text string) (int, string) {
		switch {
		case strings.HasSuffix(text, "./objs/demo --version") || strings.HasSuffix(text, "./objs/demo --help"):
			return 1, "Unable to open input file \"--version\": No such file or directory\n"
		case strings.Contains(text, "./objs/demo"):
			return 0, "<p>hello world</p>\n"
		}
		return 127, "command not found\n"
	}
	smoke := pyramid.Command{Text: "./objs/demo --version", Bucket: pyramid.Smoke, Synth: true, Reason: "asks the built program for its version",
		Why: []pyramid.Provenance{{Source: "synthesized"}}}
	rep, _ := runFake(t, f, RunOptions{Name: "demo", Repo: t.TempDir(), File: builtFile(), Pyramid: pyr(0, smoke), Repairer: repair.RulesBrain{}})
	if rep.Level != pyramid.Runnable {
		t.Fatalf("level %s: %s; commands %v", rep.Level, rep.WhyNotHigher, f.commandsRun())
	}
}
