package loops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

// Regression tests of the best-state search (found in review with probes
// over the fake engine).

// The repair budget bounds repairs, not rollbacks; a repair the budget
// ends is never run and so never rejected.
func TestBudgetRepairsAreNotRejected(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		if text == "python -m pytest tests/" {
			return 0, "============ 40 passed in 0.50s ============\n"
		}
		return 1, "no\n"
	}
	n := 0
	grow := func(fl repair.Failure, _ *bashfile.File) []repair.Proposal {
		n++
		pkg := "pkg" + strings.Repeat("x", n)
		return []repair.Proposal{{Diagnosis: repair.Diagnosis{Kind: repair.MissingLibrary, Subject: pkg}, Rule: "test", Action: repair.ActionEdit,
			Edits: []bashfile.Edit{{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: []string{pkg}, Why: testWhy}}}}
	}
	p := pyr(40, documented("python -m pytest tests/", pyramid.Unit), documented("./tool x", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: scripted(grow), MaxIterations: 3})
	if rep.Iterations != 3 || len(rep.Setup) != 4 || !strings.Contains(rep.WhyNotHigher, "repair budget spent") {
		t.Fatalf("%d repairs, %d setup runs: %s", rep.Iterations, len(rep.Setup), rep.WhyNotHigher)
	}
	for _, rp := range rep.Repairs {
		if rp.Rejected != "" {
			t.Fatalf("a repair was rejected for the budget: %+v", rp)
		}
	}
}

// A skip recorded in a state that was rolled back does not outlive it,
// and the restored state does not loop through the same repair again.
func TestRollbackRestoresTheStateAndDoesNotCycle(t *testing.T) {
	f := newFake()
	f.command = func(script, text string) (int, string) {
		switch {
		case text == "python -m pytest tests/" && strings.Contains(script, "libweird-dev"):
			return 1, "======= 40 failed in 0.4s =======\n"
		case text == "python -m pytest tests/":
			return 0, "============ 40 passed in 0.50s ============\n"
		}
		return 1, "no\n"
	}
	rec := func(fl repair.Failure, _ *bashfile.File) []repair.Proposal {
		switch fl.Command {
		case "./app x":
			return []repair.Proposal{{Diagnosis: repair.Diagnosis{Kind: repair.MissingLibrary, Subject: "w"}, Rule: "test", Action: repair.ActionEdit,
				Edits: []bashfile.Edit{{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: []string{"libweird-dev"}, Why: testWhy}}}}
		case "python -m pytest tests/":
			return []repair.Proposal{{Diagnosis: repair.Diagnosis{Kind: repair.NeedsNetwork, Subject: "x"}, Rule: "test", Action: repair.ActionRecord, Reason: "needs the network"}}
		}
		return nil
	}
	p := pyr(40, documented("python -m pytest tests/", pyramid.Unit), documented("./app x", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: scripted(rec), MaxIterations: 12})
	if rep.Level != pyramid.Testable || rep.Iterations != 1 {
		t.Fatalf("level %s after %d repairs: %s\n%+v", rep.Level, rep.Iterations, rep.WhyNotHigher, rep.Repairs)
	}
	if last := rep.Commands[len(rep.Commands)-2]; last.Text != "python -m pytest tests/" || !last.Proof {
		t.Fatalf("the restored state did not run its suite again: %+v", rep.Commands)
	}
}

// A suite accepted with a failing test is weaker than a clean one: the
// repair that caused the failure is rolled back.
func TestToleratedIsWeakerThanClean(t *testing.T) {
	f := newFake()
	f.command = func(script, text string) (int, string) {
		switch {
		case text == "ctest" && strings.Contains(script, "libweird-dev"):
			return 8, "95% tests passed, 1 tests failed out of 20\n"
		case text == "ctest":
			return 0, "100% tests passed, 0 tests failed out of 20\n"
		}
		return 1, "no\n"
	}
	p := pyr(20, documented("ctest", pyramid.Unit), documented("./app x", pyramid.Entry))
	rep, out := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: addPackage("./app x", "libweird-dev")})
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	if rep.Tests.Failed != 0 || strings.Contains(string(setup), "libweird-dev") {
		t.Fatalf("tests %+v; the export keeps the repair that broke a test", rep.Tests)
	}
	for _, n := range rep.Notes {
		if strings.Contains(n, "failing test") {
			t.Fatalf("a note of a state that was replaced: %q", n)
		}
	}
}

// A user a repair creates in the build section is no build of the
// project; adopted build commands keep their directory to themselves.
func TestRepairLinesAreNoBuildAndAdoptedDirsStayPut(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		if text == "./build.sh" {
			return 1, "ERROR: this script must not be run as root\n"
		}
		return 1, "no\n"
	}
	file := bashfile.New()
	file.AddPackages(bashfile.Base, testWhy, "build-essential")
	rep, _ := runFake(t, f, RunOptions{File: file, Pyramid: pyr(0, documented("./build.sh", pyramid.Build)), Target: pyramid.Installable, Repairer: repair.RulesBrain{}})
	if rep.Level != pyramid.None {
		t.Fatalf("level %s with nothing built", rep.Level)
	}

	f = newFake()
	f.command = func(_, text string) (int, string) { return 0, "ok\n" }
	c1, c2 := documented("./configure", pyramid.Build), documented("make", pyramid.Build)
	c1.Dir, c2.Dir = "src", "src"
	rep, out := runFake(t, f, RunOptions{File: file, Pyramid: pyr(0, c1, c2), Target: pyramid.Installable, Repairer: scripted(nil)})
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	if rep.Level != pyramid.Installable || !strings.Contains(string(setup), "(cd src && ./configure)") || !strings.Contains(string(setup), "(cd src && make)") {
		t.Fatalf("level %s; build section:\n%s", rep.Level, setup)
	}
}

// A pass the budget cut short is no verdict on the repair before it.
func TestBudgetCutIsNoVerdict(t *testing.T) {
	f := newFake()
	stop := false
	f.setup = func(script, section string) (int, string) {
		if strings.Contains(script, "libweird-dev") && section == "build_project" {
			stop = true
		}
		return 0, ""
	}
	f.command = func(_, text string) (int, string) {
		if text == "python -m pytest tests/" {
			return 0, "============ 40 passed in 0.50s ============\n"
		}
		return 1, "no\n"
	}
	p := pyr(40, documented("python -m pytest tests/", pyramid.Unit), documented("./app x", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: addPackage("./app x", "libweird-dev"), Journal: stopJournal{&stop}})
	if rep.Level != pyramid.Testable || !strings.Contains(rep.WhyNotHigher, "token budget spent") {
		t.Fatalf("level %s: %s", rep.Level, rep.WhyNotHigher)
	}
	for _, rp := range rep.Repairs {
		if rp.Rejected != "" {
			t.Fatalf("rejected for a cut pass: %+v", rp)
		}
	}
}

// stopJournal is a brain journal that asks the run to stop once *stop.
type stopJournal struct{ stop *bool }

func (j stopJournal) Drain() []report.Event        { return nil }
func (j stopJournal) Decisions() []report.Decision { return nil }
func (j stopJournal) Usage() *report.Usage         { return nil }
func (j stopJournal) Stop() string {
	if *j.stop {
		return "token budget spent"
	}
	return ""
}
