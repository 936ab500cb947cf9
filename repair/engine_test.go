package repair

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

func TestSpecificDiagnosisHidesGeneric(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Log: readLog(t, "missing-header/gcc-zlib.log")}
	ds := Diagnose(f)
	if len(ds) != 1 || ds[0].Kind != MissingHeader {
		t.Fatalf("got %+v, want only the missing header", ds)
	}
	// A locale warning is noise: it does not hide the compile error.
	f.Log = "perl: warning: Setting locale failed.\n" + readLog(t, "compile-error/gcc-missing-semicolon.log")
	ds = Diagnose(f)
	if len(ds) != 2 || ds[0].Kind != Locale || ds[1].Kind != CompileError {
		t.Fatalf("got %+v, want locale then compile error", ds)
	}
}

func TestUnknown(t *testing.T) {
	f := Failure{Phase: PhaseSetup, ExitCode: 3, Log: "something odd\nhappened here\n"}
	ps := Propose(&Context{File: bashfile.New()}, f)
	if len(ps) != 1 || ps[0].Diagnosis.Kind != Unknown || ps[0].Action != ActionNone || ps[0].Diagnosis.Evidence != "happened here" {
		t.Fatalf("got %+v", ps)
	}
}

func TestNeverProposesANoOp(t *testing.T) {
	f := Failure{Phase: PhaseSetup, Log: readLog(t, "missing-header/gcc-zlib.log")}
	idx := MapIndex{Headers: map[string][]string{"zlib.h": {"zlib1g-dev", "libz-mingw-w64-dev"}}}
	file := bashfile.New()
	if _, err := file.AddPackages(bashfile.Base, bashfile.Provenance{Source: "test"}, "zlib1g-dev"); err != nil {
		t.Fatal(err)
	}
	// The best candidate is there already: the next one is proposed.
	p := Propose(&Context{File: file, Index: idx}, f)[0]
	if p.Action != ActionEdit || p.Edits[0].Packages[0] != "libz-mingw-w64-dev" {
		t.Fatalf("got %+v", p)
	}
	// Every candidate is there: nothing to do.
	file.AddPackages(bashfile.Base, bashfile.Provenance{Source: "test"}, "libz-mingw-w64-dev")
	if p := Propose(&Context{File: file, Index: idx}, f)[0]; p.Action != ActionNone || len(p.Edits) != 0 {
		t.Fatalf("got %+v", p)
	}
	// Two diagnoses wanting the same package: the second is not an edit.
	f.Log += "\n" + readLog(t, "missing-library/ld-levent.log")
	idx.Headers["zlib.h"] = []string{"libevent-dev"}
	idx.Libraries = map[string][]string{"libevent.so": {"libevent-dev"}}
	ps := Propose(&Context{File: bashfile.New(), Index: idx}, f)
	if len(ps) != 2 || ps[0].Action != ActionEdit || ps[1].Action != ActionNone || !strings.Contains(ps[1].Reason, "already") {
		t.Fatalf("got %+v", ps)
	}
}

func TestPythonModuleWithReachablePyPI(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Log: readLog(t, "missing-python-module/import-yaml.log")}
	file := bashfile.New()
	file.Append(bashfile.Runtimes, "python3 -m venv .venv", bashfile.Provenance{Source: "test"})
	p := Propose(&Context{File: file, PyPIReachable: true}, f)[0]
	if p.Action != ActionEdit || len(p.Edits) != 1 || p.Edits[0].Command != "pip install PyYAML" {
		t.Fatalf("got %+v", p)
	}
	// Without an index the built-in hint still finds python3-yaml, and the
	// venv is made to see it.
	p = Propose(&Context{File: file}, f)[0]
	if p.Action != ActionEdit || len(p.Edits) != 2 || p.Edits[0].Packages[0] != "python3-yaml" || p.Edits[1].Command != "python3 -m venv --system-site-packages .venv" {
		t.Fatalf("got %+v", p)
	}
}

func TestNodeModule(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Log: readLog(t, "missing-node-module/require-left-pad.log")}
	// Not declared: install just that package.
	p := Propose(&Context{File: bashfile.New(), Repo: fstest.MapFS{"package.json": {Data: []byte(`{"name":"x"}`)}}}, f)[0]
	if p.Action != ActionEdit || p.Edits[0].Command != "npm install --no-save left-pad" {
		t.Fatalf("got %+v", p)
	}
	// Declared, with a lock file: npm ci; once it is there, nothing more.
	repo := fstest.MapFS{"package.json": {Data: []byte(`{"devDependencies":{"left-pad":"1"}}`)}, "package-lock.json": {Data: []byte("{}")}}
	file := bashfile.New()
	p = Propose(&Context{File: file, Repo: repo}, f)[0]
	if p.Action != ActionEdit || p.Edits[0].Command != "npm ci" {
		t.Fatalf("got %+v", p)
	}
	file.Apply(p.Edits[0])
	if p = Propose(&Context{File: file, Repo: repo}, f)[0]; p.Action != ActionNone {
		t.Fatalf("got %+v", p)
	}
}

func TestTimeoutRetriesOnce(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Command: "ctest", TimedOut: true, Log: "Start 12: slow_test\n"}
	ctx := &Context{File: bashfile.New()}
	p := Propose(ctx, f)[0]
	if p.Action != ActionRetryLonger || p.Rule != "timeout" {
		t.Fatalf("got %+v", p)
	}
	ctx.Attempts = append(ctx.Attempts, p)
	if p = Propose(ctx, f)[0]; p.Action != ActionRecord {
		t.Fatalf("got %+v", p)
	}
}

