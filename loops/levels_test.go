package loops

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

var testWhy = bashfile.Provenance{Source: "test"}

// builtFile is a Bash File whose build section builds the project.
func builtFile() *bashfile.File {
	f := bashfile.New()
	f.AddPackages(bashfile.Base, testWhy, "gcc", "make")
	f.Append(bashfile.Build, "make", testWhy)
	return f
}

func documented(text string, b pyramid.Bucket) pyramid.Command {
	return pyramid.Command{Text: text, Bucket: b, Reason: "the README says so", Why: []pyramid.Provenance{{Source: "readme", File: "README.md"}}}
}

func pyr(testsFound int, cs ...pyramid.Command) *pyramid.Pyramid {
	p := &pyramid.Pyramid{TestsFound: testsFound}
	for _, c := range cs {
		p.Add(c)
	}
	return p
}

// addPackage proposes a package for a failing command.
func addPackage(command, pkg string) scripted {
	return func(f repair.Failure, _ *bashfile.File) []repair.Proposal {
		if f.Phase != repair.PhaseCommand || f.Command != command {
			return nil
		}
		return []repair.Proposal{{Diagnosis: repair.Diagnosis{Kind: repair.MissingLibrary, Subject: pkg}, Rule: "test", Action: repair.ActionEdit,
			Edits: []bashfile.Edit{{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: []string{pkg}, Why: testWhy}}}}
	}
}

// A repair for the Runnable candidate breaks the Bash File after Testable
// was proved: it is rolled back, rejected and not tried again, and the run
// reports Testable with the script that proved it.
func TestRepairThatBreaksSetupAfterTestableIsRolledBack(t *testing.T) {
	f := newFake()
	f.setup = func(script, section string) (int, string) {
		if section == "build_project" && strings.Contains(script, "badpkg") { // a package a command needs is installed after the build
			return 100, "E: Unable to locate package badpkg\n"
		}
		return 0, ""
	}
	f.command = func(_, text string) (int, string) {
		switch text {
		case "python -m pytest tests/":
			return 0, "============ 40 passed in 0.50s ============\n"
		case "./tool render in.txt":
			return 1, "tool: cannot load libbad\n"
		}
		return 127, "not found\n"
	}
	p := pyr(42, documented("python -m pytest tests/", pyramid.Unit), documented("./tool render in.txt", pyramid.Entry))
	rep, out := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: addPackage("./tool render in.txt", "badpkg")})

	if rep.Level != pyramid.Testable || rep.TestableEvidence != pyramid.EvidenceSuite {
		t.Fatalf("level %s (%s): %s", rep.Level, rep.TestableEvidence, rep.WhyNotHigher)
	}
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	if strings.Contains(string(setup), "badpkg") || !strings.Contains(string(setup), "make") {
		t.Fatalf("exported setup.sh is not the state that proved testable:\n%s", setup)
	}
	var rejected, notAgain int
	for _, rp := range rep.Repairs {
		if rp.Rejected != "" {
			rejected++
			if rp.RejectedLog == "" {
				t.Errorf("rejected repair without its log: %+v", rp)
			}
		}
		if strings.HasPrefix(rp.Reason, "not tried again") {
			notAgain++
		}
	}
	if rejected != 1 || notAgain != 1 {
		t.Fatalf("want one rejected repair and one refusal to try it again, got %+v", rep.Repairs)
	}
	if n := len(rep.History); n < 3 || rep.History[1].RolledBack == "" || !rep.History[n-1].Best || rep.History[n-1].Level != pyramid.Testable {
		t.Fatalf("level history %+v", rep.History)
	}
	proofs := 0
	for _, c := range rep.Commands {
		if c.Proof {
			proofs++
			if c.Text != "python -m pytest tests/" || c.Iteration != rep.History[len(rep.History)-1].Iteration {
				t.Errorf("proof %+v is not the best state's test command", c)
			}
		}
	}
	if proofs != 1 || rep.TestsFound != 42 || rep.TestsRun != 40 {
		t.Fatalf("proofs %d, tests found %d run %d", proofs, rep.TestsFound, rep.TestsRun)
	}
	if !strings.Contains(rep.WhyNotHigher, "no runnable command passed") {
		t.Errorf("why not higher: %s", rep.WhyNotHigher)
	}
	html, _ := os.ReadFile(filepath.Join(out, "report.html"))
	for _, want := range []string{"<svg", "level reached: testable", "rolled back: ", "./tool render in.txt"} {
		if !strings.Contains(string(html), want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
}

// A repair after which the suite fails loses Testable: it is rolled back.
func TestRepairThatLosesALevelIsRolledBack(t *testing.T) {
	f := newFake()
	f.command = func(script, text string) (int, string) {
		switch {
		case text == "make check" && strings.Contains(script, "libweird-dev"):
			return 2, "Testsuite summary for app 1.0\n# TOTAL: 10\n# PASS:  2\n# FAIL:  8\n"
		case text == "make check":
			return 0, "Testsuite summary for app 1.0\n# TOTAL: 10\n# PASS:  10\n# FAIL:  0\n"
		}
		return 1, "no\n"
	}
	p := pyr(0, documented("make check", pyramid.Unit), documented("./app --serve-once", pyramid.Entry))
	rep, out := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: addPackage("./app --serve-once", "libweird-dev")})
	if rep.Level != pyramid.Testable {
		t.Fatalf("level %s: %s\n%+v", rep.Level, rep.WhyNotHigher, rep.History)
	}
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	if strings.Contains(string(setup), "libweird-dev") {
		t.Fatal("the repair that lost testable is in the export")
	}
	if rep.Repairs[0].Rejected == "" || !strings.Contains(rep.Repairs[0].Rejected, "weaker") {
		t.Fatalf("repair not rejected for losing a level: %+v", rep.Repairs[0])
	}
}

