package fleet

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/hibiken/asynq"

	"github.com/heragent/heragent/batch"
)

// WorkerOptions configures a worker.
type WorkerOptions struct {
	Concurrency int           // tasks at once (default 1)
	WorkDir     string        // run outputs before upload (default a temporary directory)
	RetryDelay  time.Duration // first retry delay; doubles per retry, at most 32× (default 30s)
	Runner      batch.Runner  // default batch.ExecRunner
	Name        string        // host:pid, for the records
	// Started, when set, is told of each task a worker begins (tests, logs).
	Started func(p Payload, attempt int)
}

// errInterrupted is returned for a task whose run was stopped because the
// worker is shutting down: asynq requeues it and it does not count as a
// failed attempt.
var errInterrupted = errors.New("worker shutting down")

// Serve runs tasks until ctx ends, then stops taking tasks, stops the runs
// in progress (their containers are removed) and returns; the stopped
// tasks go back to the queue.
func Serve(ctx context.Context, c *Conn, o WorkerOptions) error {
	if o.Concurrency <= 0 {
		o.Concurrency = 1
	}
	if o.RetryDelay <= 0 {
		o.RetryDelay = 30 * time.Second
	}
	if o.Runner == nil {
		o.Runner = batch.ExecRunner{}
	}
	if o.WorkDir == "" {
		d, err := os.MkdirTemp("", "heragent-worker-")
		if err != nil {
			return fmt.Errorf("create work directory: %w", err)
		}
		defer os.RemoveAll(d)
		o.WorkDir = d
	}
	w := &worker{c: c, o: o}
	srv := asynq.NewServerFromRedisClient(c.rdb, asynq.Config{
		Concurrency:     o.Concurrency,
		Queues:          map[string]int{QueueName: 1},
		RetryDelayFunc:  backoff(o.RetryDelay),
		IsFailure:       func(err error) bool { return !errors.Is(err, errInterrupted) },
		ShutdownTimeout: 2 * time.Second, // then asynq requeues what still runs; we stop those runs below
		LogLevel:        asynq.WarnLevel,
	})
	mux := asynq.NewServeMux()
	mux.HandleFunc(TaskType, w.handle)
	if err := srv.Start(mux); err != nil {
		return fmt.Errorf("start worker: %w", err)
	}
	<-ctx.Done()
	srv.Shutdown() // cancels the contexts of the runs still going: their children get SIGTERM
	w.wg.Wait()
	return ctx.Err()
}

// backoff is exponential with jitter: base, 2×base, 4×base… up to 32×base.
func backoff(base time.Duration) asynq.RetryDelayFunc {
	return func(n int, _ error, _ *asynq.Task) time.Duration {
		d := base << min(n, 5)
		return d/2 + time.Duration(rand.Int64N(int64(d/2)+1))
	}
}

type worker struct {
	c  *Conn
	o  WorkerOptions
	wg sync.WaitGroup
}

// retryable reports whether a failed run may succeed elsewhere or later:
// an environment error (exit 3), a crash, or a timeout. A run that ended
// (at any level) or an input error (exit 2: unreachable URL, bad ref) is
// final.
func retryable(r batch.Result) bool {
	switch r.Status {
	case batch.StatusTimeout:
		return true
	case batch.StatusError:
		return r.ExitCode != 2
	}
	return false
}

func (w *worker) handle(ctx context.Context, t *asynq.Task) error {
	w.wg.Add(1)
	defer w.wg.Done()
	var p Payload
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return fmt.Errorf("decode task: %v: %w", err, asynq.SkipRetry)
	}
	retried, _ := asynq.GetRetryCount(ctx)
	maxRetry, _ := asynq.GetMaxRetry(ctx)
	if w.o.Started != nil {
		w.o.Started(p, retried+1)
	}
	out := filepath.Join(w.o.WorkDir, p.Batch, p.Job.ID)
	log := out + ".log"
	os.RemoveAll(out)
	defer os.RemoveAll(out)
	defer os.Remove(log)
	runner := w.o.Runner
	if x, ok := runner.(batch.ExecRunner); ok {
		x.Args = append(append([]string{}, p.Args...), x.Args...)
		runner = x
	}
	res := runner.Run(ctx, p.Job, batch.Spec{Out: out, Log: log, RunID: RunID(p.Batch, p.Job.ID, retried),
		Level: p.Level, Limit: p.Timeout, Worker: w.o.Name})
	if res.Interrupted {
		return errInterrupted
	}
	res.Attempts, res.Enqueued = retried+1, p.Enqueued
	if retryable(res) && retried < maxRetry {
		return fmt.Errorf("%s: %s", res.Status, res.Error) // asynq retries it after the backoff
	}
	var final error
	if retryable(res) {
		res.Error = fmt.Sprintf("failed %d times, last: %s: %s", retried+1, res.Status, res.Error)
		res.Status = batch.StatusDead
		final = fmt.Errorf("%s: %w", res.Error, asynq.SkipRetry) // archived: asynq's dead-letter state
	}
	files, err := pack(out, log)
	if err != nil {
		return err
	}
	if err := w.c.storeResult(context.WithoutCancel(ctx), p.Batch, res, files); err != nil {
		return err
	}
	return final
}
