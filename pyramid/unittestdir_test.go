package pyramid

import "testing"

// Discovery starts where most test files are reached from: a test-named
// directory reached through packages, not a lone test module beside the
// code or an example's test.py.
func TestUnittestDirIsWhereTheSuiteIs(t *testing.T) {
	pkgs := map[string]bool{"tests": true, "tests/syntax": true, "tests/syntax/inline": true, "markdown": true}
	for _, c := range []struct {
		name  string
		files []string
		want  string
	}{
		{"suite below a package tree", []string{"markdown/test_tools.py", "tests/syntax/inline/test_a.py", "tests/syntax/inline/test_b.py", "tests/test_c.py"}, "tests"},
		{"no __init__.py below tests", []string{"tests/lib/test_a.py", "tests/lib/test_b.py", "examples/x/test.py"}, "tests/lib"},
		{"top level", []string{"test_a.py"}, "."},
		{"tie: shallower", []string{"a/b/test_x.py", "c/test_y.py"}, "c"},
		{"none", nil, ""},
	} {
		if got := unittestDir(c.files, pkgs); got != c.want {
			t.Errorf("%s: unittestDir = %q, want %q", c.name, got, c.want)
		}
	}
}

// pytest is pointed at the suite's directory only when the other test
// files lie outside any package (a property test in extra/).
func TestSuiteOnly(t *testing.T) {
	pkgs := map[string]bool{"jmespath": true, "pkg/tests": true}
	for _, c := range []struct {
		dir   string
		files []string
		want  bool
	}{
		{"tests", []string{"tests/test_a.py", "tests/test_b.py", "extra/test_hypothesis.py"}, true},
		{"tests", []string{"tests/test_a.py", "tests/test_b.py"}, false},                        // nothing outside: the top finds the same
		{"tests", []string{"tests/test_a.py", "tests/test_b.py", "pkg/tests/test_c.py"}, false}, // a package's tests are the suite's
		{"tests", []string{"tests/test_a.py", "tests/test_b.py", "test_top.py"}, false},
		{"src", []string{"src/test_a.py", "extra/test_b.py"}, false},
	} {
		if got := suiteOnly(c.dir, c.files, pkgs); got != c.want {
			t.Errorf("%s %v: got %v, want %v", c.dir, c.files, got, c.want)
		}
	}
}