// Packages in the runtimes section are no build: with no build step and
// no pyramid build command the run is not Installable, and says why.
func TestRuntimesPackagesAloneAreNotInstallable(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) { return 0, "100% tests passed, 0 tests failed out of 3\n" }
	file := bashfile.New()
	file.AddPackages(bashfile.Runtimes, testWhy, "cmake", "make")
	rep, _ := runFake(t, f, RunOptions{File: file, Pyramid: pyr(3, documented("ctest", pyramid.Unit)), Repairer: scripted(nil)})
	if rep.Level != pyramid.None || !strings.Contains(rep.WhyNotHigher, "builds nothing") {
		t.Fatalf("level %s: %s", rep.Level, rep.WhyNotHigher)
	}
	if len(f.commandsRun()) != 0 {
		t.Fatalf("tests ran although nothing was built: %v", f.commandsRun())
	}
}

// A pyramid build command that builds the project joins the Bash File,
// whose next run proves Installable by its own build section.
func TestPyramidBuildCommandJoinsTheBashFile(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		if text == "./build.sh" {
			return 0, "built\n"
		}
		return 0, "100% tests passed, 0 tests failed out of 3\n"
	}
	file := bashfile.New()
	file.AddPackages(bashfile.Runtimes, testWhy, "cmake", "make")
	rep, out := runFake(t, f, RunOptions{File: file, Pyramid: pyr(3, documented("./build.sh", pyramid.Build), documented("ctest", pyramid.Unit)),
		Target: pyramid.Testable, Repairer: scripted(nil)})
	if rep.Level != pyramid.Testable {
		t.Fatalf("level %s: %s", rep.Level, rep.WhyNotHigher)
	}
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	if !strings.Contains(string(setup), "build_project() {\n  # [pyramid]") || !strings.Contains(string(setup), "./build.sh") {
		t.Fatalf("build command not in the build section:\n%s", setup)
	}
	if rep.Repairs[0].Rule != "adopt-build" || rep.Iterations != 1 {
		t.Fatalf("repairs %+v", rep.Repairs)
	}
}

// The suite is tried before a single named test; when it fails beyond
// tolerance, the single test proves Testable as a subset.
func TestSuiteIsPreferredToASingleTest(t *testing.T) {
	f := newFake()
	suiteFails := false
	f.command = func(_, text string) (int, string) {
		switch text {
		case "python -m unittest tests.test_x.TestY.test_z":
			return 0, "Ran 1 test in 0.001s\n\nOK\n"
		case "python -m pytest tests/":
			if suiteFails {
				return 1, "=========== 100 failed, 200 passed in 3.1s ===========\n"
			}
			return 0, "=========== 300 passed in 3.1s ===========\n"
		}
		return 1, ""
	}
	p := pyr(300, documented("python -m unittest tests.test_x.TestY.test_z", pyramid.Unit), documented("python -m pytest tests/", pyramid.Unit))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: scripted(nil)})
	if rep.TestableEvidence != pyramid.EvidenceSuite || rep.Tests.Passed != 300 {
		t.Fatalf("evidence %s, tests %+v", rep.TestableEvidence, rep.Tests)
	}

	suiteFails = true
	f2 := newFake()
	f2.command = f.command
	rep, _ = runFake(t, f2, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: scripted(nil)})
	if rep.Level != pyramid.Testable || rep.TestableEvidence != pyramid.EvidenceSubset || rep.Tests.Passed != 1 {
		t.Fatalf("level %s evidence %s tests %+v", rep.Level, rep.TestableEvidence, rep.Tests)
	}
}

