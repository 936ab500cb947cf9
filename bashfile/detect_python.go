package bashfile

import (
	"context"
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/heragent/heragent/retrieval"
)

// pythonDetector: pyproject.toml (setuptools, poetry, hatch, flit, pdm),
// setup.py / setup.cfg, requirements*.txt, tox.ini / noxfile.py, or
// Python sources. Always a virtualenv (.venv, seeing Debian's
// dist-packages); dependencies from pip when its index answers, else from
// Debian's python3-* packages — decided by a probe when the script runs.
type pythonDetector struct{}

func (pythonDetector) Name() string { return "python" }

func (pythonDetector) Detect(r *repo) bool {
	if r.has("setup.py", "setup.cfg", "requirements.txt", "tox.ini", "noxfile.py", "Pipfile") || r.pyproject() {
		return true
	}
	if !r.stacks["python"] {
		return false
	}
	// Python sources without a manifest beside C/C++ code are usually
	// helper scripts; they make a stack when pytest-style tests exist.
	return !r.hasLanguage("C", "C++") || hasPytestFiles(r)
}

// pyproject reports a top-level pyproject.toml that declares a package:
// one holding only linters' and formatters' settings does not.
func (r *repo) pyproject() bool {
	return r.top["pyproject.toml"] && r.fact("pyproject.toml", "tool_config") != "true"
}

func hasPytestFiles(r *repo) bool {
	for _, f := range r.files {
		b := path.Base(f.Path)
		if f.Language == "Python" && (strings.HasPrefix(b, "test_") || strings.HasSuffix(b, "_test.py") || b == "conftest.py") {
			return true
		}
	}
	return false
}

// debianPython is the Python minor version of Debian bookworm.
const debianPython = "3.11"

// backendDebian names the Debian packages of PEP 517 build backends (for
// installs without PyPI, which need --no-build-isolation).
var backendDebian = map[string][]string{
	"setuptools":        {"python3-setuptools", "python3-wheel"},
	"poetry":            {"python3-poetry-core"},
	"hatchling":         {"python3-hatchling"},
	"flit_core":         {"flit"},
	"pdm":               {"python3-pdm-backend"},
	"maturin":           {"python3-maturin"},
	"scikit_build_core": {"python3-scikit-build-core"},
	"mesonpy":           {"python3-mesonpy"},
}

// pypiReachable defines the run-time probe of pip's index: the configured
// index URL (PIP_INDEX_URL or pip config), else PyPI, asked for /pip/ with
// a short timeout. HERAGENT_PYPI=online|offline overrides it.
const pypiProbe = `pypi_reachable() {
  case "${HERAGENT_PYPI:-}" in online) return 0 ;; offline) return 1 ;; esac
  local url="${PIP_INDEX_URL:-$(pip config get global.index-url 2>/dev/null || true)}"
  url="${url:-https://pypi.org/simple}"
  python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=8)' "${url%/}/pip/" >/dev/null 2>&1
}`

var (
	testExtraNames = []string{"test", "tests", "testing", "dev"}
	testDistRe     = regexp.MustCompile(`^(pytest.*|mock|hypothesis|coverage|nose2?)$`)
	minPythonRe    = regexp.MustCompile(`>=\s*(3\.\d+)`)
)

