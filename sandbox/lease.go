package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/heragent/heragent/internal/atomicfile"
)

// StateDir is where heragent keeps what outlives one command: the leases
// of running runs and the locks on output directories.
// $HERAGENT_STATE_DIR, else <user cache dir>/heragent.
func StateDir() (string, error) {
	if d := os.Getenv("HERAGENT_STATE_DIR"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("locate state directory: %w (set HERAGENT_STATE_DIR)", err)
	}
	return filepath.Join(d, "heragent"), nil
}

// Lease says a run is going: which process runs it and where it stages
// its outputs. A run takes it before it starts anything and releases it
// when it ends, Ctrl-C included; after a kill -9 it stays behind naming a
// dead process, and gc then removes the run's containers and partial
// outputs.
type Lease struct {
	RunID   string    `json:"run_id"`
	Command string    `json:"command"` // run, exec, verify
	Owner   Owner     `json:"owner"`
	Started time.Time `json:"started"`
	Partial string    `json:"partial,omitempty"` // the run's staging directory, <out>.partial-<run id>

	path string
}

// TakeLease records that this process runs runID. One file per run and
// process: two processes given the same --run-id each hold their own.
func TakeLease(runID, command, partial string) (*Lease, error) {
	dir, err := leaseDir()
	if err != nil {
		return nil, err
	}
	if partial != "" {
		if partial, err = filepath.Abs(partial); err != nil {
			return nil, fmt.Errorf("take lease: %w", err)
		}
	}
	l := &Lease{RunID: runID, Command: command, Owner: Self(), Started: time.Now().UTC(), Partial: partial}
	l.path = filepath.Join(dir, url.PathEscape(runID)+"."+strconv.Itoa(l.Owner.PID)+".json")
	b, err := json.Marshal(l)
	if err != nil {
		return nil, fmt.Errorf("take lease: %w", err)
	}
	if err := atomicfile.Write(l.path, append(b, '\n'), 0o644); err != nil {
		return nil, fmt.Errorf("take lease: %w", err)
	}
	return l, nil
}

// Release removes the lease. Safe on a nil lease and more than once.
func (l *Lease) Release() error {
	if l == nil {
		return nil
	}
	if err := os.Remove(l.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("release lease: %w", err)
	}
	return nil
}

// Leases reads every lease present, by run ID. Unreadable files are left
// out: a lease being written is renamed into place whole.
func Leases() (map[string][]Lease, error) {
	dir, err := leaseDir()
	if err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string][]Lease{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read leases: %w", err)
	}
	out := map[string][]Lease{}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		b, err := os.ReadFile(p)
		var l Lease
		if err != nil || json.Unmarshal(b, &l) != nil || l.RunID == "" {
			continue
		}
		l.path = p
		out[l.RunID] = append(out[l.RunID], l)
	}
	return out, nil
}

func leaseDir() (string, error) {
	d, err := StateDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "leases"), nil
}