// `--help` mined from the docs is a last resort: a real use is tried
// first and, when it passes, is the evidence.
func TestHelpFromDocsIsALastResort(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch text {
		case "make check":
			return 0, "============================================================================\nTestsuite summary for mytool 1.0\n============================================================================\n# TOTAL: 4\n# PASS:  4\n# FAIL:  0\n"
		case "python -m mytool --help", "mytool convert in.csv out.json":
			return 0, "ok\n"
		}
		return 1, ""
	}
	p := pyr(4, documented("make check", pyramid.Unit), documented("python -m mytool --help", pyramid.Entry), documented("mytool convert in.csv out.json", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: scripted(nil)})
	if rep.RunnableEvidence != "documented" || rep.Runnable != "mytool convert in.csv out.json" {
		t.Fatalf("runnable %q (%s)", rep.Runnable, rep.RunnableEvidence)
	}
	if got := f.commandsRun(); len(got) != 2 {
		t.Fatalf("ran %v; the --help should never run once a real use passed", got)
	}

	p = pyr(4, documented("make check", pyramid.Unit), documented("python -m mytool --help", pyramid.Entry))
	rep, _ = runFake(t, newFakeLike(f), RunOptions{File: builtFile(), Pyramid: p, Repairer: scripted(nil)})
	if rep.Level != pyramid.Runnable || rep.RunnableEvidence != "last_resort" {
		t.Fatalf("level %s runnable evidence %s", rep.Level, rep.RunnableEvidence)
	}
}

func newFakeLike(f *fakeEngine) *fakeEngine {
	g := newFake()
	g.setup, g.command, g.built = f.setup, f.command, f.built
	return g
}

// sharing gives g the images (checkpoints) of f.
func (g *fakeEngine) sharing(f *fakeEngine) *fakeEngine {
	g.images = f.images
	return g
}

// Verify re-runs the proofs of the best state, and lists a command it
// accepted with tolerated failures as passed.
func TestVerifyReprovesTheBestStateAndMarksTolerance(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		if text == "ctest --test-dir build" {
			return 8, "95% tests passed, 1 tests failed out of 20\n"
		}
		return 1, ""
	}
	rep, out := runFake(t, f, RunOptions{File: builtFile(), Pyramid: pyr(20, documented("ctest --test-dir build", pyramid.Unit)),
		Target: pyramid.Testable, Repairer: scripted(nil)})
	if rep.Level != pyramid.Testable || !rep.Commands[0].Tolerated || !rep.Commands[0].Proof {
		t.Fatalf("run: level %s, commands %+v", rep.Level, rep.Commands)
	}
	v, err := Verify(context.Background(), f, out, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !v.Match || v.Reproduced != pyramid.Testable || len(v.Commands) != 1 || !v.Commands[0].Passed || !v.Commands[0].Tolerated {
		t.Fatalf("verify %+v", v)
	}
	if v.SchemaVersion != report.SchemaVersion || v.Commit == "" || v.Engine == "" || v.Heragent == "" {
		t.Fatalf("verify provenance %+v", v.Provenance)
	}
}

// The report says which heragent ran on which revision and engine.
func TestReportProvenance(t *testing.T) {
	f := newFake()
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: pyr(0), Target: pyramid.Installable, Repairer: scripted(nil), Commit: "0123abc"})
	if rep.SchemaVersion != report.SchemaVersion || rep.Commit != "0123abc" || rep.Heragent == "" || rep.ImageDigest != "sha256:base" ||
		rep.Engine != "Fake Engine 1.0 (API 1.41)" || rep.StartedAt.IsZero() || rep.EndedAt.Before(rep.StartedAt) {
		t.Fatalf("provenance %+v", rep.Provenance)
	}
	rep, _ = runFake(t, newFake(), RunOptions{File: builtFile(), Pyramid: pyr(0), Target: pyramid.Installable, Repairer: scripted(nil)})
	if !strings.HasPrefix(rep.Commit, "tree:") {
		t.Fatalf("commit of a checkout without git: %q", rep.Commit)
	}
}

