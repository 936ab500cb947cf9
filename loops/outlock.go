package loops

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/heragent/heragent/internal/outmark"
	"github.com/heragent/heragent/sandbox"
)

// OutLock is an exclusive lock on an output directory, held for a whole
// run: two runs to the same --out would both stage and both move into
// place, and one result would silently be lost. It is an flock, so the
// kernel releases it when its process dies, kill -9 included; the file
// says which PID holds it, for the error the next run prints.
type OutLock struct {
	f    *os.File
	path string
	// Stale lists the staging directories of dead runs the lock removed.
	Stale []string
}

// OutBusyError means another run is writing the output directory.
type OutBusyError struct {
	Out string
	PID int // 0 when the holder has not written it yet
}

func (e *OutBusyError) Error() string {
	if e.PID > 0 {
		return fmt.Sprintf("%s is being written by another run (pid %d)", e.Out, e.PID)
	}
	return fmt.Sprintf("%s is being written by another run", e.Out)
}

// Unwrap makes a busy output an input error (exit 2).
func (e *OutBusyError) Unwrap() error { return sandbox.ErrBadRepo }

// StagePath is the directory a run stages its outputs in before moving
// them to out.
func StagePath(out, runID string) string {
	return filepath.Clean(out) + ".partial-" + runID
}

// LockOut takes the lock on out, or fails at once with an *OutBusyError.
// The lock file lives in the state directory, not beside out: out often
// lies inside the repository (./heragent-out/<name>), whose hash would
// then change with every run. Holding the lock, no live run stages into
// out, so the staging directories found beside it are dead runs': they
// are removed.
func LockOut(out string) (*OutLock, error) {
	path, err := outLockPath(out)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("lock output: %w", err)
	}
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("lock output: %w", err)
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			pid := holder(f)
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, &OutBusyError{Out: out, PID: pid}
			}
			return nil, fmt.Errorf("lock output: %w", err)
		}
		// Its holder removes the file on release: a lock taken on a file
		// no longer at path locks nothing anyone else sees.
		if fi, err := f.Stat(); err != nil || !sameFile(fi, path) {
			f.Close()
			continue
		}
		l := &OutLock{f: f, path: path}
		if err := l.record(out); err != nil {
			l.Unlock()
			return nil, err
		}
		l.Stale = removeStale(out)
		return l, nil
	}
}

// WaitOut waits, at most d, until no run holds out's lock. A batch
// resumed right after a kill -9 finds the killed batch's runs still
// stopping: they got SIGTERM when their parent died and are removing
// their containers, holding their outputs until they exit. waiting is
// told the holder's PID once. The holder's *OutBusyError comes back when
// it outlives d.
func WaitOut(ctx context.Context, out string, d time.Duration, waiting func(pid int)) error {
	deadline := time.Now().Add(d)
	for told := false; ; told = true {
		l, err := LockOut(out)
		if err == nil {
			l.Unlock()
			return nil
		}
		var busy *OutBusyError
		if !errors.As(err, &busy) || time.Now().After(deadline) {
			return err
		}
		if !told && waiting != nil {
			waiting(busy.PID)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// Unlock removes the lock file and releases the lock. Safe on nil.
func (l *OutLock) Unlock() {
	if l == nil {
		return
	}
	os.Remove(l.path)
	l.f.Close()
}

// record writes the holder's PID and the output it writes.
func (l *OutLock) record(out string) error {
	if err := l.f.Truncate(0); err != nil {
		return fmt.Errorf("lock output: %w", err)
	}
	if _, err := l.f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"+out+"\n"), 0); err != nil {
		return fmt.Errorf("lock output: %w", err)
	}
	return nil
}

// holder reads the PID a lock file names; the holder writes it just
// after it locks, so an empty file is read again briefly.
func holder(f *os.File) int {
	for range 5 {
		b := make([]byte, 64)
		n, _ := f.ReadAt(b, 0)
		line, _, _ := strings.Cut(string(b[:n]), "\n")
		if pid, err := strconv.Atoi(line); err == nil {
			return pid
		}
		time.Sleep(20 * time.Millisecond)
	}
	return 0
}

func sameFile(fi os.FileInfo, path string) bool {
	cur, err := os.Stat(path)
	return err == nil && os.SameFile(fi, cur)
}

// outLockPath names out's lock after its absolute path, symbolic links
// in its parent resolved, so two spellings of one directory share a lock.
func outLockPath(out string) (string, error) {
	abs, err := filepath.Abs(out)
	if err != nil {
		return "", fmt.Errorf("lock output: %w", err)
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		abs = filepath.Join(dir, filepath.Base(abs))
	}
	state, err := sandbox.StateDir()
	if err != nil {
		return "", err
	}
	h := sha256.Sum256([]byte(abs))
	return filepath.Join(state, "locks", hex.EncodeToString(h[:12])+".lock"), nil
}

// removeStale removes the staging directories beside out that heragent
// made (they carry its mark): with the lock held, their runs are dead.
func removeStale(out string) []string {
	prefix := filepath.Base(StagePath(out, ""))
	dir := filepath.Dir(filepath.Clean(out))
	entries, _ := os.ReadDir(dir)
	var removed []string
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if !e.IsDir() || !strings.HasPrefix(e.Name(), prefix) || !outmark.Is(p) {
			continue
		}
		if os.RemoveAll(p) == nil {
			removed = append(removed, p)
		}
	}
	return removed
}
