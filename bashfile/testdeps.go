package bashfile

import (
	"path"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile/debindex"
	"github.com/heragent/heragent/retrieval"
)

// testFrameworks are the C/C++ unit-test frameworks a build looks for
// (find_package, pkg-config, meson dependency()), lower case.
var testFrameworks = map[string]bool{
	"gtest": true, "gmock": true, "googletest": true, "catch": true, "catch2": true, "cmocka": true,
	"cunit": true, "check": true, "doctest": true, "criterion": true, "cppunit": true, "cpputest": true,
}

// gatesTests reports whether an optional dependency decides which tests
// the build makes: it is a unit-test framework, or its check is in a test
// directory's build file (cmark's test/CMakeLists.txt adds its spec tests
// only if find_package(Python3) finds an interpreter; zlib-ng's downloads
// googletest when find_package(GTest) does not find it). Left out, the
// suite that runs is a fraction of the project's and still passes.
// Benchmarks' directories are not tests.
func gatesTests(d retrieval.Dependency) bool {
	if testFrameworks[strings.ToLower(d.Name)] {
		return true
	}
	test := false
	for _, seg := range strings.Split(strings.ToLower(path.Dir(d.Path)), "/") {
		switch {
		case strings.Contains(seg, "bench") || strings.Contains(seg, "fuzz"):
			return false
		case testSegRe.MatchString(seg):
			test = true
		}
	}
	return test
}

// testSegRe is a test directory's name: test, tests, testing, t,
// unittests, test_utils, api-tests, jsontestrunner — not latest/, contest/
// or a vendored googletest/.
var testSegRe = regexp.MustCompile(`^(?:t|testing|(?:unit|func|integration)?tests?(?:[_-]\w+|suite|data)?|\w+[_-]tests?|\w*testrunner)$`)

// testDepCandidates narrows the packages for a dependency the tests need
// to what they use of it: Boost's headers, not every Boost library.
func testDepCandidates(d retrieval.Dependency, cands []debindex.Candidate) []debindex.Candidate {
	if strings.EqualFold(d.Name, "Boost") && len(d.Components) == 0 {
		return []debindex.Candidate{{Package: "libboost-dev", Via: debindex.ViaOverride}}
	}
	return cands
}

// interpreterOnly reports a find_package of Python that asks only for the
// interpreter (COMPONENTS Interpreter): python3, not its headers and
// static library (python3-dev, some 40 s more to install).
func interpreterOnly(d retrieval.Dependency) bool {
	switch d.Name {
	case "Python3", "Python":
		return len(d.Components) == 1 && d.Components[0] == "Interpreter"
	}
	return false
}
