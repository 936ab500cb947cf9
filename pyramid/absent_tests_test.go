package pyramid

import "testing"

// A testing library's README runs its reader's tests (parameterized's
// test_math.py): a runner naming files or modules the checkout lacks is
// no command of the project; ones it has, and discovery, stay.
func TestAbsentTestOperand(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"parameterized/__init__.py": "",
		"parameterized/test.py":     "import unittest\n",
		"tests/test_x.py":           "def test_x(): pass\n",
	})
	for cmd, want := range map[string]string{
		"py.test -v test_math.py":                         "test_math.py",
		"python -m unittest -v test_math":                 "test_math",
		"python -m pytest tests/test_x.py::test_x -q":     "",
		"pytest parameterized/test.py":                    "",
		"python -m unittest parameterized.test":           "",
		"python -m unittest discover -s parameterized -v": "",
		"python -m unittest -v tests.test_x.TestX.test_x": "",
		"pytest -k slow":                                  "",
	} {
		if got := e.absentTestOperand(words(cmd), ""); got != want {
			t.Errorf("%q: %q, want %q", cmd, got, want)
		}
	}
	if got := packageTop("parameterized", map[string]bool{"parameterized": true}); got != " -t ." {
		t.Errorf("packageTop: %q", got)
	}
	if got := packageTop("src/pkg/tests", map[string]bool{"src/pkg": true, "src/pkg/tests": true}); got != " -t src" {
		t.Errorf("packageTop nested: %q", got)
	}
	if got := packageTop("tests", map[string]bool{}); got != "" {
		t.Errorf("packageTop of no package: %q", got)
	}
}
