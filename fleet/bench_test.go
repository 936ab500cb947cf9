package fleet_test

import (
	"context"
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/heragent/heragent/batch"
	"github.com/heragent/heragent/fleet"
	"github.com/heragent/heragent/internal/batchtest"
)

// noopRunner stands in for `heragent run`: the benchmark measures only
// what the queue adds per job.
type noopRunner struct{}

func (noopRunner) Run(_ context.Context, j batch.Job, s batch.Spec) batch.Result {
	now := time.Now().UTC()
	return batch.Result{ID: j.ID, Repo: j.Reference(), Status: batch.StatusOK, RunID: s.RunID, Started: now, Finished: now}
}

// BenchmarkQueueOverhead enqueues b.N jobs on a local Redis, runs them
// with one in-process worker (concurrency 1) whose runner does nothing,
// and collects the results into a batch directory. Reported: enqueue time
// per job, enqueue→start latency (median, p95) and worker-finish→collected
// latency (median), and wall time per job end to end.
//
//	go test -run X -bench QueueOverhead -benchtime 200x ./fleet
func BenchmarkQueueOverhead(b *testing.B) {
	queue := batchtest.Redis(b)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, err := fleet.Dial(ctx, queue)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	jobs := make([]batch.Job, b.N)
	for i := range jobs {
		jobs[i] = batch.Job{ID: fmt.Sprintf("j%05d", i), Repo: fmt.Sprintf("/r/%d", i)}
	}
	dir := batch.Dir(b.TempDir())
	if _, err := dir.Open("bench", queue, false); err != nil {
		b.Fatal(err)
	}
	served := make(chan error, 1)
	go func() {
		served <- fleet.Serve(ctx, c, fleet.WorkerOptions{Runner: noopRunner{}, WorkDir: b.TempDir(), Name: "bench"})
	}()
	b.ResetTimer()
	start := time.Now()
	if _, err := c.Enqueue(ctx, "bench", jobs, fleet.EnqueueOptions{MaxRetry: 1}); err != nil {
		b.Fatal(err)
	}
	enq := time.Since(start)
	if err := c.Collect(ctx, fleet.CollectOptions{Batch: "bench", Jobs: jobs, Dir: dir, Poll: 500 * time.Millisecond}); err != nil {
		b.Fatal(err)
	}
	wall := time.Since(start)
	b.StopTimer()
	recs, _ := dir.Records()
	var wait, collect []float64
	for _, r := range recs {
		wait = append(wait, r.Started.Sub(r.Enqueued).Seconds()*1000)
		collect = append(collect, r.Collected.Sub(r.Finished).Seconds()*1000)
	}
	sort.Float64s(wait)
	sort.Float64s(collect)
	b.ReportMetric(float64(enq.Microseconds())/float64(b.N)/1000, "ms-enqueue/job")
	b.ReportMetric(wait[len(wait)/2], "ms-enqueue-to-start-p50")
	b.ReportMetric(collect[len(collect)/2], "ms-finish-to-collected-p50")
	b.ReportMetric(wall.Seconds()*1000/float64(b.N), "ms-wall/job")

	// One job at a time on an idle worker: the latency a single job sees.
	var idleWait, idleTotal []float64
	for i := 0; i < 10; i++ {
		j := []batch.Job{{ID: fmt.Sprintf("idle%02d", i), Repo: "/r/idle"}}
		t0 := time.Now()
		if _, err := c.Enqueue(ctx, "bench", j, fleet.EnqueueOptions{MaxRetry: 1}); err != nil {
			b.Fatal(err)
		}
		if err := c.Collect(ctx, fleet.CollectOptions{Batch: "bench", Jobs: j, Dir: dir, Poll: time.Hour}); err != nil {
			b.Fatal(err)
		}
		recs, _ := dir.Records()
		idleWait = append(idleWait, recs[j[0].ID].Started.Sub(recs[j[0].ID].Enqueued).Seconds()*1000)
		idleTotal = append(idleTotal, time.Since(t0).Seconds()*1000)
	}
	sort.Float64s(idleWait)
	sort.Float64s(idleTotal)
	b.ReportMetric(idleWait[len(idleWait)/2], "ms-idle-enqueue-to-start-p50")
	b.ReportMetric(idleTotal[len(idleTotal)/2], "ms-idle-round-trip-p50")
	cancel()
	<-served
}
