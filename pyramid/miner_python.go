package pyramid

import (
	"cmp"
	"context"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// minePython mines Python test runners: pytest when configured or
// declared (it also runs unittest tests), unittest discovery otherwise,
// then tox and nox environments.
func minePython(ctx context.Context, e *env) ([]Command, error) {
	if !e.stacks["python"] {
		return nil, nil
	}
	files, err := e.ix.FindFiles(ctx, retrieval.FileQuery{})
	if err != nil {
		return nil, err
	}
	var pytestWhy *Provenance
	var testFiles []string
	relative := false             // a test file imports relatively: it runs as a package module
	packages := map[string]bool{} // directories with an __init__.py
	var tox, nox string
	for _, f := range files {
		base := path.Base(f.Path)
		switch {
		case f.Facts["pytest_configured"] == true:
			pytestWhy = &Provenance{Source: "python", File: f.Path, Note: "[tool.pytest] configuration"}
		case base == "pytest.ini" || base == "conftest.py" && !strings.Contains(f.Path, "/"):
			pytestWhy = &Provenance{Source: "python", File: f.Path, Note: "pytest configuration"}
		case f.Path == "tox.ini":
			tox = f.Path
		case f.Path == "noxfile.py":
			nox = f.Path
		}
		if base == "__init__.py" {
			packages[path.Dir(f.Path)] = true
		}
		if f.Kind == "test" && f.Language == "Python" && (strings.HasPrefix(base, "test") || strings.HasSuffix(base, "_test.py")) {
			if src, err := e.ix.ReadFile(ctx, f.Path, 0, 0, true); err == nil && (strings.Contains(src, "unittest") || strings.Contains(src, "def test")) {
				testFiles = append(testFiles, f.Path)
				relative = relative || relativeImportRe.MatchString(src)
			}
		}
	}
	testDir := unittestDir(testFiles, packages)
	configured := pytestWhy != nil
	if pytestWhy == nil {
		// the tests import pytest (its fixtures, raises, marks): they are
		// pytest tests whatever the manifests declare
		if ps, err := e.ix.Importers(ctx, "pytest"); err == nil {
			for _, p := range ps {
				if !foreignDirs.MatchString(path.Dir(p)) || strings.Contains(p, "test") {
					pytestWhy = &Provenance{Source: "python", File: p, Note: "imports pytest"}
					break
				}
			}
		}
	}
	if pytestWhy == nil {
		deps, err := e.ix.DeclaredDependencies(ctx, "pypi")
		if err != nil {
			return nil, err
		}
		for _, d := range deps {
			if strings.EqualFold(d.Name, "pytest") {
				pytestWhy = &Provenance{Source: "python", File: d.Path, Line: int(d.Line), Note: "declares pytest"}
				break
			}
		}
	}
	var out []Command
	switch {
	case pytestWhy != nil && !configured && suiteOnly(testDir, testFiles, packages):
		out = append(out, Command{Text: "python -m pytest -q " + testDir, Bucket: Unit, Reason: "runs the pytest suite in " + testDir + "/ (no configuration names where the tests are, and test files outside it are not the suite's); pytest reports the counts", Why: []Provenance{*pytestWhy}})
	case pytestWhy != nil:
		out = append(out, Command{Text: "python -m pytest -q", Bucket: Unit, Reason: "runs the pytest suite; pytest reports the counts", Why: []Provenance{*pytestWhy}})
	case testDir != "":
		top := ""
		if relative {
			top = packageTop(testDir, packages)
		}
		out = append(out, Command{Text: "python -m unittest discover -s " + testDir + top + suffixPattern(testDir, testFiles) + " -v", Bucket: Unit,
			Reason: "discovers and runs the unittest tests; -v names each test", Why: []Provenance{{Source: "python", File: testDir, Note: "Python test files"}}})
	}
	if tox != "" {
		out = append(out, Command{Text: "tox -e py", Bucket: Unit, Reason: "runs the tox test environment of the current interpreter",
			Why: []Provenance{{Source: "tox", File: tox}}})
	}
	if nox != "" {
		out = append(out, Command{Text: "nox", Bucket: Unit, Reason: "runs the nox sessions", Why: []Provenance{{Source: "nox", File: nox}}})
	}
	return out, nil
}

// suffixPattern is discovery's -p for a suite whose files are named
// x_test.py (tornado's web_test.py, …), which the default test*.py misses:
// when most of testDir's test files are so named.
func suffixPattern(testDir string, files []string) string {
	suffix, prefix := 0, 0
	for _, f := range files {
		if !strings.HasPrefix(f, testDir+"/") {
			continue
		}
		if strings.HasPrefix(path.Base(f), "test") {
			prefix++
		} else {
			suffix++
		}
	}
	if suffix > prefix {
		return " -p '*_test.py'"
	}
	return ""
}

// testDirName reports a directory name that says it holds tests.
func testDirName(name string) bool { return name == "test" || name == "tests" || name == "testing" }

// suiteOnly reports whether pytest should be pointed at testDir, a
// test-named directory holding most test files, because the others lie
// outside any package: a fuzz or property test in extra/ (jmespath's
// hypothesis tests, which ran for minutes), a benchmark in perf/. Test
// modules of a package (pkg/tests) are the suite's, and with none
// outside, pytest from the top finds the same.
func suiteOnly(testDir string, files []string, packages map[string]bool) bool {
	if !testDirName(path.Base(testDir)) {
		return false
	}
	in, out := 0, 0
	for _, f := range files {
		switch {
		case strings.HasPrefix(f, testDir+"/"):
			in++
		case packages[path.Dir(f)] || !strings.Contains(f, "/"):
			return false
		default:
			out++
		}
	}
	return out > 0 && in > out
}

// unittestDir is where unittest discovery starts: the directory holding
// most of the test files, each counted at its shallowest test-named
// directory (tests/, test/, testing/) that discovery reaches it from —
// through packages only (Python-Markdown's tests/test_syntax/inline) —
// else at its own directory (PyYAML's tests/lib, no __init__.py); fewer
// parts then the name break ties. A lone test-named module beside the
// package's code (Python-Markdown's markdown/test_tools.py) or an
// example's test.py (micropython's examples/natmod/features2) does not
// outweigh the suite's directory.
func unittestDir(files []string, packages map[string]bool) string {
	count := map[string]int{}
	for _, f := range files {
		count[unittestRoot(f, packages)]++
	}
	dirs := slices.Collect(maps.Keys(count))
	slices.SortFunc(dirs, func(a, b string) int {
		return cmp.Or(count[b]-count[a], strings.Count(a, "/")-strings.Count(b, "/"), strings.Compare(a, b))
	})
	if len(dirs) == 0 {
		return ""
	}
	return dirs[0]
}

// unittestRoot is a test file's shallowest test-named directory whose
// subdirectories down to the file are packages, else its own directory.
func unittestRoot(file string, packages map[string]bool) string {
	dir := path.Dir(file)
	parts := strings.Split(dir, "/")
	for i, p := range parts {
		if !testDirName(p) {
			continue
		}
		reached := true
		for j := i + 2; j <= len(parts); j++ {
			reached = reached && packages[strings.Join(parts[:j], "/")]
		}
		if reached {
			return strings.Join(parts[:i+1], "/")
		}
	}
	return dir
}

// relativeImportRe is a relative import: `from .parameterized import x`.
var relativeImportRe = regexp.MustCompile(`(?m)^\s*from\s+\.+[\w.]*\s+import\b`)

// packageTop is unittest's -t for tests inside a package (parameterized's
// parameterized/test.py, which imports `from .parameterized import`):
// discovery from the directory itself makes the module top-level and its
// relative imports fail, so the top is the directory above the outermost
// package holding it; "" when dir is no package.
func packageTop(dir string, packages map[string]bool) string {
	if !packages[dir] {
		return ""
	}
	for packages[path.Dir(dir)] && path.Dir(dir) != "." {
		dir = path.Dir(dir)
	}
	return " -t " + path.Dir(dir)
}
