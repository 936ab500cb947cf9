package repair

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// missingPythonModule: an import failed. PyPI is unreachable in many
// sites, so the Debian package (python3-yaml) is preferred unless pip is
// known to reach its index; a venv must then see system site-packages.
type missingPythonModule struct{}

var pythonMatches = []match{
	// ModuleNotFoundError: No module named 'yaml'
	{MissingPythonModule, regexp.MustCompile(`ModuleNotFoundError: No module named '([\w.]+)'`)},
	// Python 2 / older: ImportError: No module named yaml
	{MissingPythonModule, regexp.MustCompile(`ImportError: No module named '?([\w.]+)'?`)},
	// an optional dependency the library names in words (textdistance:
	// "ImportError: Please, install numpy for Needleman-Wunsch measure";
	// pandas: "Missing optional dependency 'xlrd'")
	{MissingPythonModule, regexp.MustCompile(`^E?\s*ImportError: (?:.*\b[Pp]lease,? )?(?:[Yy]ou (?:need|must) )?install (?:the )?['"` + "`" + `]?([A-Za-z][\w.]*[A-Za-z0-9])['"` + "`" + `]?(?:\s+(?:for|to|in order|package|module|first)\b|[.,;:]?\s*$)`)},
	{MissingPythonModule, regexp.MustCompile(`ImportError: Missing optional dependency '([\w.]+)'`)},
	// a module guarding its import in its own words (starlette's
	// testclient: "RuntimeError: The starlette.testclient module requires
	// the httpx package to be installed.")
	{MissingPythonModule, regexp.MustCompile(`^E?\s*(?:RuntimeError|ImportError|ModuleNotFoundError): .*\brequires the ['"` + "`" + `]?([A-Za-z][\w.]*[A-Za-z0-9])['"` + "`" + `]? (?:package|module|library) to be installed`)},
}

// pipNoDistRe is pip failing to find a distribution, usually because its
// index is unreachable: ERROR: No matching distribution found for pyyaml
var pipNoDistRe = regexp.MustCompile(`No matching distribution found for ([A-Za-z0-9][\w.-]*)`)

// pipReachedRe is pip output that proves it reached its index.
var pipReachedRe = regexp.MustCompile(`(?m)^\s*(Downloading|Collecting \S+\s*$|Successfully installed|Using cached)`)

const pipReachable = "pip-reachable"

// pytestCollect marks a module missing while pytest collected test
// modules: "ERROR collecting tests/test_generic.py".
const pytestCollect = "pytest-collect"

var pytestCollectRe = regexp.MustCompile(`(?m)^_+ ERROR collecting \S+ _+$|errors? during collection`)

func (missingPythonModule) Name() string { return "missing-python-module" }

func (missingPythonModule) Diagnose(f Failure) []Diagnosis {
	ds := append(scan(f.Log, pythonMatches, nil), pytestPlugins(f.Log)...)
	if pipReachedRe.MatchString(f.Log) {
		for i := range ds {
			ds[i].Detail = pipReachable
		}
	} else if f.Phase == PhaseCommand && pytestCollectRe.MatchString(f.Log) {
		for i := range ds {
			if ds[i].Detail == "" {
				ds[i].Detail = pytestCollect // the module stops the collection of test modules
			}
		}
	}
	for i := range ds {
		if ds[i].Kind == MissingPythonModule && ds[i].Detail == "" && strings.Contains(f.Log, `Error importing plugin "`+ds[i].Subject+`"`) {
			ds[i].Detail = pytestPluginArg // -p name: the plugin's entry point, its module often pytest_name
			continue
		}
		if ds[i].Kind != MissingPythonModule || (ds[i].Detail != "" && ds[i].Detail != pytestCollect) {
			continue
		}
		if dir := conftestDir(f.Log, ds[i].Evidence); dir != "" {
			ds[i].Detail = conftestDetail + dir // a part of the tests' conftest needs it
		}
	}
	// nothing ran: tests that skip themselves when a module is absent
	// (pytest.importorskip in a conftest skips a whole directory) need it
	if !pytestPassedRe.MatchString(f.Log) {
		ds = append(ds, scan(f.Log, []match{{MissingPythonModule, importOrSkipRe}}, nil)...)
	}
	// pip could not download a distribution: the same repair (a Debian
	// package seen through --system-site-packages) lets pip find the
	// requirement satisfied without its index.
	for _, d := range scan(f.Log, []match{{MissingPythonModule, pipNoDistRe}}, nil) {
		d.Detail = pipDistribution
		ds = append(ds, d)
	}
	return ds
}