func TestProofStrength(t *testing.T) {
	for _, tc := range []struct {
		a, b   proof
		weaker bool
	}{
		{proof{level: pyramid.Testable, testEv: "suite"}, proof{level: pyramid.Installable}, false},
		{proof{level: pyramid.Installable}, proof{level: pyramid.Testable, testEv: "subset"}, true},
		{proof{level: pyramid.Testable, testEv: "subset"}, proof{level: pyramid.Testable, testEv: "suite"}, true},
		{proof{level: pyramid.Runnable, testEv: "suite", runEv: "last_resort"}, proof{level: pyramid.Testable, testEv: "suite"}, false},
		{proof{level: pyramid.Runnable, testEv: "suite", runEv: "last_resort"}, proof{level: pyramid.Runnable, testEv: "suite", runEv: "probe"}, true},
		{proof{level: pyramid.Runnable, testEv: "suite", runEv: "documented"}, proof{level: pyramid.Runnable, testEv: "suite", runEv: "probe"}, false},
	} {
		if got := tc.a.weaker(tc.b); got != tc.weaker {
			t.Errorf("%s weaker than %s: %v, want %v", tc.a.text(), tc.b.text(), got, tc.weaker)
		}
	}
}

// The execution loop repairs a failing section and re-runs from the
// checkpoint of the unchanged prefix; a second run of the repaired script
// starts from the runtimes checkpoint.
func TestSetupRepairAndCheckpointReuse(t *testing.T) {
	f := newFake()
	f.setup = func(script, section string) (int, string) {
		if section == "build_project" && !strings.Contains(script, "zlib1g-dev") {
			return 2, "crc.c:3:10: fatal error: zlib.h: No such file or directory\n"
		}
		return 0, ""
	}
	f.command = func(_, text string) (int, string) { return 0, "" }
	file := builtFile()
	file.AddPackages(bashfile.Runtimes, testWhy, "python3")
	add := func(fl repair.Failure, _ *bashfile.File) []repair.Proposal {
		if fl.Phase != repair.PhaseSetup {
			return nil
		}
		return []repair.Proposal{{Diagnosis: repair.Diagnosis{Kind: repair.MissingHeader, Subject: "zlib.h"}, Rule: "test", Action: repair.ActionEdit,
			Edits: []bashfile.Edit{{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: []string{"zlib1g-dev"}, Why: testWhy}}}}
	}
	rep, out := runFake(t, f, RunOptions{File: file, Pyramid: pyr(0), Target: pyramid.Installable, Repairer: scripted(add)})
	if rep.Level != pyramid.Installable || rep.Iterations != 1 || len(rep.Setup) != 2 {
		t.Fatalf("level %s after %d iterations, setup runs %+v", rep.Level, rep.Iterations, rep.Setup)
	}
	if rep.Setup[1].FromCheckpoint != string(bashfile.Base) {
		t.Fatalf("the repaired runtimes section re-ran from %q, want the base checkpoint", rep.Setup[1].FromCheckpoint)
	}
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	again, err := bashfile.Parse(string(setup))
	if err != nil {
		t.Fatal(err)
	}
	rep, _ = runFake(t, newFakeLike(f).sharing(f), RunOptions{File: again, Pyramid: pyr(0), Target: pyramid.Installable, Repairer: scripted(nil)})
	if rep.Level != pyramid.Installable || rep.Setup[0].FromCheckpoint != string(bashfile.Runtimes) {
		t.Fatalf("second run: level %s, setup %+v", rep.Level, rep.Setup)
	}
}

// The repair budget ends the search; the report says so.
func TestRepairBudgetEndsTheRun(t *testing.T) {
	f := newFake()
	n := 0
	f.setup = func(script, section string) (int, string) {
		if section == "setup_runtimes" {
			return 100, "E: Unable to locate package foo\n"
		}
		return 0, ""
	}
	always := func(fl repair.Failure, _ *bashfile.File) []repair.Proposal {
		n++
		pkg := "pkg" + strings.Repeat("x", n)
		return []repair.Proposal{{Diagnosis: repair.Diagnosis{Kind: repair.MissingLibrary, Subject: pkg}, Rule: "test", Action: repair.ActionEdit,
			Edits: []bashfile.Edit{{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: []string{pkg}, Why: testWhy}}}}
	}
	file := builtFile()
	file.AddPackages(bashfile.Runtimes, testWhy, "python3")
	rep, _ := runFake(t, f, RunOptions{File: file, Pyramid: pyr(0), Repairer: scripted(always), MaxIterations: 3})
	if rep.Level != pyramid.None || rep.Iterations != 3 || !strings.Contains(rep.WhyNotHigher, "repair budget spent") {
		t.Fatalf("level %s, %d iterations: %s", rep.Level, rep.Iterations, rep.WhyNotHigher)
	}
}

