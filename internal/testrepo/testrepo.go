// Package testrepo writes small repositories for tests.
package testrepo

import (
	"io/fs"
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

// Copy copies the fixture repository src (testdata/repos/<name>, as a
// path from the test's package) to dst, which it returns; mode bits of
// executables are kept.
func Copy(t testing.TB, src, dst string) string {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, info.Mode().Perm()|0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