// importOrSkipRe is pytest.importorskip's reason in the short test
// summary: "SKIPPED [1] t/unit/conftest.py:17: could not import 'boto3':
// No module named 'boto3'".
var importOrSkipRe = regexp.MustCompile(`^SKIPPED \[\d+\] \S+: could not import '([\w.]+)': No module named`)

// pytestPassedRe is pytest's count of passed tests.
var pytestPassedRe = regexp.MustCompile(`\b[1-9]\d* passed\b`)

const pipDistribution = "pip-distribution"

// pytestPluginArg marks a module pytest could not import for a -p option.
const pytestPluginArg = "pytest-plugin-arg"

// importName maps a PyPI distribution name to its import name, as far as
// the built-in hints know; otherwise the normalised distribution name.
func importName(dist string) string {
	for imp, d := range pythonDistHints {
		if strings.EqualFold(d, dist) {
			return imp
		}
	}
	return strings.ReplaceAll(strings.ToLower(dist), "-", "_")
}

// ownPackageDir is the checkout's directory of the Python package top (at
// the top or under src/), "" when the checkout has none.
func ownPackageDir(ctx *Context, top string) string {
	if ctx.Repo == nil || top == "" {
		return ""
	}
	for _, d := range []string{top, "src/" + top} {
		if _, err := ctx.Repo.ReadFile(d + "/__init__.py"); err == nil {
			return d + "/"
		}
	}
	return ""
}

// nextReleaseModule proposes the next Debian release's package of a
// module this release does not package, by Debian's naming
// (python3-<module>, '_' as '-'): pint's flexcache, apscheduler's
// pytest_lazy_fixtures and invoke's pytest_relaxed are in trixie, not in
// bookworm. The package comes from that release alone, when it has it and
// it installs beside this release's packages (NewerInstallAvailable);
// once tried, the other repairs follow. Not for a name the checkout has
// (its own module, a test helper off the path).
func nextReleaseModule(r Rule, d Diagnosis, ctx *Context, top string) (Proposal, bool) {
	if ctx.File == nil || len(top) < 3 || ownModule(ctx, top) {
		return Proposal{}, false
	}
	pkg := "python3-" + strings.ToLower(strings.ReplaceAll(top, "_", "-"))
	cmd := bashfile.NewerInstallAvailable(pkg)
	if ctx.File.Contains(cmd) {
		return Proposal{}, false
	}
	return edit(d, fmt.Sprintf("no package of this Debian release provides Python module %q: the next release's %s, if it has one, only that", top, pkg),
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: cmd, Why: why(r, d)}), true
}

// ownModule reports whether the checkout has a module or package of that
// name: a package at its top or under src/ (ownPackageDir), or a module
// there or beside its tests.
func ownModule(ctx *Context, name string) bool {
	if ownPackageDir(ctx, name) != "" {
		return true
	}
	if ctx.Repo == nil {
		return false
	}
	for _, f := range []string{name + ".py", "src/" + name + ".py", "tests/" + name + ".py", "test/" + name + ".py", "tests/" + name + "/__init__.py", "test/" + name + "/__init__.py"} {
		if _, err := ctx.Repo.ReadFile(f); err == nil {
			return true
		}
	}
	return false
}

// venvRe finds a venv creation in a command.
var venvRe = regexp.MustCompile(`(-m venv|\bvirtualenv)\b`)

