package loops

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/internal/outmark"
	"github.com/heragent/heragent/sandbox"
)

func TestOutLockSecondFailsWithHolderPID(t *testing.T) {
	t.Setenv("HERAGENT_STATE_DIR", t.TempDir())
	out := filepath.Join(t.TempDir(), "out")
	first, err := LockOut(out)
	if err != nil {
		t.Fatal(err)
	}
	// Another spelling of the same directory is the same lock.
	_, err = LockOut(filepath.Join(filepath.Dir(out), ".", "out"))
	var busy *OutBusyError
	if !errors.As(err, &busy) || busy.PID != os.Getpid() {
		t.Fatalf("second lock: %v, want busy with pid %d", err, os.Getpid())
	}
	if !errors.Is(err, sandbox.ErrBadRepo) || !strings.Contains(err.Error(), "is being written by another run (pid "+strconv.Itoa(os.Getpid())+")") {
		t.Fatalf("error %q: want an input error naming the holder", err)
	}
	first.Unlock()
	again, err := LockOut(out)
	if err != nil {
		t.Fatalf("lock after unlock: %v", err)
	}
	again.Unlock()
}

// A run killed with -9 leaves its lock file naming a dead PID; the kernel
// released its flock, so the next run takes the lock over.
func TestOutLockStaleTakenOver(t *testing.T) {
	t.Setenv("HERAGENT_STATE_DIR", t.TempDir())
	out := filepath.Join(t.TempDir(), "out")
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	path, err := outLockPath(out)
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Dir(path), 0o755)
	os.WriteFile(path, []byte(strconv.Itoa(dead.Process.Pid)+"\n"+out+"\n"), 0o644)
	l, err := LockOut(out)
	if err != nil {
		t.Fatalf("stale lock not taken over: %v", err)
	}
	defer l.Unlock()
	b, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(b), strconv.Itoa(os.Getpid())+"\n") {
		t.Fatalf("lock file %q does not name this process", b)
	}
}

// The staging directories a dead run left beside out are removed by the
// next run to the same out; directories heragent did not mark are kept.
func TestOutLockRemovesDeadRunsPartials(t *testing.T) {
	t.Setenv("HERAGENT_STATE_DIR", t.TempDir())
	out := filepath.Join(t.TempDir(), "out")
	dead := StagePath(out, "r1")
	os.MkdirAll(filepath.Join(dead, "logs"), 0o755)
	outmark.Write(dead)
	foreign := StagePath(out, "mine")
	os.MkdirAll(foreign, 0o755)
	other := StagePath(out+"-other", "r2")
	os.MkdirAll(other, 0o755)
	outmark.Write(other)
	l, err := LockOut(out)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	if len(l.Stale) != 1 || l.Stale[0] != dead {
		t.Fatalf("removed %v, want %s", l.Stale, dead)
	}
	for _, p := range []string{foreign, other} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s removed: %v", p, err)
		}
	}
}

// A resumed batch waits for a killed batch's run that is still stopping:
// WaitOut returns once the holder lets go, and gives up after its bound.
func TestWaitOutWaitsForTheHolder(t *testing.T) {
	t.Setenv("HERAGENT_STATE_DIR", t.TempDir())
	out := filepath.Join(t.TempDir(), "out")
	held, err := LockOut(out)
	if err != nil {
		t.Fatal(err)
	}
	var busy *OutBusyError
	if err := WaitOut(context.Background(), out, 0, nil); !errors.As(err, &busy) {
		t.Fatalf("WaitOut with no time: %v, want the holder's busy error", err)
	}
	released := make(chan struct{})
	var told []int
	go func() {
		time.Sleep(600 * time.Millisecond)
		held.Unlock()
		close(released)
	}()
	if err := WaitOut(context.Background(), out, time.Minute, func(pid int) { told = append(told, pid) }); err != nil {
		t.Fatalf("WaitOut: %v", err)
	}
	select {
	case <-released:
	default:
		t.Fatal("WaitOut returned while the lock was held")
	}
	if len(told) != 1 || told[0] != os.Getpid() {
		t.Fatalf("told %v, want the holder's pid %d once", told, os.Getpid())
	}
}
