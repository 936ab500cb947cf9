package pyramid

import (
	"context"
	"strings"
	"testing"
)

// pytest-repeat: a pytest plugin's README `pytest --count=10
// test_file.py` is its Runnable use, with a small passing test module
// written for the reader's test_file.py; the project's own test run stays
// Testable, and a project declaring no plugin keeps its pytest commands
// there.
func TestPytestPluginUse(t *testing.T) {
	files := map[string]string{
		"pyproject.toml":       "[project]\nname = \"pytest-repeat\"\nversion = \"1\"\n\n[project.entry-points.pytest11]\nrepeat = \"pytest_repeat\"\n",
		"pytest_repeat.py":     "def pytest_addoption(parser):\n    parser.addoption('--count', action='store', default=1, type=int)\n",
		"tests/test_repeat.py": "def test_x():\n    pass\n",
		"README.md":            "# pytest-repeat\n\n```bash\n$ pytest --count=10 test_file.py\n```\n\n```bash\n$ pytest -x tests\n```\n\n```bash\n$ pytest --count=3 tests\n$ pytest --count=5 -x tests\n```\n",
	}
	p, err := Mine(context.Background(), repoIndex(t, files), Options{})
	if err != nil {
		t.Fatal(err)
	}
	use, suite, uses := false, false, 0
	for _, c := range p.Commands {
		if strings.Contains(c.Text, "pytest --count=") {
			uses++ // two uses at most: each runs a suite
		}
		if strings.HasSuffix(c.Text, "pytest --count=10 test_file.py") {
			use = c.Level == Runnable && strings.Contains(c.Text, "def test_heragent():") && strings.HasPrefix(c.Text, "{ test -e test_file.py ||")
		}
		suite = suite || c.Text == "pytest -x tests" && c.Level == Testable
	}
	if !use || !suite || uses != 2 {
		t.Errorf("use %v, suite %v, %d uses: %v", use, suite, uses, p.Commands)
	}
	files["pyproject.toml"] = "[project]\nname = \"x\"\nversion = \"1\"\n"
	p, err = Mine(context.Background(), repoIndex(t, files), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range p.Commands {
		if strings.Contains(c.Text, "--count=10") && c.Level == Runnable {
			t.Errorf("no plugin, yet a Runnable pytest: %v", c)
		}
	}
}
