package source

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	dir := t.TempDir()
	bare := filepath.Join(dir, "b.git")
	for _, p := range []string{"objects", "refs"} {
		os.MkdirAll(filepath.Join(bare, p), 0o755)
	}
	os.WriteFile(filepath.Join(bare, "HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
	tests := []struct {
		in       string
		url, rev string
		path     string
		name     string
		err      bool
	}{
		{in: "https://example.com/o/r.git", url: "https://example.com/o/r.git", name: "r"},
		{in: "https://example.com/o/r.git#v1.2", url: "https://example.com/o/r.git", rev: "v1.2", name: "r"},
		{in: "https://example.com/o/r@v1.2", url: "https://example.com/o/r", rev: "v1.2", name: "r"},
		{in: "https://example.com/o/r.git#feature/x", url: "https://example.com/o/r.git", rev: "feature/x", name: "r"},
		{in: "ssh://git@example.com/o/r.git", url: "ssh://git@example.com/o/r.git", name: "r"},
		{in: "git@example.com:o/r.git", url: "git@example.com:o/r.git", name: "r"},
		{in: "git@example.com:r.git@0123abc", url: "git@example.com:r.git", rev: "0123abc", name: "r"},
		{in: "file:///srv/git/r.git", url: "file:///srv/git/r.git", name: "r"},
		{in: dir, path: dir, name: filepath.Base(dir)},
		{in: bare, url: bare, name: "b"},
		{in: bare + "#main", url: bare, rev: "main", name: "b"},
		{in: "/nonexistent/x", path: "/nonexistent/x", name: "x"},
		{in: "", err: true},
		{in: "https://", err: true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r, err := Parse(tt.in)
			if (err != nil) != tt.err {
				t.Fatalf("err %v", err)
			}
			if tt.err {
				return
			}
			if r.URL != tt.url || r.Rev != tt.rev || r.Path != tt.path || r.Name() != tt.name {
				t.Fatalf("got %+v name %q", r, r.Name())
			}
		})
	}
}

// gitRepos makes, with the git CLI, an upstream repository (two commits on
// main, a branch, an annotated tag, a submodule) and a bare copy of it.
func gitRepos(t *testing.T) (work, bare, first string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	root := t.TempDir()
	git := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "protocol.file.allow=always", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main"}, args...)...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	sub := filepath.Join(root, "sub")
	os.MkdirAll(sub, 0o755)
	git(sub, "init", "-q")
	os.WriteFile(filepath.Join(sub, "lib.txt"), []byte("submodule file\n"), 0o644)
	git(sub, "add", ".")
	git(sub, "commit", "-qm", "sub")

	work = filepath.Join(root, "proj")
	os.MkdirAll(work, 0o755)
	git(work, "init", "-q")
	os.WriteFile(filepath.Join(work, "VERSION"), []byte("1\n"), 0o644)
	git(work, "add", ".")
	git(work, "commit", "-qm", "one")
	first = git(work, "rev-parse", "HEAD")
	git(work, "submodule", "add", "-q", sub, "vendor/sub")
	os.WriteFile(filepath.Join(work, "VERSION"), []byte("2\n"), 0o644)
	git(work, "commit", "-qam", "two")
	git(work, "tag", "-a", "v2", "-m", "v2")
	git(work, "branch", "old", first)
	bare = filepath.Join(root, "proj.git")
	git(root, "clone", "-q", "--bare", work, bare)
	return work, bare, first
}

func TestResolveGit(t *testing.T) {
	work, bare, first := gitRepos(t)
	tests := []struct {
		name    string
		ref     string
		version string // content of VERSION
		sub     bool   // submodule checked out
		err     error
	}{
		{"default branch over file://", "file://" + work, "2\n", true, nil},
		{"local bare repository", bare, "2\n", true, nil},
		{"branch", "file://" + work + "#old", "1\n", false, nil},
		{"annotated tag with @", "file://" + work + "@v2", "2\n", true, nil},
		{"commit (full fetch)", bare + "#" + first, "1\n", false, nil},
		{"short commit", bare + "#" + first[:10], "1\n", false, nil},
		{"missing revision", bare + "#no-such-branch", "", false, ErrRevNotFound},
		{"unreachable host", "https://nonexistent.invalid/x.git", "", false, ErrUnreachable},
		{"missing local repository", "file:///nonexistent/heragent/x.git", "", false, ErrUnreachable},
	}
	cache := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Parse(tt.ref)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			dir, err := Resolve(ctx, r, Options{CacheDir: cache, ListTimeout: 20 * time.Second})
			if tt.err != nil {
				if !errors.Is(err, tt.err) || strings.Contains(err.Error(), "\n") {
					t.Fatalf("err %v, want %v on one line", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "VERSION")); string(b) != tt.version {
				t.Errorf("VERSION %q, want %q", b, tt.version)
			}
			_, err = os.Stat(filepath.Join(dir, "vendor/sub/lib.txt"))
			if (err == nil) != tt.sub {
				t.Errorf("submodule checked out: %v, want %v", err == nil, tt.sub)
			}
		})
	}
}

// TestResolveReusesClone checks a second resolve of an unchanged remote
// returns the same tree untouched, and a moved branch is cloned afresh.
func TestResolveReusesClone(t *testing.T) {
	work, _, _ := gitRepos(t)
	cache := t.TempDir()
	r, _ := Parse("file://" + work + "#main")
	ctx := context.Background()
	dir, err := Resolve(ctx, r, Options{CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	stamp := filepath.Join(dir, "untracked-stamp")
	os.WriteFile(stamp, nil, 0o644)
	if again, err := Resolve(ctx, r, Options{CacheDir: cache}); err != nil || again != dir {
		t.Fatalf("second resolve %q %v, want %q", again, err, dir)
	}
	if _, err := os.Stat(stamp); err != nil {
		t.Fatal("unchanged remote was cloned again")
	}
	os.WriteFile(filepath.Join(work, "VERSION"), []byte("3\n"), 0o644)
	cmd := exec.Command("git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "three")
	cmd.Dir = work
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v %s", err, out)
	}
	if _, err := Resolve(ctx, r, Options{CacheDir: cache}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "VERSION")); string(b) != "3\n" {
		t.Fatalf("moved branch not refetched: VERSION %q", b)
	}
}

// A submodule that cannot be fetched does not fail the clone: the run goes
// on without it and Notes names it.
func TestUnreachableSubmoduleIsANoteNotAFailure(t *testing.T) {
	work, _, _ := gitRepos(t)
	cmd := exec.Command("git", "-c", "protocol.file.allow=always", "config", "-f", ".gitmodules", "submodule.vendor/sub.url", "https://nonexistent.invalid/sub.git")
	cmd.Dir = work
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v %s", err, out)
	}
	cmd = exec.Command("git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "submodule moved away")
	cmd.Dir = work
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v %s", err, out)
	}
	r, _ := Parse("file://" + work)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dir, err := Resolve(ctx, r, Options{CacheDir: t.TempDir(), ListTimeout: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	notes := Notes(dir)
	if len(notes) != 1 || !strings.Contains(notes[0], "vendor/sub") || !strings.Contains(notes[0], "nonexistent.invalid") {
		t.Fatalf("notes %q", notes)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "VERSION")); string(b) != "2\n" {
		t.Fatalf("checkout: VERSION %q", b)
	}
}