func (d pythonDetector) Apply(ctx context.Context, p *planner) error {
	r := p.repo
	manifest := r.first("pyproject.toml", "setup.py", "setup.cfg", "requirements.txt")
	src := manifest
	if src == "" {
		src = firstPython(r)
	}
	why := ev(d.Name(), src, 0, "")
	base := []string{"python3", "python3-venv", "python3-pip"}
	if r.hasLanguage("C", "C++", "Cython") && p.cbuild == "" {
		if err := p.install(Base, ev(d.Name(), src, 0, "C/C++/Cython sources: extension modules need a compiler and Python's headers"), "build-essential", "python3-dev"); err != nil {
			return err
		}
		if err := p.cSystemDeps(ctx, d.Name()); err != nil {
			return err
		}
	}
	why.Note = "Python 3 with venv and pip"
	if err := p.install(Runtimes, why, base...); err != nil {
		return err
	}
	if req := pythonRequires(r); req != "" {
		if m := minPythonRe.FindStringSubmatch(req); m != nil && !versionAtMost(m[1], debianPython) {
			p.note(fmt.Sprintf("the project requires Python %s; Debian's is %s", req, debianPython))
		}
	}
	if err := p.add(Runtimes, "[ -d .venv ] || python3 -m venv --system-site-packages .venv",
		ev(d.Name(), src, 0, "a virtualenv that also sees Debian's python3-* packages")); err != nil {
		return err
	}
	if err := p.add(Runtimes, `path_prepend "$REPO_DIR/.venv/bin"`, ev(d.Name(), src, 0, "the venv first on PATH, now and in later shells")); err != nil {
		return err
	}
	deps, err := p.ix.DeclaredDependencies(ctx, "pypi")
	if err != nil {
		return fmt.Errorf("list pypi dependencies: %w", err)
	}
	var online, offline []string
	var offlinePkgs []string
	var missing []string
	var whys []Provenance
	var tools []string   // maintainers' programs left out offline (pytools.go)
	var toxDeps []string // tox.ini's [testenv] deps
	// wantDist adds dep's Debian package; false for a maintainer's program
	// it leaves out. A requirement of the project itself (install_requires,
	// [project] dependencies) is never one: the project runs it (yesqa runs
	// `python -m flake8` on the files it fixes)
	wantDist := func(dep retrieval.Dependency, runtime bool) bool {
		if !runtime && p.maintainerTool(ctx, dep.Name) {
			tools = appendNew(tools, dep.Name)
			return false
		}
		c, ok := bestUsable(p.pkgs.PyPIDistribution(dep.Name))
		if !ok {
			missing = append(missing, dep.Name)
			return true
		}
		if !containsStr(offlinePkgs, c) {
			offlinePkgs = append(offlinePkgs, c)
		}
		return true
	}
	reqFiles := requirementFiles(r)
	for _, f := range reqFiles {
		if testReqDirs[path.Dir(f)] {
			// the suite's extras (pybind11's name an index of their own):
			// what pip cannot have, the tests' failures name one by one
			online = append(online, "pip install -r "+shellQuote(f)+" || log "+shellQuote("not all of "+f+" could be installed: the tests name what they miss"))
			whys = append(whys, ev(d.Name(), f, 0, "the test suite's requirements"))
			continue
		}
		online = append(online, "pip install -r "+shellQuote(f))
		whys = append(whys, ev(d.Name(), f, 0, "requirements file"))
	}
	project := r.has("pyproject.toml", "setup.py") || r.has("setup.cfg") && r.fact("setup.cfg", "name") != ""
	pytest := wantsPytest(r, deps)
	self := normDist(r.fact("pyproject.toml", "name"))
	for _, dep := range deps {
		if auxPath(dep.Path) || strings.Contains(dep.Path, "docs/") || self != "" && normDist(dep.Name) == self {
			continue // the project itself (a test group's "requests[socks]") is the checkout
		}
		inReq := containsStr(reqFiles, dep.Path)
		inProject := dep.Path == "pyproject.toml" || dep.Path == "setup.py" || dep.Path == "setup.cfg"
		switch {
		case inReq:
			wantDist(dep, false)
		case dep.Path == "tox.ini":
			// tox's test environment: what the suite runs with
			if wantDist(dep, false) && (normDist(dep.Name) != "pytest" || !pytest) {
				toxDeps = append(toxDeps, dep.Name)
			}
		case inProject && dep.Scope == "build":
			if pkgs, ok := backendPackages(dep.Name); ok {
				offlinePkgs = appendNew(offlinePkgs, pkgs...)
			} else {
				wantDist(dep, false)
			}
		case inProject && dep.Scope == "optional":
			if testDistRe.MatchString(strings.ToLower(dep.Name)) {
				wantDist(dep, false)
			}
		case inProject:
			wantDist(dep, dep.Scope == "runtime")
		}
	}
	if project {
		if !containsStr(offlinePkgs, "python3-setuptools") && backendOf(r) == "" {
			offlinePkgs = appendNew(offlinePkgs, "python3-setuptools", "python3-wheel")
		}
		target := "."
		if extra := testExtra(ctx, p); extra != "" {
			target = ".[" + extra + "]"
		}
		online = append(online, "pip install -e "+shellQuote(target))
		whys = append(whys, ev(d.Name(), manifest, 0, "install the project in development mode"))
		offline = append(offline, pySourceInstall(pthDir(r), r.hasLanguage("Cython"), setupExtensions(r)))
	}
	if len(toxDeps) > 0 {
		online = append(online, "pip install "+quoteAll(toxDeps)+" || log "+shellQuote("not all of tox.ini's test dependencies could be installed: the tests name what they miss"))
		whys = append(whys, ev(d.Name(), "tox.ini", 0, "the test environment's dependencies (tox's [testenv] deps)"))
	}
	if pytest {
		online = append(online, "pip install pytest")
		offlinePkgs = appendNew(offlinePkgs, "python3-pytest")
		offline = append(offline, venvPytest)
		whys = append(whys, ev(d.Name(), pytestEvidence(r, deps), 0, "the tests run with pytest"))
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		p.note("no Debian package for Python distributions " + strings.Join(dedupeStrings(missing), ", ") + ": without PyPI they stay missing")
	}
	if r.has("Pipfile") && len(reqFiles) == 0 && !project {
		p.note("Pipfile found: pipenv is not used and its packages are not installed")
	}
	if r.has("tox.ini", "noxfile.py") {
		p.note(r.first("tox.ini", "noxfile.py") + " found: tox/nox build their own environments from PyPI; the venv gets the test dependencies instead")
	}
	offlinePkgs = p.existing(offlinePkgs) // a name the suite lacks (python3-pdm-backend) would stop apt
	if len(online) == 0 && len(offlinePkgs) == 0 {
		return nil
	}
	if err := p.add(Runtimes, pypiProbe, ev(d.Name(), "", 0, "pip's index may be unreachable (strict proxy, air gap): probe it when the script runs")); err != nil {
		return err
	}
	if len(offlinePkgs) > 0 {
		offline = append([]string{"pkg_install " + strings.Join(offlinePkgs, " ")}, offline...)
	}
	if project && len(offline) > 0 {
		// pip's inverted switch (pip issue 5735): 0 is --no-build-isolation,
		// so a suite's own `pip install -e .` (pydocstyle's integration
		// fixture) builds with the backend installed here, not one it
		// cannot fetch
		offline = append([]string{"persist_env PIP_NO_BUILD_ISOLATION 0"}, offline...)
		whys = append(whys, ev(d.Name(), manifest, 0, "offline: later pip installs (a test suite's own) build without isolation, with the backend installed here"))
	}
	if len(online) == 0 {
		online = []string{":"}
	}
	text := "if pypi_reachable; then\n  " + strings.Join(online, "\n  ") +
		"\nelse\n  log \"pip's index is unreachable: Python dependencies from Debian's python3-* packages\"\n  " +
		strings.Join(offline, "\n  ") + "\nfi"
	if len(offline) == 0 {
		text = "if pypi_reachable; then\n  " + strings.Join(online, "\n  ") + "\nelse\n  log \"pip's index is unreachable: nothing to install from Debian\"\nfi"
	}
	for i := range whys {
		if whys[i].File == "" {
			whys[i].File = src
		}
	}
	if len(offlinePkgs) > 0 {
		whys = append(whys, ev(d.Name(), manifest, 0, "offline: "+strings.Join(offlinePkgs, " ")+" (names from Debian's index)"))
	}
	if len(tools) > 0 {
		whys = append(whys, ev(d.Name(), manifest, 0, "offline, left out: "+strings.Join(tools, " ")+" (maintainers' programs no code here imports, or what only their benchmark and plotting scripts do)"))
	}
	if project || len(reqFiles) > 0 {
		return p.addProject(Runtimes, text, whys...) // the project, or its requirements
	}
	return p.add(Runtimes, text, whys...)
}

