package repair

import (
	"fmt"

	"github.com/heragent/heragent/bashfile"
)

// pytestStrictConfig: the project's pytest ini keys are newer than the
// pytest plugins installed here (Debian's pytest-asyncio 0.20 and
// asyncio_default_fixture_loop_scope). pytest checks the keys after
// collection and, under --strict-config, stops with a usage error
// ("ERROR: Unknown config option: …", exit 4), or under the project's
// filterwarnings=error with an internal error ("PytestConfigWarning:
// Unknown config option: …", exit 3), before any test runs; either way
// it names only the first such key. The repair loads a small plugin (-p
// heragent_ini, PYTEST_ADDOPTS) that declares, at pytest_configure, every
// key of the configuration no installed plugin knows: they are then
// known and, as before the plugins grew them, have no effect. One repair
// covers them all (filelock's asyncio_default_fixture_loop_scope and
// pytest 8's verbosity_assertions came one full setup run apart when
// declared one by one). The repository's files are not touched. A key of
// a plugin that is not installed at all is also a missing module
// (pytestPlugins): both repairs apply.
type pytestStrictConfig struct{}

func (pytestStrictConfig) Name() string { return "pytest-strict-config" }

// Diagnose reads the key from the message pytestPlugins reads too; the
// engine keeps one diagnosis per key.
func (pytestStrictConfig) Diagnose(f Failure) []Diagnosis {
	return scan(f.Log, []match{{PytestStrictConfig, pytestUnknownIniRe}}, nil)
}

func (r pytestStrictConfig) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != PytestStrictConfig {
		return Proposal{}, false
	}
	const mod = "heragent_ini"
	write := `printf 'def pytest_configure(config):\n    for k in list(config.inicfg):\n        if k not in config._parser._inidict:\n            config._parser.addini(k, "declared by heragent: no installed plugin knows it")\n' > "$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/` + mod + `.py"`
	if ctx.File != nil && ctx.File.Contains(mod+".py") {
		return record(d, "pytest still refuses the ini key "+d.Subject+" although every unknown key is declared"), true
	}
	return edit(d, fmt.Sprintf("no installed pytest plugin knows the ini key %s, which the configuration makes fatal: a plugin declares every such key (-p %s), and the suite runs", d.Subject, mod),
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: write, Why: why(r, d)},
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: addopts("-p " + mod), Why: why(r, d)}), true
}
