package sandbox

import (
	"archive/tar"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/heragent/heragent/internal/outmark"
)

// An exported build context is the export directory with the repository
// mounted in repo/, filtered as the docker CLI filters it by .dockerignore.
func TestBuildContextMountsAndIgnores(t *testing.T) {
	out, repo := t.TempDir(), t.TempDir()
	write := func(root string, names ...string) {
		for _, n := range names {
			p := filepath.Join(root, n)
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.WriteFile(p, []byte("x"), 0o644)
		}
	}
	write(out, "setup.sh", "entrypoint.sh", "report.json", "logs/setup-00.log", "repo/stale.c")
	write(repo, "main.c", ".git/HEAD", "sub/.git", "build/CMakeCache.txt", "src/build/keep.c", "heragent-out/x/report.json")
	outmark.Write(filepath.Join(repo, "heragent-out", "x"))
	ignore := []string{"*", "!setup.sh", "!entrypoint.sh", "!repo", "repo/.git", "repo/**/.git", "repo/build"}
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	if err := writeContext(tw, BuildOptions{Context: out, Mounts: map[string]string{"repo": repo}, Ignore: ignore}); err != nil {
		t.Fatal(err)
	}
	tw.Close()
	var names []string
	tr := tar.NewReader(&buf)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Typeflag != tar.TypeDir {
			names = append(names, h.Name)
		}
	}
	slices.Sort(names)
	want := []string{"entrypoint.sh", "repo/main.c", "repo/src/build/keep.c", "setup.sh"}
	if !slices.Equal(names, want) {
		t.Fatalf("context holds %v, want %v", names, want)
	}
}

// ARG BASE names the public image a local one stands for.
func TestPublicBase(t *testing.T) {
	boot := map[string]string{LabelKind: KindBase, LabelSuite: "bookworm"}
	tests := []struct {
		name, ref    string
		tags, digest []string
		labels       map[string]string
		want         string
	}{
		{"bootstrap image", DefaultImage, []string{DefaultImage}, []string{"localhost/heragent/debian@sha256:c8"}, boot, "debian:bookworm"},
		{"pulled image pinned", "debian:bookworm", []string{"debian:bookworm"}, []string{"debian@sha256:ab"}, nil, "debian:bookworm@sha256:ab"},
		{"pulled by digest only", "x", nil, []string{"registry.example.com/team/base@sha256:cd"}, nil, "registry.example.com/team/base@sha256:cd"},
		{"other local image", "localhost/mine:1", []string{"localhost/mine:1"}, nil, nil, "localhost/mine:1"},
	}
	for _, tt := range tests {
		if got := publicBase(tt.ref, tt.tags, tt.digest, tt.labels); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
