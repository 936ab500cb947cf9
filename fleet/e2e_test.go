package fleet_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/heragent/heragent/batch"
	"github.com/heragent/heragent/fleet"
	"github.com/heragent/heragent/internal/batchtest"
	"github.com/heragent/heragent/internal/enginetest"
)

// worker is a `heragent worker` process whose JSON start events are read.
type worker struct {
	cmd    *exec.Cmd
	mu     sync.Mutex
	starts []string // job IDs in the order it started them
}

func startWorker(t *testing.T, bin, queue string) *worker {
	t.Helper()
	w := &worker{cmd: exec.Command(bin, "worker", "--queue", queue, "--retry-delay", "1s", "--json")}
	stderr, err := w.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := w.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.cmd.Process.Kill(); w.cmd.Wait() })
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			var ev struct{ Kind, ID string }
			if json.Unmarshal(sc.Bytes(), &ev) == nil && ev.Kind == "start" {
				w.mu.Lock()
				w.starts = append(w.starts, ev.ID)
				w.mu.Unlock()
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	return w
}

func (w *worker) started(id string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, s := range w.starts {
		if s == id {
			return true
		}
	}
	return false
}

func waitFor(t *testing.T, what string, limit time.Duration, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(300 * time.Millisecond)
	}
}

// TestDistributedWorkerKilled runs a distributed batch of two fixture
// repositories (real `heragent run`s in containers) on a local Redis with
// two worker processes, and SIGKILLs the worker that holds the first job
// while its run is inside a container. The job's lease expires, the other
// worker's asynq recoverer requeues it and runs it (attempt 2); the
// collector writes both records and the summaries; the killed attempt's
// containers are gone. It takes 1.5-3 minutes, most of it asynq's lease
// expiry and recoverer interval (30s lease + 30s grace, checked every
// minute), which are fixed in asynq.
func TestDistributedWorkerKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end runs in -short mode")
	}
	e := enginetest.Engine(t)
	queue := batchtest.Redis(t)
	bin := batchtest.Binary(t)
	repos := filepath.Join(batchtest.Root(), "testdata", "repos")
	work := t.TempDir()
	list := filepath.Join(work, "list.jsonl")
	os.WriteFile(list, []byte(fmt.Sprintf(`{"repo": %q, "goal": ["sleep 15; ./rev hello"], "id": "c-make-slow"}
{"repo": %q}
`, filepath.Join(repos, "c-make"), filepath.Join(repos, "python-requirements"))), 0o644)
	out := filepath.Join(work, "out")
	ctx := context.Background()

	collector := exec.Command(bin, "batch", list, "--queue", queue, "--out", out, "--json", "--max-retries", "2")
	var so, se bytes.Buffer
	collector.Stdout, collector.Stderr = &so, &se
	if err := collector.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { collector.Process.Kill() })
	done := make(chan error, 1)
	go func() { done <- collector.Wait() }()
	var meta batch.Meta
	waitFor(t, "the batch to be enqueued", time.Minute, func() bool {
		b, err := os.ReadFile(filepath.Join(out, "batch.json"))
		return err == nil && json.Unmarshal(b, &meta) == nil
	})
	time.Sleep(time.Second) // the enqueue follows batch.json

	a := startWorker(t, bin, queue) // alone, it takes the first job (FIFO)
	waitFor(t, "worker A to take c-make-slow", time.Minute, func() bool { return a.started("c-make-slow") })
	killedRun := fleet.RunID(meta.ID, "c-make-slow", 0)
	waitFor(t, "c-make-slow's container", 15*time.Minute, func() bool {
		ids, _ := e.Containers(ctx, killedRun)
		return len(ids) > 0
	})
	b := startWorker(t, bin, queue)
	waitFor(t, "worker B to take the second job", time.Minute, func() bool { b.mu.Lock(); defer b.mu.Unlock(); return len(b.starts) > 0 })
	a.cmd.Process.Signal(syscall.SIGKILL)
	killedAt := time.Now()

	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("collector: %v\n%s", err, se.String())
		}
	case <-time.After(10 * time.Minute):
		t.Fatalf("collector did not finish\n%s", se.String())
	}
	t.Logf("job recovered and finished %s after the kill", time.Since(killedAt).Round(time.Second))
	var sum batch.Summary
	if err := json.Unmarshal(so.Bytes(), &sum); err != nil {
		t.Fatalf("summary: %v: %s", err, so.String())
	}
	if len(sum.Rows) != 2 || !sum.AllReached() {
		t.Fatalf("summary %+v", sum.Rows)
	}
	bName := fmt.Sprintf(":%d", b.cmd.Process.Pid)
	for _, r := range sum.Rows {
		if len(r.Worker) < len(bName) || r.Worker[len(r.Worker)-len(bName):] != bName {
			t.Errorf("%s ran on %s, want worker B (%s)", r.ID, r.Worker, bName)
		}
		if _, err := os.Stat(filepath.Join(out, r.Out, "Dockerfile")); r.Out == "" || err != nil {
			t.Errorf("%s: outputs not collected: %q %v", r.ID, r.Out, err)
		}
		if r.ID == "c-make-slow" && r.Attempts != 2 {
			t.Errorf("c-make-slow: %d attempts, want 2 (killed, then recovered)", r.Attempts)
		}
	}
	if ids, _ := e.Containers(ctx, killedRun); len(ids) != 0 {
		t.Errorf("the killed worker's run left containers: %v", ids)
	}
	for _, f := range []string{"summary.html", "summary.md", "summary.jsonl"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	// A worker stopped with SIGTERM exits promptly with 130.
	b.cmd.Process.Signal(syscall.SIGTERM)
	stopped := make(chan error, 1)
	go func() { stopped <- b.cmd.Wait() }()
	select {
	case <-stopped:
		if code := b.cmd.ProcessState.ExitCode(); code != 130 {
			t.Errorf("worker exit %d after SIGTERM, want 130", code)
		}
	case <-time.After(time.Minute):
		t.Error("worker did not stop after SIGTERM")
	}
}
