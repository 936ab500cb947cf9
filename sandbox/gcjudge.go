package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/heragent/heragent/internal/outmark"
)

// DefaultGrace is how long gc leaves an object no owner label or lease
// accounts for: a run of an older heragent, or one just starting.
const DefaultGrace = 10 * time.Minute

// Spared is what gc left of one run, and why.
type Spared struct {
	RunID      string   `json:"run_id"`
	Reason     string   `json:"reason"`
	Containers []string `json:"containers"`
	Images     []string `json:"images,omitempty"`
	Partials   []string `json:"partials,omitempty"`
}

// String is the line `heragent gc` prints: "spared 2 container(s) of run
// abc123 (pid 4711 on this host is running)".
func (s Spared) String() string {
	var parts []string
	if n := len(s.Containers); n > 0 {
		parts = append(parts, fmt.Sprintf("%d container(s)", n))
	}
	if n := len(s.Images); n > 0 {
		parts = append(parts, fmt.Sprintf("%d image(s)", n))
	}
	for _, p := range s.Partials {
		parts = append(parts, "the partial output "+p)
	}
	run := s.RunID
	if run == "" {
		run = "(none)"
	}
	return fmt.Sprintf("spared %s of run %s (%s)", strings.Join(parts, " and "), run, s.Reason)
}

// judge decides, object by object, whether its run may still be going.
type judge struct {
	o      GCOptions
	self   Owner
	now    time.Time
	leases map[string][]Lease // by run ID
}

// spare says whether to leave an object with these labels, created then,
// and why. The owner label decides first (it names the very process that
// made the object), then the run's leases, then the object's age.
func (j judge) spare(labels map[string]string, created time.Time) (bool, string) {
	if j.o.Force {
		return false, ""
	}
	if ow, ok := ParseOwner(labels[LabelOwner]); ok {
		if ow == j.self {
			return false, "" // the caller is cleaning up its own run
		}
		return ow.Alive()
	}
	ls := j.leases[labels[LabelRun]]
	for _, l := range ls {
		if l.Owner == j.self {
			return false, ""
		}
		if alive, why := l.Owner.Alive(); alive {
			return true, why
		}
	}
	if len(ls) > 0 {
		return false, ""
	}
	if age := j.now.Sub(created); age < j.o.Grace {
		return true, fmt.Sprintf("no lease, created %s ago: its run may be starting (grace %s)", age.Round(time.Second), j.o.Grace)
	}
	return false, ""
}

// spared collects Spared entries, one per run and reason.
type spared struct{ list []Spared }

func (s *spared) entry(run, why string) *Spared {
	for i := range s.list {
		if s.list[i].RunID == run && s.list[i].Reason == why {
			return &s.list[i]
		}
	}
	s.list = append(s.list, Spared{RunID: run, Reason: why, Containers: []string{}})
	return &s.list[len(s.list)-1]
}

// partials removes the staging directories of dead runs' leases, and the
// leases; a live run's are spared. This process's own leases are its
// to release.
func (j judge) partials(sp *spared) (removed []string, errs []error) {
	runs := make([]string, 0, len(j.leases))
	for run := range j.leases {
		runs = append(runs, run)
	}
	slices.Sort(runs)
	for _, run := range runs {
		if j.o.RunID != "" && run != j.o.RunID {
			continue
		}
		for _, l := range j.leases[run] {
			if l.Owner == j.self {
				continue
			}
			if alive, why := l.Owner.Alive(); alive && !j.o.Force {
				if isPartial(l.Partial, run) {
					e := sp.entry(run, why)
					e.Partials = append(e.Partials, l.Partial)
				}
				continue
			}
			if isPartial(l.Partial, run) {
				if err := os.RemoveAll(l.Partial); err != nil {
					errs = append(errs, fmt.Errorf("remove partial output: %w", err))
					continue
				}
				removed = append(removed, l.Partial)
			}
			if err := l.Release(); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return removed, errs
}

// isPartial checks that a lease's staging directory is one heragent made
// for this run before gc removes it: a lease file is only a file.
func isPartial(dir, run string) bool {
	if dir == "" || !strings.HasSuffix(filepath.Base(dir), ".partial-"+run) {
		return false
	}
	fi, err := os.Lstat(dir)
	return err == nil && fi.IsDir() && outmark.Is(dir)
}
