package repair

import (
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// The plugins a pytest configuration needs, from its own errors: options
// of addopts pytest does not recognise, and ini keys it does not know
// (fatal under -W error).
func TestPytestPlugins(t *testing.T) {
	for _, tc := range []struct {
		log  string
		want []string
	}{
		{"__main__.py: error: unrecognized arguments: --asyncio-mode=strict", []string{"pytest_asyncio"}},
		{"pytest: error: unrecognized arguments: --cov=tqdm --cov-report=xml -n 4", []string{"pytest_cov", "xdist"}},
		{"E   pytest.PytestConfigWarning: Unknown config option: timeout", []string{"pytest_timeout"}},
		{"pytest: error: unrecognized arguments: --frobnicate", nil},
		{"error: unrecognized arguments: --cov", nil}, // not pytest's
	} {
		var got []string
		for _, d := range pytestPlugins(tc.log) {
			got = append(got, d.Subject)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.log, got, tc.want)
		}
	}
}

// An ini key of a plugin that is installed but older than the project's
// configuration (Debian's pytest-asyncio 0.20 and
// asyncio_default_fixture_loop_scope): the warning, fatal under the
// project's filterwarnings=error, is ignored from the command line.
func TestOldPytestPluginIniKey(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Command: "python -m pytest -q", ExitCode: 3, Log: readLog(t, "missing-python-module/pytest-old-asyncio-ini-filelock.log")}
	file := bashfile.New()
	file.AddPackages(bashfile.Runtimes, bashfile.Provenance{Source: "python"}, "python3-pytest", "python3-pytest-asyncio")
	index := MapIndex{PythonModules: map[string][]string{"pytest_asyncio": {"python3-pytest-asyncio"}}}
	ps := Propose(&Context{File: file, Index: index}, f)
	if len(ps) != 1 || ps[0].Action != ActionEdit || !strings.Contains(ps[0].Edits[0].Command, "-W ignore::pytest.PytestConfigWarning") {
		t.Fatalf("proposals %+v", ps)
	}
}

// A module no Debian package ships stops the collection of the test
// modules that import it: the others run (pytest's
// --continue-on-collection-errors) and the suite is judged on them.
func TestUninstallableModuleLetsTheOtherTestsRun(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Command: "python -m pytest -q", ExitCode: 4, Log: readLog(t, "missing-python-module/pytest-collect-time-machine-structlog.log")}
	file := bashfile.New()
	ps := Propose(&Context{File: file, Index: MapIndex{}}, f)
	if len(ps) != 1 || ps[0].Action != ActionEdit || !strings.Contains(ps[0].Edits[0].Command, "--continue-on-collection-errors") {
		t.Fatalf("proposals %+v", ps)
	}
	file.Apply(ps[0].Edits[0])
	if ps := Propose(&Context{File: file, Index: MapIndex{}}, f); len(ps) != 1 || ps[0].Action == ActionEdit {
		t.Fatalf("again: %+v", ps)
	}
}
