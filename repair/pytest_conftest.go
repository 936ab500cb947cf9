package repair

import (
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// A conftest.py below the top of a test tree imports a module nothing
// here provides: thefuck's tests/functional/conftest.py needs
// pytest-docker-pexpect, an integration directory's conftest needs a
// service's client. pytest loads that conftest while it collects the
// session and stops there ("ERROR collecting test session", or
// "ImportError while loading conftest"), even past collection errors,
// so no test runs. The directory the conftest governs is that part of
// the suite; the rest does not load it. When no package brings the
// module, pytest is told to leave the directory out (--ignore, in
// PYTEST_ADDOPTS, which every spelling of the suite reads) and the
// report says which part did not run. A conftest at the top of the
// tests governs the whole suite and is never left out.

// conftestDetail prefixes a missing module's Detail with the directory
// of the conftest that imported it.
const conftestDetail = "conftest:"

var (
	// tests/functional/conftest.py:3: in <module>
	conftestFrameRe = regexp.MustCompile(`^(\S*conftest\.py):\d+: in <module>$`)
	// ImportError while loading conftest '/repo/tests/functional/conftest.py'.
	conftestLoadRe = regexp.MustCompile(`^ImportError while loading conftest '([^']+conftest\.py)'`)
	// rootdir: /repo
	pytestRootdirRe = regexp.MustCompile(`^rootdir: (\S+?)/?(?:,|$)`)
)

// conftestDir is the directory, relative to the test run, of the
// conftest whose import chain ends at the log's missing module line
// (the last conftest frame before it); "" when no conftest is in it.
func conftestDir(log, evidence string) string {
	root, dir := "", ""
	for _, l := range logLines(log) {
		t := strings.TrimSpace(l)
		if m := pytestRootdirRe.FindStringSubmatch(t); m != nil {
			root = m[1]
		}
		if m := conftestFrameRe.FindStringSubmatch(t); m != nil {
			dir = path.Dir(m[1])
		} else if m := conftestLoadRe.FindStringSubmatch(t); m != nil {
			dir = path.Dir(m[1])
		}
		if t == strings.TrimSpace(evidence) {
			break
		}
	}
	if root != "" && strings.HasPrefix(dir, root+"/") {
		dir = strings.TrimPrefix(dir, root+"/")
	}
	if dir == "." || strings.HasPrefix(dir, "/") || strings.HasPrefix(dir, "..") {
		return ""
	}
	return dir
}

// conftestIgnore leaves out the test directory whose conftest imports a
// module no package provides, when the directory is a part of the tests
// (its parent holds other tests).
func conftestIgnore(r Rule, d Diagnosis, ctx *Context, reason string) (Proposal, bool) {
	dir, ok := strings.CutPrefix(d.Detail, conftestDetail)
	if !ok || dir == "" || ctx.File == nil || !partOfTests(ctx.Repo, dir) {
		return Proposal{}, false
	}
	opt := "--ignore=" + dir
	if ctx.File.Contains(opt) {
		return record(d, reason+"; pytest already leaves out "+dir), true
	}
	cmd := addopts(opt)
	return edit(d, reason+", which "+dir+"/conftest.py imports: pytest leaves out "+dir+" (those tests do not run), the rest of the suite runs",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: cmd, Why: why(r, d)}), true
}

// partOfTests reports whether a test directory is one part of the tests:
// its parent holds a test module or another directory of them. Without
// a listing of the repository, a directory two levels deep is taken as
// one.
func partOfTests(repo RepoReader, dir string) bool {
	parent := path.Dir(dir)
	lister, ok := repo.(fs.ReadDirFS)
	if !ok {
		return parent != "."
	}
	entries, err := lister.ReadDir(parent)
	if err != nil {
		return false
	}
	if holdsTestModule(entries) {
		return true
	}
	for _, e := range entries {
		if p := path.Join(parent, e.Name()); e.IsDir() && p != dir {
			if sub, err := lister.ReadDir(p); err == nil && holdsTestModule(sub) {
				return true
			}
		}
	}
	return false
}

// holdsTestModule reports whether a directory's entries hold a test module.
func holdsTestModule(entries []fs.DirEntry) bool {
	return slices.ContainsFunc(entries, func(e fs.DirEntry) bool { return !e.IsDir() && testModule(e.Name()) })
}

// testModule is pytest's default test file name.
func testModule(name string) bool {
	return strings.HasSuffix(name, ".py") && (strings.HasPrefix(name, "test_") || strings.HasSuffix(name, "_test.py"))
}