// quoteAll is words quoted for the shell, joined by spaces.
func quoteAll(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = shellQuote(w)
	}
	return strings.Join(q, " ")
}

// normDist is a distribution name as PEP 503 compares them.
func normDist(name string) string {
	return strings.ToLower(strings.NewReplacer("_", "-", ".", "-").Replace(name))
}

func firstPython(r *repo) string {
	for _, f := range r.files {
		if f.Language == "Python" && (f.Kind == "source" || f.Kind == "script") && !auxPath(f.Path) {
			return f.Path
		}
	}
	return ""
}

// requirementFiles are the top-level requirements files (runtime first,
// then development and test ones), requirements/*.txt and those of the
// test directory (tablib's and parsel's tests/requirements.txt, which
// their tox.ini installs: without them their format tests fail).
func requirementFiles(r *repo) []string {
	var out []string
	for _, f := range r.files {
		dir, base := path.Dir(f.Path), path.Base(f.Path)
		if f.Kind != "manifest" || f.Ecosystem != "pypi" || !strings.HasSuffix(base, ".txt") {
			continue
		}
		if dir == "." || dir == "requirements" || testReqDirs[dir] {
			if strings.Contains(base, "doc") || strings.Contains(base, "lint") {
				continue
			}
			out = append(out, f.Path)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i] == "requirements.txt" && out[j] != "requirements.txt" })
	return out
}

