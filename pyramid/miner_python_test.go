package pyramid

import (
	"context"
	"testing"
)

// A unittest suite whose files are named x_test.py (tornado's web_test.py)
// is discovered with that pattern; the default test*.py found 21 of its
// ~1,000 tests.
func TestMinePythonSuffixTests(t *testing.T) {
	files := map[string]string{"pyproject.toml": pyProjectToml, "demo/__init__.py": "", "demo/test/__init__.py": "",
		"demo/test/web_test.py":      "import unittest\nclass T(unittest.TestCase):\n    def test_a(self): pass\n",
		"demo/test/iostream_test.py": "import unittest\nclass T(unittest.TestCase):\n    def test_b(self): pass\n",
		"demo/test/test_util.py":     "import unittest\nclass T(unittest.TestCase):\n    def test_c(self): pass\n"}
	cs, err := minePython(context.Background(), repoEnv(t, files))
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) == 0 || cs[0].Text != "python -m unittest discover -s demo/test -p '*_test.py' -v" {
		t.Fatalf("commands %+v", cs)
	}
}