func TestOutOfMemoryWithoutJobCount(t *testing.T) {
	f := Failure{Phase: PhaseSetup, Log: readLog(t, "out-of-memory/cc1plus-killed.log")}
	file := bashfile.New()
	file.Append(bashfile.Build, "make", bashfile.Provenance{Source: "test"})
	p := Propose(&Context{File: file}, f)[0]
	if p.Action != ActionEdit || len(p.Edits) != 2 || p.Edits[0].Command != "persist_env MAKEFLAGS -j1" {
		t.Fatalf("got %+v", p)
	}
}

func TestCMakePolicyWithoutConfigureCommand(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Log: readLog(t, "cmake-policy/cmake4-min-version.log")}
	p := Propose(&Context{File: bashfile.New()}, f)[0]
	if p.Action != ActionEdit || p.Edits[0].Command != "persist_env CMAKE_POLICY_VERSION_MINIMUM 3.5" {
		t.Fatalf("got %+v", p)
	}
	file := bashfile.New()
	file.Append(bashfile.Build, "mkdir -p build && cd build && cmake .. && make", bashfile.Provenance{Source: "test"})
	p = Propose(&Context{File: file}, f)[0]
	if p.Action != ActionEdit || p.Edits[0].Command != "mkdir -p build && cd build && cmake -DCMAKE_POLICY_VERSION_MINIMUM=3.5 .. && make" {
		t.Fatalf("got %+v", p)
	}
}

// A CMake newer than backports': backports' CMake with the requirement
// lowered to it, once; the same failure after that is nothing more to try.
func TestCMakeTooNewForBackports(t *testing.T) {
	f := Failure{Phase: PhaseSetup, Log: "CMake Error at src/CMakeLists.txt:3 (cmake_minimum_required):\n  CMake 4.1 or higher is required.  You are running version 3.25.1\n"}
	ctx := &Context{File: bashfile.New()}
	p := Propose(ctx, f)[0]
	if p.Diagnosis.Kind != CMakeTooOld || p.Action != ActionEdit || len(p.Edits) != 2 || !strings.HasSuffix(p.Edits[1].Command, "/\\13.31/I' src/CMakeLists.txt") {
		t.Fatalf("got %+v", p)
	}
	ctx.Attempts = append(ctx.Attempts, p)
	if p := Propose(ctx, f)[0]; p.Action != ActionNone {
		t.Fatalf("again: %+v", p)
	}
}

func TestRulesAreDistinctAndStayInTheirLane(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules {
		if seen[r.Name()] {
			t.Errorf("duplicate rule name %s", r.Name())
		}
		seen[r.Name()] = true
		if _, ok := r.Propose(Diagnosis{Kind: Unknown}, &Context{}); ok {
			t.Errorf("%s answers a diagnosis it cannot make", r.Name())
		}
	}
}

// Proposals of one call are applied in order by the caller; edits target
// commands by text, so an insertion by one proposal does not make another
// proposal's replace hit the wrong command.
func TestProposalsComposeInOneSection(t *testing.T) {
	f := Failure{Phase: PhaseSetup, Log: readLog(t, "go-toolchain/note-module-requires.log") + readLog(t, "missing-python-module/import-yaml.log")}
	file := sampleFile(t)
	ps := Propose(&Context{File: file, Index: fakeIndex}, f)
	if len(ps) != 2 || ps[0].Rule != "go-toolchain" || ps[1].Rule != "missing-python-module" {
		t.Fatalf("got %+v", ps)
	}
	for _, p := range ps {
		for _, e := range p.Edits {
			if changed, err := file.Apply(e); err != nil || !changed {
				t.Fatalf("Apply(%s) = %v, %v", e, changed, err)
			}
		}
	}
	var texts []string
	for _, c := range file.Section(bashfile.Runtimes).Commands {
		texts = append(texts, strings.SplitN(c.Text, "\n", 2)[0])
	}
	want := []string{
		"if [ ! -x /usr/local/go1.22/bin/go ]; then",
		"path_prepend /usr/local/go1.22/bin",
		"pkg_install python3 python3-venv python3-yaml",
		"[ -d .venv ] || python3 -m venv --system-site-packages .venv",
		`path_prepend "$REPO_DIR/.venv/bin"`,
	}
	if strings.Join(texts, "\n") != strings.Join(want, "\n") {
		t.Fatalf("runtimes:\n%s\nwant:\n%s", strings.Join(texts, "\n"), strings.Join(want, "\n"))
	}
	if err := file.Validate(); err != nil {
		t.Fatal(err)
	}
}

// A repair placed in a later section than the one its rule names (loops'
// laterSection moves a runtimes append after the build) is in the file:
// it is not proposed again, and pytest is told to go on past the modules
// that need what no release here has (cattrs: msgspec, immutables).
func TestRepairInLaterSectionIsNotProposedAgain(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Command: "python -m pytest -q", ExitCode: 2,
		Log: readLog(t, "pytest-collection/absent-modules-next-release-cattrs.log")}
	file := bashfile.New()
	for _, m := range []string{"msgspec", "immutables"} {
		if err := file.Append(bashfile.Build, bashfile.NewerInstallAvailable("python3-"+m)); err != nil {
			t.Fatal(err)
		}
	}
	goOn := false
	for _, p := range Propose(&Context{File: file, Index: MapIndex{}}, f) {
		for _, e := range p.Edits {
			if strings.Contains(e.Command, "deb.debian.org") || strings.Contains(e.Command, "python3-msgspec") || strings.Contains(e.Command, "python3-immutables") {
				t.Fatalf("the next release's package is proposed again: %+v", p)
			}
			goOn = goOn || strings.Contains(e.Command, "--continue-on-collection-errors")
		}
	}
	if !goOn {
		t.Fatal("pytest is not told to go on past the modules that fail to collect")
	}
}
