package repair

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

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
	if p.Action != ActionEdit || len(p.Edits) != 1 || !strings.Contains(p.Edits[0].Command, "for p in python3-time-machine;") {
		t.Fatalf("first, the next release's package: %+v", p)
	}
	file.Apply(p.Edits[0]) // it had none: the module is still missing
	p = timeMachine(Propose(&Context{File: file, Index: MapIndex{}}, f))
	if p.Action != ActionEdit || len(p.Edits) != 1 || !strings.Contains(p.Edits[0].Command, "--continue-on-collection-errors") {
		t.Fatalf("proposal %+v", p)
	}
	file.Apply(p.Edits[0])
	if p := timeMachine(Propose(&Context{File: file, Index: MapIndex{}}, f)); p.Action == ActionEdit {
		t.Fatalf("again: %+v", p)
	}
}

// A configuration asking for pytest's importlib import mode (keyring's
// pytest.ini) collects nothing on Debian's pytest 7.2: the suite runs in
// the default import mode first, then past the modules that still fail;
// without that configuration the fallback goes straight on past them. (The
// log is keyring's once its unknown ini key is declared: pytest-strict-config.)
func TestImportlibModeRunsInTheDefaultMode(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Command: "python -m pytest -q", ExitCode: 2, Log: readLog(t, "pytest-collection/importlib-mode-keyring.log")}
	ini := fstest.MapFS{"pytest.ini": {Data: []byte("[pytest]\nnorecursedirs=dist build .tox .eggs\naddopts=\n\t--doctest-modules\n\t--import-mode importlib\nconsider_namespace_packages=true\n")}}
	collect := func(ctx *Context) Proposal {
		for _, p := range Propose(ctx, f) {
			if p.Diagnosis.Kind == PytestCollection {
				return p
			}
		}
		t.Fatalf("no collection diagnosis: %+v", Diagnose(f))
		return Proposal{}
	}
	file := bashfile.New()
	p := collect(&Context{File: file, Repo: ini})
	if p.Action != ActionEdit || !strings.Contains(p.Edits[0].Command, "--import-mode=prepend") {
		t.Fatalf("first: %+v", p)
	}
	file.Apply(p.Edits[0])
	if p := collect(&Context{File: file, Repo: ini}); p.Action != ActionEdit || !strings.Contains(p.Edits[0].Command, "--continue-on-collection-errors") {
		t.Fatalf("then: %+v", p)
	}
	if p := collect(&Context{File: bashfile.New(), Repo: fstest.MapFS{"pytest.ini": {Data: []byte("[pytest]\naddopts = -ra\n")}}}); !strings.Contains(p.Edits[0].Command, "--continue-on-collection-errors") {
		t.Fatalf("without importlib: %+v", p)
	}
}

// A module of the project's own package that the package no longer has
// (paramiko's demos import paramiko.py3compat, which 3.0 removed) is
// recorded as code out of date with the package, not sought in Debian.
func TestOwnPackageLacksTheModule(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Command: "python demos/demo.py", ExitCode: 1,
		Log: "Traceback (most recent call last):\n  File \"/repo/demos/demo.py\", line 33, in <module>\n    from paramiko.py3compat import input\nModuleNotFoundError: No module named 'paramiko.py3compat'\n"}
	repo := fstest.MapFS{"paramiko/__init__.py": {Data: []byte("")}, "paramiko/client.py": {Data: []byte("")}}
	ps := Propose(&Context{File: bashfile.New(), Repo: repo}, f)
	if len(ps) == 0 || ps[0].Action != ActionRecord || !strings.Contains(ps[0].Reason, "out of date with the package") {
		t.Fatalf("proposals %+v", ps)
	}
}