func (r missingPythonModule) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != MissingPythonModule {
		return Proposal{}, false
	}
	name := d.Subject
	if d.Detail == pipDistribution {
		name = importName(d.Subject)
	}
	top, _, _ := strings.Cut(name, ".")
	if own := ownPackageDir(ctx, top); own != "" && top != name && d.Detail != pipDistribution {
		// the project's own package lacks the module: the code that
		// imports it is older than the package (paramiko's demos import
		// paramiko.py3compat, which 3.0 removed); no package brings it
		return record(d, fmt.Sprintf("the project's own package %s (%s) has no module %s: the code importing it is out of date with the package", top, own, name)), true
	}
	if dist := ownDistribution(ctx); dist != "" && importName(dist) == top && !ownModule(ctx, top) {
		// an extension module the project builds (ultrajson's ujson, from
		// C sources): Debian's copy would be tested in its place
		return record(d, fmt.Sprintf("Python module %s is the project's own (distribution %s), built from its sources: the build did not make it importable (the setup log says why: an extension module that did not compile); no package of another version stands in for it", top, dist)), true
	}
	if d.Detail != pipDistribution && (ctx.PyPIReachable || d.Detail == pipReachable) {
		dist := pythonDistHints[d.Subject]
		if dist == "" {
			dist = pythonDistHints[top]
		}
		if dist == "" {
			dist = top
		}
		cmd := "python3 -m pip install " + dist
		if i, _ := ctx.find(bashfile.Runtimes, func(t string) bool { return venvRe.MatchString(t) }); i >= 0 {
			cmd = "pip install " + dist // the venv is on PATH after its creation
		}
		return edit(d, fmt.Sprintf("pip reaches its index here: install %s", dist),
			bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: cmd, Why: why(r, d)}), true
	}
	cands := lookup(ctx, func(i PackageIndex) []string { return i.PythonModule(name) }, pythonDebianHints[name])
	if len(cands) == 0 && d.Detail == pytestPluginArg {
		// `-p instafail` names pytest-instafail's entry point; its module is pytest_instafail
		cands = lookup(ctx, func(i PackageIndex) []string { return i.PythonModule("pytest_" + name) }, pythonDebianHints["pytest_"+name])
	}
	if len(cands) == 0 && top != name {
		cands = lookup(ctx, func(i PackageIndex) []string { return i.PythonModule(top) }, pythonDebianHints[top])
	}
	p := addPackage(r, d, ctx, cands)
	if p.Action != ActionEdit && len(cands) == 0 && d.Detail != pipDistribution {
		if q, ok := nextReleaseModule(r, d, ctx, top); ok {
			return q, true
		}
	}
	if p.Action != ActionEdit {
		if q, ok := conftestIgnore(r, d, ctx, p.Reason); ok {
			return q, true // pytest_conftest.go
		}
	}
	if p.Action != ActionEdit && d.Detail == pytestCollect && ctx.File != nil && !ctx.File.Contains("--continue-on-collection-errors") {
		// no package brings the module: the test modules that import it
		// fail to collect, the others run (their errors count as the
		// suite's, judged like any failure)
		return edit(d, p.Reason+"; pytest runs the test modules that do not need it",
			bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: continueOnCollection, Why: why(r, d)}), true
	}
	if p.Action != ActionEdit {
		return p, true
	}
	if d.Detail == pipDistribution {
		p.Reason = "pip cannot download " + d.Subject + ": " + p.Reason + "; pip then finds the requirement satisfied"
	}
	// A venv hides Debian's dist-packages unless made with --system-site-packages.
	if i, text := ctx.find(bashfile.Runtimes, func(t string) bool { return venvRe.MatchString(t) }); i >= 0 && !strings.Contains(text, "--system-site-packages") {
		loc := venvRe.FindStringIndex(text)
		fixed := text[:loc[1]] + " --system-site-packages" + text[loc[1]:]
		p.Edits = append(p.Edits, bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Runtimes, Match: text, Command: fixed, Why: why(r, d)})
		p.Reason += "; the venv is re-created with --system-site-packages so it sees Debian's Python packages"
	}
	return p, true
}

// distNameRes find the distribution's name in pyproject.toml ([project]
// or [tool.poetry], the first name key), setup.cfg and setup.py.
var distNameRes = map[string]*regexp.Regexp{
	"pyproject.toml": regexp.MustCompile(`(?ms)^\[(?:project|tool\.poetry)\][^\[]*?^name\s*=\s*["']([\w.-]+)["']`),
	"setup.cfg":      regexp.MustCompile(`(?ms)^\[metadata\][^\[]*?^name\s*=\s*([\w.-]+)\s*$`),
	"setup.py":       regexp.MustCompile(`\bname\s*=\s*["']([\w.-]+)["']`),
}

// ownDistribution is the name of the Python distribution the checkout
// builds, "" when no manifest names one.
func ownDistribution(ctx *Context) string {
	if ctx.Repo == nil {
		return ""
	}
	for _, f := range []string{"pyproject.toml", "setup.cfg", "setup.py"} {
		b, err := ctx.Repo.ReadFile(f)
		if err != nil {
			continue
		}
		if m := distNameRes[f].FindSubmatch(b); m != nil {
			return string(m[1])
		}
	}
	return ""
}