// A weak pass (a test program heragent found, one test of hundreds) does
// not end the search: the suite after it proves Testable as a suite.
func TestWeakPassKeepsLooking(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch text {
		case "./build/test_basic":
			return 0, "[==========] 1 test from 1 test suite ran. (0 ms total)\n[  PASSED  ] 1 test.\n"
		case "ctest --test-dir build":
			return 0, "100% tests passed, 0 tests failed out of 250\n"
		}
		return 1, ""
	}
	found := pyramid.Command{Text: "./build/test_basic", Bucket: pyramid.Unit, Synth: true, Reason: "a test program the build made", Why: []pyramid.Provenance{{Source: "built"}}}
	p := pyr(250, found, documented("ctest --test-dir build", pyramid.Unit))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: scripted(nil)})
	if rep.TestableEvidence != pyramid.EvidenceSuite || rep.TestsRun != 250 || len(f.commandsRun()) != 2 {
		t.Fatalf("evidence %s, %d tests, commands %v", rep.TestableEvidence, rep.TestsRun, f.commandsRun())
	}
	if rep.Commands[0].Evidence != pyramid.EvidenceSubset || rep.Commands[0].Proof || !rep.Commands[1].Proof {
		t.Fatalf("commands %+v", rep.Commands)
	}
}

// A suite that needs an X display runs again under xvfb-run, after the
// Bash File installs Xvfb; the proof and the export keep the wrapper.
func TestSuiteNeedingADisplayRunsUnderXvfb(t *testing.T) {
	f := newFake()
	f.command = func(script, text string) (int, string) {
		switch {
		case text == "[display] python -m pytest -q" && strings.Contains(script, "xvfb"):
			return 0, "============ 12 passed in 0.50s ============\n"
		case text == "python -m pytest -q":
			return 1, "E   _tkinter.TclError: no display name and no $DISPLAY environment variable\n======= 1 failed, 11 passed in 0.4s =======\n"
		}
		return 1, "no\n"
	}
	p := pyr(12, documented("python -m pytest -q", pyramid.Unit))
	rep, out := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: repair.RulesBrain{}})
	if rep.Level != pyramid.Testable || rep.Tests.Passed != 12 || rep.Tests.Failed != 0 {
		t.Fatalf("level %s tests %+v: %s\n%+v", rep.Level, rep.Tests, rep.WhyNotHigher, rep.Repairs)
	}
	pj, _ := os.ReadFile(filepath.Join(out, "pyramid.json"))
	if !strings.Contains(string(pj), `"display": true`) {
		t.Fatalf("pyramid.json does not keep the display: %s", pj)
	}
}

// A suite whose client connects to Redis on 127.0.0.1:6379 runs again
// after Debian's redis-server is installed (after the build) and started;
// from then on every command starts it (the example, which says only
// "Error: Connection refused" and exits 0 without it), and the proofs
// keep the start line, and so does the exported entrypoint.
func TestSuiteNeedingAServiceRunsAfterStartingIt(t *testing.T) {
	f := newFake()
	f.command = func(script, text string) (int, string) {
		switch {
		case text == "[service] make check" && strings.Contains(script, "redis-server"):
			return 0, "============ 9 passed in 0.50s ============\n"
		case text == "make check":
			return 1, "Testing against TCP connection (127.0.0.1:6379): Connection refused\n"
		case text == "[service] ./example":
			return 0, "PING: PONG\nSET: OK\n"
		case text == "./example":
			return 0, "Error: Connection refused\n"
		}
		return 1, "no\n"
	}
	p := pyr(9, documented("make check", pyramid.Unit), documented("./example", pyramid.Entry))
	rep, out := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Runnable, Repairer: repair.RulesBrain{}})
	if rep.Level != pyramid.Runnable || rep.Tests.Passed != 9 || !slices.Contains(f.commandsRun(), "[service] ./example") {
		t.Fatalf("level %s tests %+v: %s\n%+v\n%v", rep.Level, rep.Tests, rep.WhyNotHigher, rep.Repairs, f.commandsRun())
	}
	pj, _ := os.ReadFile(filepath.Join(out, "pyramid.json"))
	if strings.Count(string(pj), `service redis-server start`) != 2 {
		t.Fatalf("pyramid.json does not keep the start lines: %s", pj)
	}
	ep, _ := os.ReadFile(filepath.Join(out, "entrypoint.sh"))
	if !strings.Contains(string(ep), "service redis-server start") {
		t.Fatalf("entrypoint:\n%s", ep)
	}
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	if b := strings.Index(string(setup), "redis-server"); b < 0 || b < strings.Index(string(setup), "build_project() {") {
		t.Fatalf("redis-server is not installed after the build:\n%s", setup)
	}
	line := commandLine(pyramid.Command{Text: "./example", User: "u", Start: []string{"START"}})
	if line != "{ START; } && { "+ownRepo("u")+"; runuser -u u -- bash -lc ./example; }" {
		t.Fatalf("entrypoint line %q", line)
	}
}

