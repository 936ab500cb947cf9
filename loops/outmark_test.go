package loops

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/heragent/heragent/internal/outmark"
)

// Outputs written inside the repository (`heragent run .` writes
// ./heragent-out/<name>) do not change its hash, so the next run reuses
// its checkpoints; any other new directory does.
func TestOutputsInsideTheRepositoryAreNotHashed(t *testing.T) {
	repo := t.TempDir()
	os.WriteFile(filepath.Join(repo, "main.c"), []byte("int main(void){return 0;}\n"), 0o644)
	before, err := hashTree(repo)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(repo, "heragent-out", "repo")
	os.MkdirAll(filepath.Join(out, "logs"), 0o755)
	os.WriteFile(filepath.Join(out, "report.json"), []byte("{}"), 0o644)
	if err := outmark.Write(out); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(repo, "heragent-out"), 0o755)
	withOut, _ := hashTree(repo)
	os.Remove(filepath.Join(out, outmark.Name))
	unmarked, _ := hashTree(repo)
	// heragent-out/ itself stays (an empty directory of the repository's).
	if os.Remove(filepath.Join(repo, "heragent-out")) == nil {
		t.Fatal("setup: heragent-out should not be empty")
	}
	os.RemoveAll(filepath.Join(repo, "heragent-out"))
	os.MkdirAll(filepath.Join(repo, "heragent-out"), 0o755)
	emptyParent, _ := hashTree(repo)
	if withOut != emptyParent || unmarked == withOut || before == unmarked {
		t.Fatalf("hashes: before %s, with marked outputs %s (want %s: only their empty parent), unmarked %s", before[:8], withOut[:8], emptyParent[:8], unmarked[:8])
	}
}
