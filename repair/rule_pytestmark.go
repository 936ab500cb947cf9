package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// pytestPluginMark: tests marked for a pytest plugin the project declares
// and the environment cannot have fail without it — pydash's
// tests/pytest_mypy_testing, `@pytest.mark.mypy_testing` for
// pytest-mypy-testing (PyPI only): run as plain tests, 351 of them fail
// with "NameError: name 'reveal_type' is not defined". pytest warns that
// the mark is unknown; the project names the plugin (pyproject's
// "pytest-mypy-testing"); Debian has no python3-pytest-mypy-testing. The
// plugin's tests are deselected (`-m 'not mypy_testing'` in
// PYTEST_ADDOPTS, which every spelling of the suite reads) and the rest of
// the suite runs; the report says which. A plugin Debian ships is
// installed by missing-python-module instead (its fixture, its options).
type pytestPluginMark struct{}

var pytestUnknownMarkRe = regexp.MustCompile(`PytestUnknownMarkWarning: Unknown pytest\.mark\.(\w+)`)

// pytestDeclFiles are where a project declares its test dependencies.
var pytestDeclFiles = []string{"pyproject.toml", "setup.cfg", "setup.py", "tox.ini", "requirements-dev.txt", "requirements-test.txt", "requirements_dev.txt", "test-requirements.txt", "dev-requirements.txt"}

func (pytestPluginMark) Name() string { return "pytest-plugin-mark" }

func (pytestPluginMark) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand || f.ExitCode == 0 {
		return nil
	}
	var out []Diagnosis
	seen := map[string]bool{}
	for _, l := range logLines(f.Log) {
		if m := pytestUnknownMarkRe.FindStringSubmatch(l); m != nil && !seen[m[1]] {
			seen[m[1]] = true
			out = append(out, Diagnosis{Kind: PytestPluginMark, Subject: m[1], Evidence: strings.TrimSpace(l)})
		}
	}
	return out
}

func (r pytestPluginMark) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != PytestPluginMark {
		return Proposal{}, false
	}
	plugin := "pytest-" + strings.ReplaceAll(d.Subject, "_", "-")
	declared := false
	for _, f := range pytestDeclFiles {
		if strings.Contains(strings.ToLower(ctx.readRepo(f)), plugin) {
			declared = true
		}
	}
	if !declared {
		return none(d, "the mark "+d.Subject+" is the project's own: it declares no "+plugin), true
	}
	if ps := lookup(ctx, func(i PackageIndex) []string { return i.PythonModule(strings.ReplaceAll(plugin, "-", "_")) }, nil); len(ps) > 0 {
		return none(d, "Debian ships "+plugin+" ("+strings.Join(ps, ", ")+"): a missing module's repair installs it"), true
	}
	deselect := "-m 'not " + d.Subject + "'"
	if ctx.File != nil && ctx.File.Contains(deselect) {
		return record(d, "the tests marked "+d.Subject+" are deselected and the run still fails"), true
	}
	cmd := addopts(deselect)
	return edit(d, "tests marked "+d.Subject+" need "+plugin+", which the project declares and neither Debian nor the reachable registries provide: they are deselected, the rest of the suite runs",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: cmd, Why: why(r, d)}), true
}
