package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// A test source includes a header no Debian package ships in that
// version (csv-parser's tests/main.cpp: catch2/catch_all.hpp is Catch2
// 3's, bookworm's catch2 is 2): the tests cannot build here, and they
// stop the project's build with them. When the top-level CMakeLists.txt
// adds the tests' directory under a project option, the project is
// configured without them — built and used, its Testable level left
// with the reason.

// failingSourceRe is the source file of a compiler's fatal error.
var failingSourceRe = regexp.MustCompile(`(?:/repo/)?([\w.+-][\w./+-]*?)/[\w.+-]+:\d+(?::\d+)?: fatal error`)

// testDirNames are the directories of a project's tests.
var testDirNames = map[string]bool{"test": true, "tests": true, "testing": true, "unittests": true, "unit_tests": true}

// testsWithout is the edit configuring without the tests whose source
// failed on the header d names (because: why no package helps).
func (r missingHeader) testsWithout(d Diagnosis, ctx *Context, because string) (Proposal, bool) {
	m := failingSourceRe.FindStringSubmatch(d.Evidence)
	if m == nil || ctx.Phase != PhaseSetup {
		return Proposal{}, false
	}
	dir, _, _ := strings.Cut(m[1], "/")
	if !testDirNames[dir] {
		return Proposal{}, false
	}
	i, text := ctx.find(bashfile.Build, func(t string) bool { return cmakeConfigureAt(t) >= 0 })
	if i < 0 {
		return Proposal{}, false
	}
	addRe := regexp.MustCompile(`(?i)\badd_subdirectory\s*\(\s*"?(?:\$\{\w+\}/)?` + regexp.QuoteMeta(dir) + `"?[\s)]`)
	opt, value := guardOption(ctx.readRepo("CMakeLists.txt"), addRe.MatchString)
	if opt == "" || strings.Contains(text, "-D"+opt+"=") {
		return Proposal{}, false
	}
	return edit(d, because+"; the tests need it and "+opt+" guards them: the project is configured without its tests ("+opt+"="+value+"), which do not run here",
		configureWith(text, "-D"+opt+"="+value, why(r, d))), true
}
