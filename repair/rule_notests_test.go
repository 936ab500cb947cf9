package repair

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
)

// A Testable command that exited 0 without a counted test (immer's `yarn
// test:flow`, a type check) is recorded as such, not as unknown; ctest's
// "No tests were found" keeps its own, specific diagnosis.
func TestNoTestsRan(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Command: "yarn test:flow", Log: readLog(t, "no-tests-ran/yarn-flow-check.log"), Verdict: pyramid.NoTestSeen}
	ds := Diagnose(f)
	if len(ds) != 1 || ds[0].Kind != NoTestsRan || ds[0].Evidence != "Done in 3.88s." {
		t.Fatalf("Diagnose: %+v", ds)
	}
	if ps := Propose(&Context{File: sampleFile(t)}, f); len(ps) != 1 || ps[0].Action != ActionRecord {
		t.Fatalf("Propose: %+v", ps)
	}
	f = Failure{Phase: PhaseCommand, Command: "ctest --test-dir build", Log: readLog(t, "tests-disabled/ctest-msgpack-no-tests.log"), Verdict: pyramid.NoTestSeen}
	for _, d := range Diagnose(f) {
		if d.Kind == NoTestsRan {
			t.Errorf("no tests found by ctest: %+v", Diagnose(f))
		}
	}
	f.ExitCode = 1
	f.Log, f.Verdict = "make: *** [Makefile:3: test] Error 1\n", "exit 1"
	for _, d := range Diagnose(f) {
		if d.Kind == NoTestsRan {
			t.Errorf("a failed command: %+v", d)
		}
	}
}

// The CMake test subset that finds no test program to build alone
// (pybind11's tests run pytest) is recorded, not unknown.
func TestNoTestProgramForTheSubset(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Command: bashfile.CMakeTestSubset("/repo", "build", "PYBIND11_TEST"), ExitCode: 1,
		Log: readLog(t, "no-tests-ran/cmake-subset-no-program.log"), Verdict: "exit 1"}
	ds := Diagnose(f)
	if len(ds) != 1 || ds[0].Kind != NoTestsRan || !strings.HasPrefix(ds[0].Evidence, bashfile.NoTestProgram) {
		t.Fatalf("Diagnose: %+v", ds)
	}
}

// A suite whose every test skipped itself (uftpd's 11 automake SKIPs:
// they need user namespaces) says so, not that it checks something else.
func TestEveryTestSkipped(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Command: "make check", Log: "SKIP: ftp.sh\n# TOTAL: 11\n# PASS:  0\n# SKIP:  11\nmake[1]: Leaving directory '/repo'\n", Verdict: pyramid.NoTestSeen}
	f.Counts.Skipped = 11
	ps := Propose(&Context{File: sampleFile(t)}, f)
	if len(ps) != 1 || ps[0].Action != ActionRecord || !strings.Contains(ps[0].Reason, "every test it has skipped itself (11 skipped") {
		t.Fatalf("Propose: %+v", ps)
	}
}

// libusb builds its tests only with --enable-tests-build (off by default):
// `make check` runs none until configure is asked; an option that is on
// by default, or one not the tests', is not turned on.
func TestAutotoolsTestsOffByDefault(t *testing.T) {
	ac := "AC_ARG_ENABLE([examples-build],\n\t[AS_HELP_STRING([--enable-examples-build], [build example applications [default=no]])],\n\t[build_examples=$enableval],\n\t[build_examples=no])\n" +
		"AC_ARG_ENABLE([tests-build],\n\t[AS_HELP_STRING([--enable-tests-build], [build test applications [default=no]])],\n\t[build_tests=$enableval],\n\t[build_tests=no])\n"
	f := Failure{Phase: PhaseCommand, Command: "make check", ExitCode: 0, Verdict: pyramid.NoTestSeen, Log: "make[1]: Leaving directory '/repo'\n"}
	for _, tc := range []struct{ ac, want string }{
		{ac, "[ -f Makefile ] || ./configure --enable-tests-build --disable-man-pages"},
		{strings.ReplaceAll(ac, "no", "yes"), ""},
		{"AC_ARG_ENABLE([examples-build], [x [default=no]], [], [build_examples=no])\n", ""},
	} {
		file := bashfile.New()
		file.Append(bashfile.Build, "[ -f Makefile ] || ./configure --disable-man-pages", bashfile.Provenance{Source: "autotools"})
		ps := Propose(&Context{File: file, Repo: fstest.MapFS{"configure.ac": {Data: []byte(tc.ac)}}}, f)
		if len(ps) != 1 {
			t.Fatalf("proposals %+v", ps)
		}
		got := ""
		if ps[0].Action == ActionEdit {
			got = ps[0].Edits[0].Command
		}
		if got != tc.want {
			t.Errorf("got %q, want %q (%+v)", got, tc.want, ps[0])
		}
	}
}
