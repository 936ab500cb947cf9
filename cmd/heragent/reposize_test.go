package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A repository over --max-repo-size is refused before anything starts:
// exit 2, one line naming the size, the cap, the flag and the sparse file
// that weighs; no output directory, no engine asked (there is none).
func TestRepoOverItsSizeIsRefused(t *testing.T) {
	repo := t.TempDir()
	os.WriteFile(filepath.Join(repo, "main.c"), []byte("int main(void) { return 0; }\n"), 0o644)
	img := filepath.Join(repo, "disk.img")
	if err := os.WriteFile(img, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(img, 5<<30); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(img); err != nil || fi.Sys().(*syscall.Stat_t).Blocks*512 >= 1<<20 {
		t.Skipf("the temporary directory's filesystem keeps no sparse file (%v)", err)
	}
	out := filepath.Join(t.TempDir(), "out")
	noEngine := []string{"DOCKER_HOST=unix:///nonexistent/heragent-test.sock"}
	for _, args := range [][]string{
		{"run", repo, "--out", out},                          // 5 GiB whole against the default 4 GiB
		{"run", repo, "--out", out, "--max-repo-size", "1G"}, // and against a smaller one
		{"exec", repo, "--", "true"},
		{"exec", repo, "--max-repo-size", "100MiB", "--", "true"},
	} {
		r := runCLI(t, noEngine, args...)
		if r.code != ExitUsage {
			t.Fatalf("heragent %s: exit %d, want %d; stderr %q", args, r.code, ExitUsage, r.stderr)
		}
		checkOneLineError(t, r)
		for _, want := range []string{"5GiB", "cap", "--max-repo-size", "disk.img is a sparse file"} {
			if !strings.Contains(r.stderr, want) {
				t.Errorf("heragent %s: %q does not say %q", args, r.stderr, want)
			}
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("the refused run left %s (%v)", out, err)
	}
	// a cap above it lets it through to the next check (the absent engine)
	r := runCLI(t, noEngine, "exec", repo, "--max-repo-size", "6G", "--", "true")
	if r.code != ExitEnv {
		t.Errorf("under its cap: exit %d, want %d; stderr %q", r.code, ExitEnv, r.stderr)
	}
	for _, bad := range []string{"0", "-1G", "4X"} {
		if r := runCLI(t, noEngine, "run", repo, "--max-repo-size", bad); r.code != ExitUsage {
			t.Errorf("--max-repo-size %s: exit %d, want %d", bad, r.code, ExitUsage)
		}
	}
}
