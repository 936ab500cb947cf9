package loops

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

// A name lookup that failed "temporarily" during setup is retried once,
// unchanged; the same failure after the retry ends the loop with the reason.
func TestTransientNetworkFailureIsRetriedOnce(t *testing.T) {
	defer func(p time.Duration) { retryPause = p }(retryPause)
	retryPause = 0
	log, err := os.ReadFile(filepath.Join("..", "repair", "testdata", "network", "apt-temporary-failure.log"))
	if err != nil {
		t.Fatal(err)
	}
	o := RunOptions{File: bashfile.New(), Repairer: repair.RulesBrain{}}
	o.defaults()
	r := &runner{o: o, cur: state{file: o.File.Clone(), pyr: o.Pyramid.Clone(), longer: map[string]bool{}, skip: map[string]string{}}, start: time.Now(), rep: &report.Report{},
		traj: newTrajectory(io.Discard, nil), seen: map[string]int{}, rejected: map[string]string{}}
	f := repair.Failure{Phase: repair.PhaseSetup, Section: bashfile.Runtimes, ExitCode: 100, Log: string(log)}

	changed, why := r.repair(context.Background(), f)
	if !changed || r.iter != 1 {
		t.Fatalf("first failure: changed=%v iter=%d (%s), want a retry", changed, r.iter, why)
	}
	if got := r.rep.Repairs[0]; got.Action != repair.ActionRetry || got.Diagnosis.Subject != "deb.debian.org" {
		t.Fatalf("repair record %+v", got)
	}
	changed, why = r.repair(context.Background(), f)
	if changed || !strings.Contains(why, "deb.debian.org is unreachable") {
		t.Fatalf("second failure: changed=%v, why %q; want it recorded", changed, why)
	}

	// An interrupted pause is no retry.
	retryPause = time.Hour
	r.tried, r.rep.Repairs = nil, nil
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if changed, _ := r.repair(ctx, f); changed {
		t.Fatal("retried after the context was cancelled")
	}
}

// The candidates of a level that fail for different reasons are all
// repaired in one round: one more setup run, not one per candidate.
func TestFailuresOfOneRoundAreRepairedTogether(t *testing.T) {
	f := newFake()
	f.command = func(script, text string) (int, string) {
		switch {
		case text == "make test" && !strings.Contains(script, "libmake-dev"):
			return 127, "make: not found\n"
		case !strings.Contains(script, "libcgo-dev"): // make test runs go test -race
			return 2, "go: -race requires cgo\n"
		}
		return 0, "ok  \texample.com/m\t0.1s\n--- PASS: TestA (0.00s)\nPASS\n"
	}
	both := func(fl repair.Failure, file *bashfile.File) []repair.Proposal {
		pkg := map[string]string{"make test": "libmake-dev", "go test -race ./...": "libcgo-dev"}[fl.Command]
		if fl.Phase != repair.PhaseCommand || pkg == "" {
			return nil
		}
		return addPackage(fl.Command, pkg)(fl, file)
	}
	p := pyr(0, documented("make test", pyramid.Unit), documented("go test -race ./...", pyramid.Unit))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: scripted(both)})
	if rep.Level != pyramid.Testable {
		t.Fatalf("level %s; repairs %+v", rep.Level, rep.Repairs)
	}
	if len(rep.Setup) != 2 {
		t.Fatalf("%d setup runs, want 2 (both repairs in one round); repairs %+v", len(rep.Setup), rep.Repairs)
	}
}

// Two failed commands of one round that lack the same program get one
// repair: the second is not answered with the program's other provider
// because the first one's edit already put the usual one in (bbolt: `make
// test` and `make test-failpoint` lacked make; the second got make-guile).
func TestOneNeedOfARoundIsRepairedOnce(t *testing.T) {
	installsMake := regexp.MustCompile(`pkg_install[^\n]* make\b`)
	f := newFake()
	f.command = func(script, text string) (int, string) {
		if !installsMake.MatchString(script) {
			return 127, "bash: line 1: make: command not found\n"
		}
		return 0, "ok  \texample.com/m\t0.1s\n--- PASS: TestA (0.00s)\nPASS\n"
	}
	providers := func(fl repair.Failure, file *bashfile.File) []repair.Proposal {
		pkg := "make"
		if slices.Contains(file.Packages(bashfile.Runtimes), "make") {
			pkg = "make-guile" // what the rule offers once make is in
		}
		return []repair.Proposal{{Diagnosis: repair.Diagnosis{Kind: repair.MissingExecutable, Subject: "make"}, Rule: "test", Action: repair.ActionEdit,
			Edits: []bashfile.Edit{{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: []string{pkg}, Why: testWhy}}}}
	}
	p := pyr(0, documented("make test", pyramid.Unit), documented("make test-failpoint", pyramid.Unit))
	file := bashfile.New()
	file.AddPackages(bashfile.Base, testWhy, "gcc")
	file.Append(bashfile.Build, "cc -o m m.c", testWhy)
	rep, out := runFake(t, f, RunOptions{File: file, Pyramid: p, Target: pyramid.Testable, Repairer: scripted(providers)})
	if rep.Level != pyramid.Testable {
		t.Fatalf("level %s; repairs %+v", rep.Level, rep.Repairs)
	}
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	if strings.Contains(string(setup), "make-guile") || !strings.Contains(string(setup), "make") {
		t.Errorf("another provider of make was added:\n%s", setup)
	}
}