// testReqDirs are the test directories whose requirements files hold the
// suite's dependencies.
var testReqDirs = map[string]bool{"tests": true, "test": true, "testing": true}

func pythonRequires(r *repo) string {
	for _, f := range []string{"pyproject.toml", "setup.cfg", "setup.py"} {
		if v := r.fact(f, "python_requires"); v != "" {
			return v
		}
	}
	return ""
}

func backendOf(r *repo) string { return r.fact("pyproject.toml", "build_backend") }

// backendPackages maps a build-system requirement to Debian packages.
func backendPackages(dist string) ([]string, bool) {
	n := strings.ToLower(dist)
	if i := strings.IndexAny(n, " <>=!~;[("); i >= 0 {
		n = n[:i]
	}
	n = strings.ReplaceAll(n, "-", "_")
	switch n {
	case "poetry_core", "poetry":
		n = "poetry"
	case "flit", "flit_core":
		n = "flit_core"
	case "pdm_backend", "pdm_pep517":
		n = "pdm"
	case "meson_python":
		n = "mesonpy"
	case "wheel":
		return []string{"python3-wheel"}, true
	}
	pkgs, ok := backendDebian[n]
	return pkgs, ok
}

func wantsPytest(r *repo, deps []retrieval.Dependency) bool {
	return pytestEvidence(r, deps) != ""
}

// pytestEvidence names the file that shows the tests use pytest.
func pytestEvidence(r *repo, deps []retrieval.Dependency) string {
	for _, dep := range deps {
		if strings.EqualFold(dep.Name, "pytest") && !auxPath(dep.Path) {
			return dep.Path
		}
	}
	if r.fact("pyproject.toml", "pytest_configured") != "" {
		return "pyproject.toml"
	}
	if f := r.first("pytest.ini", "conftest.py", "tox.ini"); f != "" {
		return f
	}
	for _, f := range r.files {
		b := path.Base(f.Path)
		if f.Language == "Python" && (strings.HasPrefix(b, "test_") || strings.HasSuffix(b, "_test.py")) {
			return f.Path
		}
	}
	return ""
}

// testExtra is the name of pyproject's optional-dependencies group that
// holds the test dependencies, if any.
func testExtra(ctx context.Context, p *planner) string {
	if !p.repo.has("pyproject.toml") {
		return ""
	}
	text, err := p.ix.ReadFile(ctx, "pyproject.toml", 0, 0, true)
	if err != nil {
		return ""
	}
	var doc struct {
		Project struct {
			Optional map[string][]string `toml:"optional-dependencies"`
		} `toml:"project"`
	}
	if _, err := toml.Decode(text, &doc); err != nil {
		return ""
	}
	for _, n := range testExtraNames {
		if _, ok := doc.Project.Optional[n]; ok {
			return n
		}
	}
	return ""
}

// pthDir is the import root of the project: "/src" for a src layout.
func pthDir(r *repo) string {
	for _, f := range r.files {
		if strings.HasPrefix(f.Path, "src/") && path.Base(f.Path) == "__init__.py" {
			return "/src"
		}
	}
	return ""
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func appendNew(list []string, items ...string) []string {
	for _, s := range items {
		if !containsStr(list, s) {
			list = append(list, s)
		}
	}
	return list
}

// venvPytest puts pytest and py.test in the venv when Debian's
// python3-pytest is the one installed: Debian's /usr/bin/pytest runs the
// system's Python, which does not see what the venv holds (the project
// installed in development mode, or its source tree's .pth), so a
// src-layout project's tests fail to import it (cachetools: "No module
// named 'cachetools'" from py.test). The venv's python -m pytest sees both.
const venvPytest = `for s in pytest py.test; do [ -e ".venv/bin/$s" ] || { printf '#!/bin/sh\nexec "%s/.venv/bin/python" -m pytest "$@"\n' "$REPO_DIR" > ".venv/bin/$s" && chmod +x ".venv/bin/$s"; }; done`
