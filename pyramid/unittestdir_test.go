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
