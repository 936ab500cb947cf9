package batch

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/heragent/heragent/internal/atomicfile"
)

// Status is how a repository's run ended.
type Status string

// Statuses of a Result.
const (
	StatusOK      Status = "ok"      // reached the asked level
	StatusBelow   Status = "below"   // finished below the asked level (exit 1)
	StatusError   Status = "error"   // the run could not be done (exit 2, 3, crash)
	StatusTimeout Status = "timeout" // stopped at the per-repository time limit
	StatusDead    Status = "dead"    // distributed mode: failed on every retry (dead letter)
	StatusPending Status = "pending" // summaries only: no record yet
)

// Tests are the test counts of the command that proved Testable.
type Tests struct {
	Passed  int `json:"passed"`
	Failed  int `json:"failed"`
	Skipped int `json:"skipped"`
}

// Result is the record of one repository, written atomically to
// <out>/results/<id>.json when its run ends. A record means "done": resume
// skips it.
type Result struct {
	ID       string `json:"id"`
	Repo     string `json:"repo"` // the reference as listed
	Status   Status `json:"status"`
	ExitCode int    `json:"exit_code"`
	Error    string `json:"error,omitempty"`
	Target   string `json:"target,omitempty"`
	Level    string `json:"level,omitempty"`
	Evidence string `json:"runnable_evidence,omitempty"` // what proved Runnable (report.runnable_evidence)
	// TestEvidence grades what proved Testable (report.testable_evidence:
	// suite, subset, smoke); TestsRun of TestsFound tests ran.
	TestEvidence string    `json:"testable_evidence,omitempty"`
	TestsFound   int       `json:"tests_found,omitempty"`
	TestsRun     int       `json:"tests_run,omitempty"`
	Tests        Tests     `json:"tests"`
	Iterations   int       `json:"iterations,omitempty"`
	Seconds      float64   `json:"seconds"`            // wall time of the job, clone included
	CostUSD      *float64  `json:"cost_usd,omitempty"` // when the report carries a cost (LLM brains)
	Out          string    `json:"out,omitempty"`      // its `heragent run` outputs, relative to the batch directory
	Log          string    `json:"log,omitempty"`      // the run's stderr, relative to the batch directory
	RunID        string    `json:"run_id,omitempty"`
	Worker       string    `json:"worker,omitempty"`   // host:pid that ran it
	Attempts     int       `json:"attempts,omitempty"` // distributed mode: runs started, the last included
	Enqueued     time.Time `json:"enqueued,omitzero"`  // distributed mode
	Started      time.Time `json:"started"`
	Finished     time.Time `json:"finished"`
	Collected    time.Time `json:"collected,omitzero"` // distributed mode: when the collector wrote it

	Interrupted bool `json:"-"` // the batch was stopped: no record is written
}

// Reached reports whether the run reached its asked level.
func (r Result) Reached() bool { return r.Status == StatusOK }

// Dir is a batch output directory:
//
//	batch.json            the batch's identity
//	results/<id>.json     one record per finished repository
//	results/<id>.running  a run in progress (its run ID), for cleanup after a kill
//	repos/<id>/           that repository's `heragent run` outputs
//	logs/<id>.log         its stderr
//	summary.jsonl, summary.md, summary.html
type Dir string

// Meta is batch.json.
type Meta struct {
	ID      string    `json:"id"`
	List    string    `json:"list"`
	Queue   string    `json:"queue,omitempty"`
	Created time.Time `json:"created"`
}

func (d Dir) path(p ...string) string { return filepath.Join(append([]string{string(d)}, p...)...) }

// RecordPath is where a job's record goes.
func (d Dir) RecordPath(id string) string { return d.path("results", id+".json") }

// RepoOut is a job's `heragent run` output directory.
func (d Dir) RepoOut(id string) string { return d.path("repos", id) }

// LogPath is a job's stderr log.
func (d Dir) LogPath(id string) string { return d.path("logs", id+".log") }

func (d Dir) markerPath(id string) string { return d.path("results", id+".running") }

// Open creates or reopens the batch directory. An existing batch is only
// reopened with resume; its ID is kept so a queue keeps recognising it.
func (d Dir) Open(list, queue string, resume bool) (Meta, error) {
	var m Meta
	b, err := os.ReadFile(d.path("batch.json"))
	switch {
	case err == nil && !resume:
		return m, fmt.Errorf("%w: %s already holds a batch; pass --resume to continue it or choose another --out", ErrBadList, d)
	case err == nil:
		if err := json.Unmarshal(b, &m); err != nil {
			return m, fmt.Errorf("read batch.json: %w", err)
		}
		return m, nil
	case !errors.Is(err, os.ErrNotExist):
		return m, fmt.Errorf("read batch.json: %w", err)
	}
	if entries, _ := os.ReadDir(string(d)); len(entries) > 0 {
		return m, fmt.Errorf("%w: %s is not empty and holds no batch", ErrBadList, d)
	}
	m = Meta{ID: newID(), List: list, Queue: queue, Created: time.Now().UTC()}
	if err := d.writeJSON(d.path("batch.json"), m); err != nil {
		return m, err
	}
	return m, nil
}

// Save writes a record atomically (temporary file, then rename).
func (d Dir) Save(r Result) error {
	if err := d.writeJSON(d.RecordPath(r.ID), r); err != nil {
		return err
	}
	os.Remove(d.markerPath(r.ID))
	return nil
}

// Records reads every record in the batch, by job ID.
func (d Dir) Records() (map[string]Result, error) {
	out := map[string]Result{}
	entries, err := os.ReadDir(d.path("results"))
	if errors.Is(err, os.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read results: %w", err)
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".json") || strings.HasPrefix(name, ".") {
			continue
		}
		b, err := os.ReadFile(d.path("results", name))
		if err != nil {
			return nil, fmt.Errorf("read record: %w", err)
		}
		var r Result
		if err := json.Unmarshal(b, &r); err != nil {
			return nil, fmt.Errorf("read record %s: %w", name, err)
		}
		out[r.ID] = r
	}
	return out, nil
}

// MarkRunning notes a run in progress: its run ID labels its containers.
func (d Dir) MarkRunning(id, runID string) error {
	return atomicfile.Write(d.markerPath(id), []byte(runID+"\n"), 0o644)
}

// StaleRuns lists the run IDs of runs that were in progress when an
// earlier batch process died (a marker without a record).
func (d Dir) StaleRuns() []string {
	paths, _ := filepath.Glob(d.path("results", "*.running"))
	var ids []string
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			ids = append(ids, strings.TrimSpace(string(b)))
		}
	}
	return ids
}

// StaleIDs lists the jobs whose runs were in progress when an earlier
// batch process died.
func (d Dir) StaleIDs() []string {
	paths, _ := filepath.Glob(d.path("results", "*.running"))
	ids := make([]string, 0, len(paths))
	for _, p := range paths {
		ids = append(ids, strings.TrimSuffix(filepath.Base(p), ".running"))
	}
	return ids
}

func (d Dir) writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("encode %s: %w", filepath.Base(path), err)
	}
	return atomicfile.Write(path, append(b, '\n'), 0o644)
}

func newID() string {
	b := make([]byte, 6)
	rand.Read(b)
	return hex.EncodeToString(b)
}
