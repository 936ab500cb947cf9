package batch

import (
	"cmp"
	"context"
	"os"
	"path/filepath"
	"sync"
)

// Preparer makes ahead of a job's run what the run will need and can
// share, so the run starts from it: ExecRunner's Prepare makes the
// job's shared toolchain layer (`heragent run --layer-only`). A Runner
// that is one is asked to prepare the next jobs while others run.
type Preparer interface {
	Prepare(ctx context.Context, j Job, s Spec) // s.Log: where its output goes; s.Level: the batch's level
}

// ahead prepares todo's jobs in order while the batch's workers are all
// busy, each once it is among the n jobs after the dispatched ones (a
// job already dispatched is its own run's to prepare, and the first jobs
// go to idle workers at once). dispatched hears each dispatch. It
// returns when every job is prepared or passed, or stop is called.
type ahead struct {
	mu      sync.Mutex
	cond    *sync.Cond
	next    int // index in todo of the next job to dispatch
	workers int // the batch's workers: the first ones dispatched start at once
	done    bool
}

func newAhead(workers int) *ahead {
	a := &ahead{workers: workers}
	a.cond = sync.NewCond(&a.mu)
	return a
}

// dispatched records that todo[i] went to a worker.
func (a *ahead) dispatched(i int) {
	a.mu.Lock()
	a.next = i + 1
	a.mu.Unlock()
	a.cond.Broadcast()
}

// stop ends the preparing loop (the batch's jobs are all dispatched, or
// it is stopping).
func (a *ahead) stop() {
	a.mu.Lock()
	a.done = true
	a.mu.Unlock()
	a.cond.Broadcast()
}

// run prepares todo[k] when next <= k < next+n, in order, once the
// workers have all had a job.
func (a *ahead) run(ctx context.Context, p Preparer, todo []Job, n int, spec func(Job) Spec) {
	for k, j := range todo {
		a.mu.Lock()
		for !a.done && (a.next < a.workers || k >= a.next+n) {
			a.cond.Wait()
		}
		done, started := a.done, k < a.next
		a.mu.Unlock()
		if done {
			return
		}
		if !started && ctx.Err() == nil {
			p.Prepare(ctx, j, spec(j))
		}
	}
}

// Prepare implements Preparer: `heragent run <ref> --layer-only` with
// the run's own flags, so its analysis — and the layer's key — is the
// run's. Its output goes to log; a failure costs nothing but the try
// (the run then makes the layer itself).
func (x ExecRunner) Prepare(ctx context.Context, j Job, s Spec) {
	bin, err := x.binary()
	if err != nil {
		return
	}
	if os.MkdirAll(filepath.Dir(s.Log), 0o755) != nil {
		return
	}
	logf, err := os.Create(s.Log)
	if err != nil {
		return
	}
	defer logf.Close()
	args := append([]string{"run", j.Reference(), "--layer-only", "--run-id", newID()}, x.runArgs(j, cmp.Or(j.Level, s.Level))...)
	x.exec(ctx, bin, args, logf, logf) // its last line says what it made
}