// When the service's package is in the Bash File already, the start is
// a change of how commands run: the command that named the port runs
// again in the same sandbox, and so does the example that failed beside
// it for want of the service ("Error: Connection refused", no port).
func TestServiceStartedRunsTheLevelsOtherFailuresAgainHere(t *testing.T) {
	f := newFake()
	f.command = func(script, text string) (int, string) {
		switch text {
		case "./client-test":
			return 1, "Testing against TCP connection (127.0.0.1:6379): Connection refused\n"
		case "[service] ./client-test":
			return 134, "Aborted\n"
		case "./example":
			return 0, "Error: Connection refused\n"
		case "[service] ./example":
			return 0, "PING: PONG\n"
		}
		return 0, "============ 1 passed in 0.1s ============\n"
	}
	file := builtFile()
	file.AddPackages(bashfile.Runtimes, testWhy, "redis-server")
	p := pyr(1, documented("make check", pyramid.Unit), documented("./client-test", pyramid.Entry), documented("./example", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: file, Pyramid: p, Target: pyramid.Runnable, Repairer: repair.RulesBrain{}})
	if rep.Level != pyramid.Runnable || !slices.Contains(f.commandsRun(), "[service] ./example") || strings.Count(strings.Join(f.runs, "\n"), "build_project") != 1 {
		t.Fatalf("level %s: %s\n%v", rep.Level, rep.WhyNotHigher, f.runs)
	}
}

// The pyramid's build commands run as a sequence; those that pass up to
// the first failure join the Bash File's build section together.
func TestPyramidBuildSequenceIsAdopted(t *testing.T) {
	f := newFake()
	f.command = func(script, text string) (int, string) {
		switch text {
		case "auto/configure", "make":
			return 0, "ok\n"
		case "make install":
			return 2, "install: cannot create directory '/usr/local/nginx': Permission denied\n"
		}
		return 1, ""
	}
	file := bashfile.New()
	file.AddPackages(bashfile.Base, testWhy, "build-essential")
	p := pyr(0, documented("auto/configure", pyramid.Build), documented("make", pyramid.Build), documented("make install", pyramid.Build))
	rep, out := runFake(t, f, RunOptions{File: file, Pyramid: p, Target: pyramid.Installable, Repairer: scripted(nil)})
	if rep.Level != pyramid.Installable || rep.Repairs[0].Rule != "adopt-build" || len(rep.Repairs[0].Edits) != 2 {
		t.Fatalf("level %s, repairs %+v", rep.Level, rep.Repairs)
	}
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	if !strings.Contains(string(setup), "  auto/configure\n") || !strings.Contains(string(setup), "  make\n") || strings.Contains(string(setup), "make install") {
		t.Fatalf("build section:\n%s", setup)
	}
}

// A later build step that needs what the sandbox cannot have (a CI job's
// docker build, recorded by a rule) does not undo what the steps before
// it built: they join the Bash File (mongoose: `make -C test eth_test`
// built, `make -C test eth_vc98` runs docker). A failure after only a
// configure step still fails the sequence.
func TestBuildStepTheSandboxCannotRunIsLeftOut(t *testing.T) {
	f := newFake()
	f.command = func(script, text string) (int, string) {
		switch text {
		case "make -C test eth_test", "./configure":
			return 0, "ok\n"
		}
		return 2, "make[1]: docker: No such file or directory\n"
	}
	record := scripted(func(fl repair.Failure, _ *bashfile.File) []repair.Proposal {
		return []repair.Proposal{{Action: repair.ActionRecord, Rule: "missing-executable", Reason: "the command runs docker"}}
	})
	file := bashfile.New()
	file.AddPackages(bashfile.Base, testWhy, "build-essential")
	p := pyr(0, documented("make -C test eth_test", pyramid.Build), documented("make -C test eth_vc98", pyramid.Build))
	rep, out := runFake(t, f, RunOptions{File: file, Pyramid: p, Target: pyramid.Installable, Repairer: record})
	if rep.Level != pyramid.Installable {
		t.Fatalf("level %s: %s", rep.Level, rep.WhyNotHigher)
	}
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	if !strings.Contains(string(setup), "make -C test eth_test") || strings.Contains(string(setup), "eth_vc98") {
		t.Fatalf("build section:\n%s", setup)
	}
	p = pyr(0, documented("./configure", pyramid.Build), documented("make -C test eth_vc98", pyramid.Build))
	if rep, _ := runFake(t, newFakeLike(f), RunOptions{File: file.Clone(), Pyramid: p, Target: pyramid.Installable, Repairer: record}); rep.Level == pyramid.Installable {
		t.Fatalf("a configure alone built the project: %+v", rep.Repairs)
	}
}

