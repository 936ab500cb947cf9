package loops

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

// rsyncLike is a suite whose tests all pass and whose runner then fails
// the run on its own check (a skip list the container does not match).
const rsyncLike = "PASS    alpha\nPASS    beta\nSKIP    gamma (no acl support)\nPASS    delta\n" +
	"----- overall results:\n      3 passed\n      1 skipped\noverall result is 1\nmake: *** [Makefile:446: check] Error 1\n"

// smokeThen is a fake where `./app --version`, a smoke probe, passes and
// text exits with exit and out; the probe is returned for the pyramid.
func smokeThen(text string, exit int, out string) (*fakeEngine, pyramid.Command) {
	f := newFake()
	f.command = func(_, t string) (int, string) {
		switch t {
		case "./app --version":
			return 0, "app 3.4\n"
		case text:
			return exit, out
		}
		return 1, ""
	}
	return f, pyramid.Command{Text: "./app --version", Bucket: pyramid.Smoke, Reason: "the program starts", Why: []pyramid.Provenance{{Source: "built"}}}
}

// A smoke probe that passes first does not stand for the level when a
// whole suite after it ran its tests and none failed though its runner
// failed the run: that suite is the proof, graded as the suite it is,
// and the report says what failed was the runner's check, not a test.
func TestWeakPassIsOutrankedBySuiteTheRunnerFailed(t *testing.T) {
	f, smoke := smokeThen("make check", 2, rsyncLike)
	p := pyr(4, smoke, documented("make check", pyramid.Unit))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: repair.RulesBrain{}})
	if rep.Level != pyramid.Testable || rep.TestableEvidence != pyramid.EvidenceSuite || rep.Tests.Passed != 3 {
		t.Fatalf("level %s evidence %s tests %+v (%s)", rep.Level, rep.TestableEvidence, rep.Tests, rep.WhyNotHigher)
	}
	i := slices.IndexFunc(rep.Commands, func(c report.CommandResult) bool { return c.Text == "make check" })
	if i < 0 || !rep.Commands[i].Proof || !rep.Commands[i].Tolerated || !strings.HasPrefix(rep.Commands[i].Verdict, "accepted, every test counted passed") {
		t.Fatalf("make check: %+v", rep.Commands)
	}
	if !slices.ContainsFunc(rep.Notes, func(n string) bool { return strings.Contains(n, "runner's own check") }) {
		t.Errorf("notes %q", rep.Notes)
	}
}

// The same for a suite stopped at its time limit after its tests passed:
// a part of the suite (subset) is more than the program starting (smoke).
// A part that failed more than one test in ten is not.
func TestWeakPassIsOutrankedByACutSuite(t *testing.T) {
	for _, tt := range []struct {
		name string
		out  string
		want string
	}{
		{"all passed", "PASS    alpha\nPASS    beta\nPASS    gamma\n", pyramid.EvidenceSubset},
		{"two of three failed", "PASS    alpha\nFAIL    beta\nFAIL    gamma\n", pyramid.EvidenceSmoke},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, smoke := smokeThen("./runtests.py", fakeTimedOut, tt.out)
			p := pyr(400, smoke, documented("./runtests.py", pyramid.Unit))
			rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: repair.RulesBrain{}})
			if rep.Level != pyramid.Testable || rep.TestableEvidence != tt.want {
				t.Fatalf("level %s evidence %s (%s) %+v", rep.Level, rep.TestableEvidence, rep.WhyNotHigher, rep.Commands)
			}
		})
	}
}

// After the weak pass, a suite that nearly passed ends the search as it
// does before one: it is repaired or accepted, not followed by another
// spelling of the suite.
func TestNearlyPassingSuiteAfterAWeakPassEndsTheSearch(t *testing.T) {
	f, smoke := smokeThen("make check", 2, rsyncLike)
	p := pyr(4, smoke, documented("make check", pyramid.Unit), documented("./runtests.py", pyramid.Unit))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: repair.RulesBrain{}})
	if rep.TestableEvidence != pyramid.EvidenceSuite || slices.Contains(f.commandsRun(), "./runtests.py") {
		t.Fatalf("evidence %s, commands %v", rep.TestableEvidence, f.commandsRun())
	}
}

// A suite cut after 135 tests passed is more than a one-test part that
// passed after it (mosquitto): same grade, no failure, more tests.
func TestCutSuiteOutranksAOneTestPart(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch text {
		case "ctest --test-dir build":
			return fakeTimedOut, strings.Repeat("1/300 Test #1: t ...   Passed    0.20 sec\n", 135)
		case "ctest --test-dir build -R '^(t1)$'":
			return 0, "1/1 Test #1: t1 ...   Passed    0.20 sec\n\n100% tests passed, 0 tests failed out of 1\n"
		}
		return 1, ""
	}
	p := pyr(300, documented("ctest --test-dir build", pyramid.Unit), documented("ctest --test-dir build -R '^(t1)$'", pyramid.Unit))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: repair.RulesBrain{}, MaxTime: time.Hour, CommandTimeout: 2 * time.Hour})
	if rep.TestableEvidence != pyramid.EvidenceSubset || rep.TestsRun != 135 {
		t.Fatalf("evidence %s, %d tests (%s)", rep.TestableEvidence, rep.TestsRun, rep.WhyNotHigher)
	}
}

// After a smoke pass, the suite needs two repairs one after the other:
// the second comes before the smoke probe runs again, and that state is
// not judged weaker for it (it was never judged at all); the search goes
// on from it, and the suite proves Testable with both repairs (trio:
// sniffio from the next release, then its test modules' trustme).
func TestChainedSuiteRepairsAfterASmokePass(t *testing.T) {
	f, smoke := smokeThen("", 0, "")
	f.command = func(script, t string) (int, string) {
		switch {
		case t == "./app --version":
			return 0, "app 3.4\n"
		case strings.Contains(script, "libone") && strings.Contains(script, "libtwo"):
			return 0, "Testsuite summary for app 1.0\n# TOTAL: 5\n# PASS:  5\n# FAIL:  0\n"
		case strings.Contains(script, "libone"):
			return 1, "ModuleNotFoundError: No module named 'two'\n"
		}
		return 1, "FAILED: 5 tests did not run\n"
	}
	brain := scripted(func(fl repair.Failure, file *bashfile.File) []repair.Proposal {
		if fl.Phase != repair.PhaseCommand || fl.Command != "make check" {
			return nil
		}
		pkg := "libone"
		if file.Contains("libone") || slices.Contains(file.Packages(bashfile.Runtimes), "libone") || slices.Contains(file.Packages(bashfile.Build), "libone") {
			pkg = "libtwo"
		}
		return []repair.Proposal{{Diagnosis: repair.Diagnosis{Kind: repair.MissingLibrary, Subject: pkg}, Rule: "test", Action: repair.ActionEdit,
			Edits: []bashfile.Edit{{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: []string{pkg}, Why: testWhy}}}}
	})
	p := pyr(5, documented("make check", pyramid.Unit), smoke)
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: brain})
	if rep.Level != pyramid.Testable || rep.TestableEvidence != pyramid.EvidenceSuite || rep.Tests.Passed != 5 {
		t.Fatalf("level %s evidence %s tests %+v (%s)\n%+v\n%+v", rep.Level, rep.TestableEvidence, rep.Tests, rep.WhyNotHigher, rep.History, rep.Repairs)
	}
	if !slices.ContainsFunc(rep.History, func(h report.LevelStep) bool { return h.Unjudged != "" }) {
		t.Errorf("no state marked not judged: %+v", rep.History)
	}
}
