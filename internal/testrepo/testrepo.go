// Package testrepo writes small repositories for tests.
package testrepo

import (
	"os"
	"path/filepath"
	"testing"
)

// Write creates a temporary directory holding files (path → content) and
// returns it; it is removed when the test ends.
func Write(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
