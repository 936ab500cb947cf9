package pyramid

import "testing"

// The runner of a whole-suite command, whatever its spelling; a part of
// the suite has none.
func TestSuiteRunner(t *testing.T) {
	for text, want := range map[string]string{
		"python -m pytest -q": "pytest", "py.test --cov progressbar --cov-report=html": "pytest", "pytest": "pytest",
		"python -m pytest tests/console -v": "", "go test -v ./...": "go", "echo hi": "",
	} {
		if got := SuiteRunner(text); got != want {
			t.Errorf("SuiteRunner(%q) = %q, want %q", text, got, want)
		}
	}
}