// A repository whose only testable command is a target it does not have,
// and in which the graph found no tests, is reported as having no test
// suite (nginx: its tests are another repository); one whose tests the
// graph found is not.
func TestNoTestSuiteInTheRepository(t *testing.T) {
	notOwn := func(f repair.Failure, _ *bashfile.File) []repair.Proposal {
		if f.Phase != repair.PhaseCommand {
			return nil
		}
		return []repair.Proposal{{Diagnosis: repair.Diagnosis{Kind: repair.NoSuchTarget, Subject: "check"}, Rule: "test", Action: repair.ActionRecord, Reason: "no target check"}}
	}
	for _, found := range []int{0, 12} {
		f := newFake()
		f.command = func(_, text string) (int, string) {
			return 2, "make: *** No rule to make target 'check'.  Stop.\n"
		}
		rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: pyr(found, documented("make check", pyramid.Unit)), Repairer: scripted(notOwn)})
		says := strings.Contains(rep.WhyNotHigher, "has no test suite heragent can find")
		if rep.Level != pyramid.Installable || says != (found == 0) {
			t.Errorf("tests found %d: level %s, why: %s", found, rep.Level, rep.WhyNotHigher)
		}
	}
}

// When the configure step of the sequence fails, the steps after it fail
// for want of what it makes (no Makefile: "No rule to make target
// 'install'"): they are not diagnosed, so the step is not written off as
// no target of the project, and once the configure step is repaired the
// whole sequence runs and joins the Bash File (nginx: auto/configure
// lacked PCRE; make install puts the configuration its server reads).
func TestStepsAfterAFailedConfigureAreNotDiagnosed(t *testing.T) {
	f := newFake()
	f.command = func(script, text string) (int, string) {
		switch {
		case strings.Contains(script, "libpcre3-dev"):
			return 0, "ok\n"
		case text == "auto/configure":
			return 1, "./auto/configure: error: the HTTP rewrite module requires the PCRE library.\n"
		case text == "make install":
			return 2, "make: *** No rule to make target 'install'.  Stop.\n"
		}
		return 2, "make: *** No targets specified and no makefile found.  Stop.\n"
	}
	brain := func(fl repair.Failure, file *bashfile.File) []repair.Proposal {
		if fl.Command == "auto/configure" {
			return addPackage("auto/configure", "libpcre3-dev")(fl, file)
		}
		return []repair.Proposal{{Diagnosis: repair.Diagnosis{Kind: repair.NoSuchTarget, Subject: "install"}, Rule: "test", Action: repair.ActionRecord,
			Reason: "the project has no target install"}}
	}
	file := bashfile.New()
	file.AddPackages(bashfile.Base, testWhy, "build-essential")
	p := pyr(0, documented("auto/configure", pyramid.Build), documented("make", pyramid.Build), documented("make install", pyramid.Build))
	rep, out := runFake(t, f, RunOptions{File: file, Pyramid: p, Target: pyramid.Installable, Repairer: scripted(brain)})
	if rep.Level != pyramid.Installable {
		t.Fatalf("level %s, repairs %+v", rep.Level, rep.Repairs)
	}
	for _, rp := range rep.Repairs {
		if rp.Command != "auto/configure" && rp.Rule != "adopt-build" {
			t.Errorf("diagnosed %q: %+v", rp.Command, rp)
		}
	}
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	if !strings.Contains(string(setup), "  make install\n") {
		t.Fatalf("build section:\n%s", setup)
	}
}

