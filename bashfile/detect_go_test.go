package bashfile_test

import (
	"strings"
	"testing"
)

// A module whose CI tests with the race detector gets a C compiler and
// cgo before the first run (without them go test -race stops at
// "-race requires cgo"); one whose CI does not, does not.
func TestGoRaceInCINeedsCgo(t *testing.T) {
	mod := map[string]string{
		"go.mod":    "module example.com/m\n\ngo 1.19\n",
		"m.go":      "package m\n\nfunc F() int { return 1 }\n",
		"m_test.go": "package m\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { _ = F() }\n",
	}
	for _, c := range []struct {
		ci   string
		want bool
	}{
		{"go test -v -race ./...", true},
		{"go test -v ./...", false},
	} {
		files := map[string]string{".github/workflows/ci.yml": "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: " + c.ci + "\n"}
		for k, v := range mod {
			files[k] = v
		}
		script := planFor(t, files).File.Render()
		if got := strings.Contains(script, "gcc libc6-dev") && strings.Contains(script, "persist_env CGO_ENABLED 1"); got != c.want {
			t.Errorf("CI %q: cgo planned = %v, want %v", c.ci, got, c.want)
		}
	}
}
