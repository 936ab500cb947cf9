package fleet_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/heragent/heragent/batch"
	"github.com/heragent/heragent/fleet"
	"github.com/heragent/heragent/internal/batchtest"
)

// scriptedRunner fails each job the way its ID says and counts attempts.
type scriptedRunner struct {
	mu       sync.Mutex
	attempts map[string]int
}

func (s *scriptedRunner) Run(_ context.Context, j batch.Job, sp batch.Spec) batch.Result {
	s.mu.Lock()
	s.attempts[j.ID]++
	n := s.attempts[j.ID]
	s.mu.Unlock()
	r := batch.Result{ID: j.ID, Repo: j.Reference(), RunID: sp.RunID, Started: time.Now().UTC(), Finished: time.Now().UTC()}
	switch {
	case j.ID == "env-error-always":
		r.Status, r.ExitCode, r.Error = batch.StatusError, 3, "exit 3: container engine unavailable"
	case j.ID == "env-error-once" && n == 1:
		r.Status, r.ExitCode, r.Error = batch.StatusError, 3, "exit 3: container engine unavailable"
	case j.ID == "input-error":
		r.Status, r.ExitCode, r.Error = batch.StatusError, 2, "exit 2: repository unreachable"
	default:
		r.Status, r.Level, r.Target = batch.StatusOK, "runnable", "runnable"
	}
	return r
}

// TestRetriesAndDeadLetter runs an in-process worker against a local Redis
// with a stand-in runner: an environment error is retried (with backoff)
// and then succeeds; one that keeps failing ends dead after MaxRetry
// retries (asynq archives it); an input error is final at once.
func TestRetriesAndDeadLetter(t *testing.T) {
	queue := batchtest.Redis(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, err := fleet.Dial(ctx, queue)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	dir := batch.Dir(t.TempDir())
	meta, err := dir.Open("list", queue, false)
	if err != nil {
		t.Fatal(err)
	}
	jobs := []batch.Job{{ID: "env-error-always", Repo: "/a"}, {ID: "env-error-once", Repo: "/b"}, {ID: "input-error", Repo: "/c"}, {ID: "fine", Repo: "/d"}}
	run := &scriptedRunner{attempts: map[string]int{}}
	served := make(chan error, 1)
	go func() {
		served <- fleet.Serve(ctx, c, fleet.WorkerOptions{Runner: run, WorkDir: t.TempDir(), RetryDelay: 200 * time.Millisecond, Concurrency: 2})
	}()
	if _, err := c.Enqueue(ctx, meta.ID, jobs, fleet.EnqueueOptions{MaxRetry: 2}); err != nil {
		t.Fatal(err)
	}
	cctx, ccancel := context.WithTimeout(ctx, 2*time.Minute)
	defer ccancel()
	if err := c.Collect(cctx, fleet.CollectOptions{Batch: meta.ID, Jobs: jobs, Dir: dir, Poll: 500 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	recs, _ := dir.Records()
	want := map[string]struct {
		status   batch.Status
		attempts int
	}{
		"env-error-always": {batch.StatusDead, 3},
		"env-error-once":   {batch.StatusOK, 2},
		"input-error":      {batch.StatusError, 1},
		"fine":             {batch.StatusOK, 1},
	}
	for id, w := range want {
		r := recs[id]
		if r.Status != w.status || r.Attempts != w.attempts || run.attempts[id] != w.attempts {
			t.Errorf("%s: status %s, %d attempts recorded, %d run; want %s, %d", id, r.Status, r.Attempts, run.attempts[id], w.status, w.attempts)
		}
	}
	// Enqueueing the same batch again runs nothing twice: finished tasks
	// are gone from the queue but their records are what a resume reads,
	// and the dead one is still archived under its ID.
	n, err := c.Enqueue(ctx, meta.ID, jobs[:1], fleet.EnqueueOptions{MaxRetry: 2})
	if err != nil || n != 0 {
		t.Errorf("re-enqueue of the dead task: %d queued, %v", n, err)
	}
	cancel()
	<-served
}