// A suite whose failing tests need the internet (their data is cloned
// from github.com at test time) runs again without them — all of them,
// though the list is longer than the excerpt repairs read — the part
// passes and proves Testable as a subset, and Runnable is tried after it.
// A repair of another command in the same round (make, missing) does not
// lose the run without them: the next state runs it.
func TestSuiteWithoutTheTestsThatNeedTheNetwork(t *testing.T) {
	f := newFake()
	failing := "fatal: unable to access 'https://github.com/example/test_data.git/': Could not resolve host: github.com\n" +
		"3/150 Test #3: test-basic ...   Passed    0.10 sec\n\n1% tests passed, 149 tests failed out of 150\n\nThe following tests FAILED:\n\t  1 - download_test_data (Failed)\n"
	var names []string
	for i := 4; i <= 151; i++ {
		failing += fmt.Sprintf("\t  %d - test-%d (Not Run)\n", i, i)
		names = append(names, fmt.Sprintf("test-%d", i))
	}
	without := "ctest --test-dir build -E '^(download_test_data|" + strings.Join(names, "|") + ")$'"
	f.command = func(script, text string) (int, string) {
		switch {
		case text == "make check" && !strings.Contains(script, "libfoo-dev"):
			return 2, "fatal error: foo.h: No such file or directory\n"
		case text == "ctest --test-dir build":
			return 8, failing
		case text == without && strings.Contains(script, "libfoo-dev"):
			return 0, "1/1 Test #3: test-basic ...   Passed    0.10 sec\n\n100% tests passed, 0 tests failed out of 1\n"
		case text == "./app":
			return 0, "hello\n"
		}
		return 1, "no\n"
	}
	p := pyr(150, documented("make check", pyramid.Unit), documented("ctest --test-dir build", pyramid.Unit), documented("./app", pyramid.Entry))
	rep, out := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Runnable, Repairer: thenRules{addPackage("make check", "libfoo-dev")}})
	if rep.Level != pyramid.Runnable || rep.TestableEvidence != pyramid.EvidenceSubset || rep.TestsRun != 1 {
		t.Fatalf("level %s, evidence %s, %d tests: %s\n%v", rep.Level, rep.TestableEvidence, rep.TestsRun, rep.WhyNotHigher, f.commandsRun())
	}
	pj, _ := os.ReadFile(filepath.Join(out, "pyramid.json"))
	if !strings.Contains(string(pj), "download_test_data|test-4|") {
		t.Fatalf("pyramid.json lacks the run without the tests: %s", pj)
	}
}

// thenRules answers with the scripted repairs, else with the rules'.
type thenRules struct{ scripted }

func (t thenRules) Propose(ctx context.Context, f repair.Failure, file *bashfile.File, tried []repair.Proposal) []repair.Proposal {
	if ps := t.scripted(f, file); len(ps) > 0 {
		return ps
	}
	return repair.RulesBrain{}.Propose(ctx, f, file, tried)
}

// A Runnable example its own `timeout` stopped (exit 124: a client that
// keeps its connection open) is not run again in the states after it.
func TestExampleStoppedByItsOwnTimeoutIsNotRunAgain(t *testing.T) {
	f := newFake()
	f.command = func(script, text string) (int, string) {
		switch {
		case text == "python -m pytest -q":
			return 0, "============ 3 passed in 0.50s ============\n"
		case text == "timeout 60 node ex.js":
			return 124, "Published 1\nPublished 2\n"
		case text == "./tool in.txt" && strings.Contains(script, "libx"):
			return 0, "done\n"
		}
		return 1, "tool: cannot load libx\n"
	}
	p := pyr(3, documented("python -m pytest -q", pyramid.Unit), documented("timeout 60 node ex.js", pyramid.Entry), documented("./tool in.txt", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Runnable, Repairer: addPackage("./tool in.txt", "libx")})
	n := 0
	for _, c := range f.commandsRun() {
		if c == "timeout 60 node ex.js" {
			n++
		}
	}
	if rep.Level != pyramid.Runnable || n != 1 {
		t.Fatalf("level %s, the example ran %d times: %v", rep.Level, n, f.commandsRun())
	}
}

// A smoke probe that passed at Testable is not followed by another: it
// cannot prove more (cmatrix's second ran its full minute).
func TestOneSmokeProbeIsEnough(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) { return 0, "drawn\n" }
	p := pyr(0, documented("./cmatrix", pyramid.Smoke), documented("./cmatrix -ba", pyramid.Smoke), documented("./cmatrix -lba", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: scripted(nil)})
	if rep.Level != pyramid.Runnable || rep.TestableEvidence != "smoke" {
		t.Fatalf("level %s, testable evidence %s", rep.Level, rep.TestableEvidence)
	}
	for _, c := range f.commandsRun() {
		if c == "./cmatrix -ba" {
			t.Fatalf("ran %v: a second smoke probe after one passed", f.commandsRun())
		}
	}
}
