package sandbox

import (
	"archive/tar"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/internal/outmark"
)

// A directory of heragent's outputs inside the repository is not copied.
func TestTarDirSkipsHeragentOutputs(t *testing.T) {
	repo := t.TempDir()
	os.WriteFile(filepath.Join(repo, "main.c"), []byte("x"), 0o644)
	out := filepath.Join(repo, "heragent-out", "repo.partial-abc")
	os.MkdirAll(out, 0o755)
	os.WriteFile(filepath.Join(out, "setup.sh"), []byte("x"), 0o644)
	outmark.Write(out)
	var buf bytes.Buffer
	if err := tarDir(&buf, repo, "repo"); err != nil {
		t.Fatal(err)
	}
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
		names = append(names, h.Name)
	}
	got := strings.Join(names, " ")
	if !strings.Contains(got, "repo/main.c") || strings.Contains(got, "partial") || strings.Contains(got, "setup.sh") {
		t.Fatalf("archived %s", got)
	}
}
