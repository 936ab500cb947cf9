package repair

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// pytestStrictConfig: the project's pytest ini keys are newer than the
// pytest plugins installed here (Debian's pytest-asyncio 0.20 and
// asyncio_default_fixture_loop_scope). pytest checks the keys after
// collection and, under --strict-config, stops with a usage error
// ("ERROR: Unknown config option: …", exit 4), or under the project's
// filterwarnings=error with an internal error ("PytestConfigWarning:
// Unknown config option: …", exit 3), before any test runs. The repair
// declares each key the log names in a one-function plugin loaded with
// -p (PYTEST_ADDOPTS): the key is then known and, as before the
// plugin grew it, has no effect. The repository's files are not touched.
// A key of a plugin that is not installed at all is also a missing
// module (pytestPlugins); both repairs apply.
type pytestStrictConfig struct{}

var pytestStrictRe = regexp.MustCompile(`(?:PytestConfigWarning: |^ERROR: )Unknown config option: (\w+)\s*$`)

func (pytestStrictConfig) Name() string { return "pytest-strict-config" }

func (pytestStrictConfig) Diagnose(f Failure) []Diagnosis {
	var out []Diagnosis
	seen := map[string]bool{}
	for _, l := range logLines(f.Log) {
		if m := pytestStrictRe.FindStringSubmatch(strings.TrimSpace(l)); m != nil && !seen[m[1]] {
			seen[m[1]] = true
			out = append(out, Diagnosis{Kind: PytestStrictConfig, Subject: m[1], Evidence: strings.TrimSpace(l)})
		}
	}
	return out
}

func (r pytestStrictConfig) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != PytestStrictConfig {
		return Proposal{}, false
	}
	mod := "heragent_ini_" + d.Subject
	write := fmt.Sprintf(`printf 'def pytest_addoption(parser):\n    parser.addini("%%s", "declared by heragent: the installed plugin predates it")\n' %s > "$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/%s.py"`, d.Subject, mod)
	if ctx.File != nil && ctx.File.Find(bashfile.Runtimes, mod+".py") >= 0 {
		return record(d, "pytest still refuses the ini key "+d.Subject+" although it is declared"), true
	}
	return edit(d, fmt.Sprintf("no installed pytest plugin knows the ini key %s, which the configuration makes fatal: a plugin declares it (-p %s), and the suite runs", d.Subject, mod),
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: write, Why: why(r, d)},
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: `persist_env PYTEST_ADDOPTS "${PYTEST_ADDOPTS:+$PYTEST_ADDOPTS }-p ` + mod + `"`, Why: why(r, d)}), true
}
