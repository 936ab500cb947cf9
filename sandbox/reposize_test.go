package sandbox

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/heragent/heragent/internal/outmark"
)

// sparseRepo is a repository holding a 200 MiB sparse file (a few KiB on
// disk) and a dense 1 MiB one.
func sparseRepo(t *testing.T) string {
	t.Helper()
	repo := t.TempDir()
	big := filepath.Join(repo, "disk.img")
	if err := os.WriteFile(big, []byte("header"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, 200<<20); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(big); err != nil || fi.Sys().(*syscall.Stat_t).Blocks*512 >= 1<<20 {
		t.Skipf("the temporary directory's filesystem keeps no sparse file (%v)", err)
	}
	if err := os.WriteFile(filepath.Join(repo, "data.bin"), make([]byte, 1<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	return repo
}

// A sparse file counts its whole size (it is copied whole), a dense one
// its blocks on disk; the sparse file that weighs most is named.
func TestMeasureRepoCountsSparseFilesWhole(t *testing.T) {
	repo := sparseRepo(t)
	rs, err := MeasureRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	if rs.Sparse != "disk.img" || rs.Apparent != 200<<20 || rs.OnDisk >= 1<<20 {
		t.Fatalf("sparse file %q: %d bytes, %d on disk", rs.Sparse, rs.Apparent, rs.OnDisk)
	}
	if want := int64(201 << 20); rs.Bytes < want || rs.Bytes > want+1<<20 {
		t.Fatalf("repository of %d bytes, want about %d", rs.Bytes, want)
	}
}

// heragent's outputs inside the repository are not copied, so not counted.
func TestMeasureRepoSkipsHeragentOutputs(t *testing.T) {
	repo := t.TempDir()
	out := filepath.Join(repo, "heragent-out", "x")
	os.MkdirAll(out, 0o755)
	outmark.Write(out)
	if err := os.WriteFile(filepath.Join(out, "log"), make([]byte, 4<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	rs, err := MeasureRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	if rs.Bytes >= 1<<20 {
		t.Fatalf("counted heragent's outputs: %d bytes", rs.Bytes)
	}
}

func TestCheckRepoSize(t *testing.T) {
	repo := sparseRepo(t)
	if err := CheckRepoSize(repo, 0); err != nil {
		t.Fatalf("under the default cap: %v", err)
	}
	if err := CheckRepoSize(repo, 300<<20); err != nil {
		t.Fatalf("under a 300 MiB cap: %v", err)
	}
	err := CheckRepoSize(repo, 100<<20)
	if !errors.Is(err, ErrRepoTooLarge) || !errors.Is(err, ErrBadRepo) {
		t.Fatalf("over a 100 MiB cap: %v", err)
	}
	msg := err.Error()
	t.Log(msg)
	for _, want := range []string{"201MiB", "100MiB cap", "--max-repo-size", "disk.img is a sparse file of 200MiB"} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q does not say %q", msg, want)
		}
	}
	if strings.Contains(msg, "\n") {
		t.Errorf("not one line: %q", msg)
	}
}

// A dense repository over the cap is refused without talk of sparse files.
func TestCheckRepoSizeDense(t *testing.T) {
	repo := t.TempDir()
	if err := os.WriteFile(filepath.Join(repo, "a"), make([]byte, 2<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	err := CheckRepoSize(repo, 1<<20)
	if !errors.Is(err, ErrRepoTooLarge) || strings.Contains(err.Error(), "sparse") {
		t.Fatalf("got %v", err)
	}
}
