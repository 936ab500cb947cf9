package sandbox

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// LockKey takes this host's lock named key (a checkpoint key: one
// heragent process at a time makes the image of that key), waiting for
// another process that holds it; the returned func releases it. The lock
// is a file under the state directory, held with flock: a process that
// dies releases it.
func LockKey(ctx context.Context, key string) (func(), error) {
	dir, err := StateDir()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(dir, "locks"), 0o755); err != nil {
		return nil, fmt.Errorf("create lock directory: %w", err)
	}
	return lockFile(ctx, filepath.Join(dir, "locks", key))
}

// lockFile takes the flock of path, polling so ctx can end the wait.
func lockFile(ctx context.Context, path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o666)
	if err != nil {
		return nil, fmt.Errorf("open lock: %w", err)
	}
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN); f.Close() }, nil
		}
		if err != syscall.EWOULDBLOCK {
			f.Close()
			return nil, fmt.Errorf("take lock %s: %w", filepath.Base(path), err)
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}