// A conftest below the top of the tests imports a module no package
// provides (thefuck's tests/functional/conftest.py): pytest leaves that
// directory out and the rest of the suite runs. The top conftest
// (apscheduler's tests/conftest.py) governs the whole suite: nothing is
// left out.
func TestConftestOfAPartOfTheTestsIsLeftOut(t *testing.T) {
	repo := fstest.MapFS{
		"tests/conftest.py":             {Data: []byte("import pytest\n")},
		"tests/test_utils.py":           {Data: []byte("def test_x(): pass\n")},
		"tests/functional/conftest.py":  {Data: []byte("from pytest_docker_pexpect.docker import run\n")},
		"tests/functional/test_bash.py": {Data: []byte("def test_y(): pass\n")},
	}
	missing := func(log, module string, ctx *Context) Proposal {
		f := Failure{Phase: PhaseCommand, Command: "python -m pytest -q", ExitCode: 1, Log: readLog(t, "missing-python-module/"+log)}
		for _, p := range Propose(ctx, f) {
			if p.Diagnosis.Subject == module {
				return p
			}
		}
		t.Fatalf("no proposal for %s", module)
		return Proposal{}
	}
	file := bashfile.New()
	file.Append(bashfile.Runtimes, bashfile.NewerInstallAvailable("python3-pytest-docker-pexpect"), bashfile.Provenance{Source: "test"}) // tried: the next release has none
	file.Append(bashfile.Runtimes, bashfile.NewerInstallAvailable("python3-pytest-lazy-fixtures"), bashfile.Provenance{Source: "test"})
	ctx := &Context{File: file, Index: MapIndex{}, Repo: repo}
	p := missing("conftest-subdir-thefuck.log", "pytest_docker_pexpect", ctx)
	if p.Action != ActionEdit || len(p.Edits) != 1 || !strings.Contains(p.Edits[0].Command, "--ignore=tests/functional\"") {
		t.Fatalf("proposal %+v", p)
	}
	file.Apply(p.Edits[0])
	if p := missing("conftest-subdir-thefuck.log", "pytest_docker_pexpect", ctx); p.Action == ActionEdit {
		t.Fatalf("again: %+v", p)
	}
	if p := missing("conftest-top-apscheduler.log", "pytest_lazy_fixtures", ctx); p.Action == ActionEdit {
		t.Fatalf("the top conftest left out: %+v", p)
	}
	// untried, the next release's package comes first
	if p := missing("conftest-top-apscheduler.log", "pytest_lazy_fixtures", &Context{File: bashfile.New(), Index: MapIndex{}, Repo: repo}); p.Action != ActionEdit || !strings.Contains(p.Edits[0].Command, "for p in python3-pytest-lazy-fixtures;") {
		t.Fatalf("the next release's plugin: %+v", p)
	}
	// with a provider, the package is installed instead
	idx := MapIndex{PythonModules: map[string][]string{"pytest_docker_pexpect": {"python3-pytest-docker-pexpect"}}}
	if p := missing("conftest-subdir-thefuck.log", "pytest_docker_pexpect", &Context{File: bashfile.New(), Index: idx, Repo: repo}); p.Action != ActionEdit || strings.Contains(p.Edits[0].Command, "--ignore") {
		t.Fatalf("with a package: %+v", p)
	}
}

// A plugin a -p option names by its entry point (psutil's `-p
// instafail`) is installed by its module's package, pytest_<name>.
func TestPluginArgIsThePytestModule(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Command: "python -m pytest -q", ExitCode: 1, Log: "ModuleNotFoundError: No module named 'instafail'\nImportError: Error importing plugin \"instafail\": No module named 'instafail'\n"}
	idx := MapIndex{PythonModules: map[string][]string{"pytest_instafail": {"python3-pytest-instafail"}}}
	ps := Propose(&Context{File: bashfile.New(), Index: idx}, f)
	if len(ps) == 0 || ps[0].Action != ActionEdit || !strings.Contains(strings.Join(ps[0].Edits[0].Packages, " "), "python3-pytest-instafail") {
		t.Fatalf("proposals %+v", ps)
	}
}

// A module the checkout has (a test helper off the path) is not sought
// in the next Debian release.
func TestOwnModuleIsNotSoughtInTheNextRelease(t *testing.T) {
	repo := fstest.MapFS{"tests/helpers/__init__.py": {Data: []byte("")}}
	f := Failure{Phase: PhaseCommand, Command: "python -m pytest -q", ExitCode: 1, Log: "E   ModuleNotFoundError: No module named 'helpers'\n"}
	for _, p := range Propose(&Context{File: bashfile.New(), Index: MapIndex{}, Repo: repo}, f) {
		if p.Action == ActionEdit && strings.Contains(p.Edits[0].Command, "python3-helpers") {
			t.Fatalf("the checkout's own module sought in Debian: %+v", p)
		}
	}
}

// The project's own extension module is not importable (ultrajson's ujson,
// C sources whose build failed offline): Debian's python3-ujson, another
// version, is not installed to stand in for it; a dependency still is.
func TestOwnExtensionModuleIsNotInstalledFromDebian(t *testing.T) {
	repo := fstest.MapFS{
		"pyproject.toml":           {Data: []byte("[build-system]\nrequires = [\"setuptools\"]\n\n[project]\nname = \"ujson\"\ndescription = \"x\"\n")},
		"src/ujson/python/ujson.c": {Data: []byte("")},
	}
	index := MapIndex{PythonModules: map[string][]string{"ujson": {"python3-ujson"}, "orjson": {"python3-orjson"}}}
	for mod, own := range map[string]bool{"ujson": true, "orjson": false} {
		f := Failure{Phase: PhaseCommand, Command: "python -m pytest -q", ExitCode: 2, Log: "E   ModuleNotFoundError: No module named '" + mod + "'\n"}
		ps := Propose(&Context{File: bashfile.New(), Index: index, Repo: repo}, f)
		if len(ps) == 0 {
			t.Fatalf("%s: no proposal", mod)
		}
		if got := ps[0].Action == ActionRecord && strings.Contains(ps[0].Reason, "project's own"); got != own {
			t.Errorf("%s: own=%v, proposal %+v", mod, got, ps[0])
		}
	}
}
