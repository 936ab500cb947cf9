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
// asyncio_default_fixture_loop_scope), fatal under the project's
// filterwarnings=error: the key is declared by a plugin of its own.
// When the plugin is missing too, it is installed in the same repair
// (filelock took two full setup runs for the two before).
func TestOldPytestPluginIniKey(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Command: "python -m pytest -q", ExitCode: 3, Log: readLog(t, "missing-python-module/pytest-old-asyncio-ini-filelock.log")}
	index := MapIndex{PythonModules: map[string][]string{"pytest_asyncio": {"python3-pytest-asyncio"}}}
	for _, installed := range []bool{true, false} {
		file := bashfile.New()
		file.AddPackages(bashfile.Runtimes, bashfile.Provenance{Source: "python"}, "python3-pytest")
		if installed {
			file.AddPackages(bashfile.Runtimes, bashfile.Provenance{Source: "python"}, "python3-pytest-asyncio")
		}
		var cmds []string
		for _, p := range Propose(&Context{File: file, Index: index}, f) {
			for _, e := range p.Edits {
				cmds = append(cmds, e.Command+strings.Join(e.Packages, " "))
			}
		}
		all := strings.Join(cmds, "\n")
		if !strings.Contains(all, "-p heragent_ini\"") || strings.Contains(all, "python3-pytest-asyncio") == installed {
			t.Errorf("plugin installed %v: edits %q", installed, cmds)
		}
	}
}

// A module no Debian package ships stops the collection of the test
// modules that import it: the others run (pytest's
// --continue-on-collection-errors) and the suite is judged on them.
func TestUninstallableModuleLetsTheOtherTestsRun(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Command: "python -m pytest -q", ExitCode: 4, Log: readLog(t, "missing-python-module/pytest-collect-time-machine-structlog.log")}
	file := bashfile.New()
	timeMachine := func(ps []Proposal) Proposal {
		for _, p := range ps {
			if p.Diagnosis.Subject == "time_machine" {
				return p
			}
		}
		t.Fatalf("no proposal for time_machine: %+v", ps)
		return Proposal{}
	}
	p := timeMachine(Propose(&Context{File: file, Index: MapIndex{}}, f))
	if p.Action != ActionEdit || len(p.Edits) != 1 || !strings.Contains(p.Edits[0].Command, "--continue-on-collection-errors") {
		t.Fatalf("proposal %+v", p)
	}
	file.Apply(p.Edits[0])
	if p := timeMachine(Propose(&Context{File: file, Index: MapIndex{}}, f)); p.Action == ActionEdit {
		t.Fatalf("again: %+v", p)
	}
}
