package repair

import (
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// apt stops on a package the suite lacks: the name goes out of the
// pkg_install line that has it, the others stay.
func TestUnknownPackageIsTakenOut(t *testing.T) {
	f := bashfile.New()
	why := bashfile.Provenance{Source: "test"}
	f.AddPackages(bashfile.Base, why, "build-essential", "cmake", "libboost-unit-test-framework-dev", "zlib1g-dev")
	log := readLog(t, "unknown-package/apt-boost-component.log")
	ps := Propose(&Context{File: f}, Failure{Phase: PhaseSetup, Section: bashfile.Base, ExitCode: 100, Log: log})
	if len(ps) != 1 || ps[0].Diagnosis.Kind != UnknownPackage || ps[0].Action != ActionEdit {
		t.Fatalf("proposals %+v", ps)
	}
	g := f.Clone()
	for _, e := range ps[0].Edits {
		if _, err := g.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	if got := strings.Join(g.Packages(bashfile.Base), " "); got != "build-essential cmake zlib1g-dev" {
		t.Fatalf("packages after the repair: %s", got)
	}
	// Nothing to take out: no edit.
	ps = Propose(&Context{File: g}, Failure{Phase: PhaseSetup, Section: bashfile.Base, ExitCode: 100, Log: log})
	if len(ps) != 1 || ps[0].Action == ActionEdit {
		t.Fatalf("second proposal %+v", ps)
	}
}

// Prose that names no program installs nothing.
func TestProseNamesNoProgram(t *testing.T) {
	log := readLog(t, "missing-executable/configure-config-file-prose.log")
	for _, p := range Propose(&Context{File: sampleFile(t), Index: fakeIndex}, Failure{Phase: PhaseSetup, Command: "./configure", ExitCode: 1, Log: log}) {
		if p.Action == ActionEdit {
			t.Fatalf("an edit for prose: %+v", p)
		}
	}
}

// The package's own prepare script fails in setup: the install runs again
// without the package's scripts, the dependencies' rebuilt.
func TestLifecycleScriptIsSkipped(t *testing.T) {
	f := bashfile.New()
	why := bashfile.Provenance{Source: "test"}
	f.AddPackages(bashfile.Runtimes, why, "nodejs", "npm")
	f.Append(bashfile.Runtimes, "npm ci", why)
	log := readLog(t, "npm-lifecycle/prepare-git-hooks.log")
	var got *Proposal
	for _, p := range Propose(&Context{File: f}, Failure{Phase: PhaseSetup, Section: bashfile.Runtimes, ExitCode: 127, Log: log}) {
		if p.Diagnosis.Kind == LifecycleScript {
			got = &p
		}
	}
	if got == nil || got.Action != ActionEdit || got.Edits[0].Command != "npm ci --ignore-scripts && npm rebuild" {
		t.Fatalf("proposal %+v", got)
	}
}

// A parallel make that fails with no cause named is tried once with one
// job; a specific diagnosis of the same log wins.
func TestParallelBuildFailureRetriesSerially(t *testing.T) {
	f := bashfile.New()
	why := bashfile.Provenance{Source: "test"}
	f.Append(bashfile.Build, "./configure", why)
	f.Append(bashfile.Build, `make -j"$(nproc)"`, why)
	log := readLog(t, "parallel-build/flex-stage1scan-race.log")
	fl := Failure{Phase: PhaseSetup, Section: bashfile.Build, ExitCode: 2, Log: log}
	ps := Propose(&Context{File: f}, fl)
	if len(ps) == 0 || ps[0].Diagnosis.Kind != ParallelBuild || ps[0].Action != ActionEdit || ps[0].Edits[0].Command != "make -j1" {
		t.Fatalf("proposals %+v", ps)
	}
	ps = Propose(&Context{File: f}, Failure{Phase: PhaseSetup, Section: bashfile.Build, ExitCode: 2, Log: "main.c:1:10: fatal error: zlib.h: No such file or directory\n" + log})
	for _, p := range ps {
		if p.Diagnosis.Kind == ParallelBuild {
			t.Fatalf("a missing header explains the log; proposals %+v", ps)
		}
	}
}

// A name inside an offline branch's pkg_install is taken out too.
func TestUnknownPackageInACompoundCommand(t *testing.T) {
	f := bashfile.New()
	why := bashfile.Provenance{Source: "test"}
	f.Append(bashfile.Runtimes, "if pypi_reachable; then\n  pip install -e .\nelse\n  pkg_install python3-pdm-backend python3-pytest\n  pip install --no-build-isolation --no-deps -e .\nfi", why)
	log := "E: Unable to locate package python3-pdm-backend\n"
	ps := Propose(&Context{File: f}, Failure{Phase: PhaseSetup, Section: bashfile.Runtimes, ExitCode: 100, Log: log})
	if len(ps) != 1 || ps[0].Action != ActionEdit || !strings.Contains(ps[0].Edits[0].Command, "  pkg_install python3-pytest\n") {
		t.Fatalf("proposals %+v", ps)
	}
}
