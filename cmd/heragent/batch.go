package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/heragent/heragent/batch"
	"github.com/heragent/heragent/fleet"
	"github.com/heragent/heragent/loops"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/sandbox"
)

// batchFlags are the flags of `heragent batch`.
type batchFlags struct {
	jobs     int
	timeout  time.Duration
	out      string
	resume   bool
	only     []string
	level    string
	runArgs  []string
	queue    string
	maxRetry int
	ahead    int
}

func newBatchCmd(g *globals) *cobra.Command {
	f := &batchFlags{}
	cmd := &cobra.Command{
		Use:   "batch <list>",
		Short: "Run heragent over a list of repositories, in parallel or on workers; write summaries",
		Long: `batch runs 'heragent run' for every repository of a list: one reference
per line (a directory or a git URL with an optional #revision; # starts a
comment) or a JSON object per line with per-repository options
({"repo": …, "ref": …, "level": …, "goal": […], "expect": […],
"timeout": "20m", "args": […]}). Each repository's record is written
atomically to <out>/results/ when its run ends; --resume continues an
interrupted batch without redoing finished repositories. Outputs:
<out>/repos/<id>/ (each run's outputs), summary.jsonl, summary.md and a
self-contained summary.html.

With --queue redis://host:port the repositories are enqueued instead and
run by 'heragent worker' processes on any number of machines; this process
collects their results into --out. Exits 1 when a repository did not reach
its level.`,
		Example: `  heragent batch repos.txt --jobs 2 --timeout 30m --out results/
  heragent batch repos.txt --out results/ --resume --only status:error
  heragent batch repos.jsonl --queue redis://queue-host:6379 --out results/`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runBatch(cmd, g, f, args[0]) },
	}
	fl := cmd.Flags()
	fl.IntVarP(&f.jobs, "jobs", "j", 1, "repositories run at once (local mode)")
	fl.DurationVar(&f.timeout, "timeout", 2*time.Hour, "time limit of one repository (a JSON line's \"timeout\" overrides it)")
	fl.StringVar(&f.out, "out", "", "batch directory (default ./heragent-batch/<list name>)")
	fl.BoolVar(&f.resume, "resume", false, "continue the batch in --out: repositories with a record are not run again")
	fl.StringSliceVar(&f.only, "only", nil, "run only repositories whose id or reference matches a glob or substring, or status:S to re-run those whose record has status S (ok, below, error, timeout, dead)")
	fl.StringVar(&f.level, "level", "runnable", "level to reach when a line does not say: installable, testable or runnable")
	fl.StringArrayVar(&f.runArgs, "run-arg", nil, "flag passed to every 'heragent run' (repeatable), e.g. --run-arg=--no-checkpoints")
	fl.IntVar(&f.ahead, "prepare-ahead", 1, "repositories after the running ones whose shared toolchain layer is made while they run (local mode; 0: none)")
	fl.StringVar(&f.queue, "queue", "", "distributed mode: enqueue on this Redis (redis://[:password@]host:port[/db]) and collect results from workers")
	fl.IntVar(&f.maxRetry, "max-retries", 3, "distributed mode: retries of a repository whose run failed (environment error, crash, lost worker, timeout) before it is dead")
	return cmd
}

func runBatch(cmd *cobra.Command, g *globals, f *batchFlags, list string) error {
	ctx := cmd.Context()
	jobs, err := batch.ParseList(list)
	if err != nil {
		return usageError(err)
	}
	if lv, err := pyramid.ParseLevel(f.level); err != nil || lv == pyramid.None {
		return usageError(fmt.Errorf("--level: want installable, testable or runnable, got %q", f.level))
	}
	for _, j := range jobs {
		if lv, err := pyramid.ParseLevel(j.Level); j.Level != "" && (err != nil || lv == pyramid.None) {
			return usageError(fmt.Errorf("%s:%d: level: want installable, testable or runnable, got %q", list, j.Line, j.Level))
		}
	}
	if f.jobs < 1 {
		return usageError(fmt.Errorf("--jobs: want at least 1, got %d", f.jobs))
	}
	if f.ahead < 0 {
		return usageError(fmt.Errorf("--prepare-ahead: want 0 or more, got %d", f.ahead))
	}
	if f.out == "" {
		f.out = filepath.Join("heragent-batch", strings.TrimSuffix(filepath.Base(list), filepath.Ext(list)))
	}
	dir := batch.Dir(f.out)
	meta, err := dir.Open(list, f.queue, f.resume)
	if err != nil {
		if errors.Is(err, batch.ErrBadList) {
			return usageError(err)
		}
		return err
	}
	show := newBatchProgress(g, cmd.ErrOrStderr())
	if f.queue != "" {
		err = runQueued(ctx, f, meta, dir, jobs, show)
	} else {
		err = runLocal(ctx, f, dir, jobs, show)
	}
	show.close()
	records, rerr := dir.Records()
	if rerr != nil {
		return rerr
	}
	sum := batch.Summarise(meta, jobs, records)
	if werr := sum.Write(dir); werr != nil {
		return werr
	}
	if err != nil {
		return err
	}
	if err := g.emit(cmd.OutOrStdout(), sum, func(w io.Writer) { printBatchSummary(w, sum, f.out) }); err != nil {
		return err
	}
	if !sum.AllReached() {
		return belowLevelError(fmt.Errorf("%d of %d repositories did not reach their level; see %s", sum.Totals.Repos-sum.Totals.ByStatus[batch.StatusOK], sum.Totals.Repos, filepath.Join(f.out, "summary.md")))
	}
	return nil
}

// runLocal runs the batch on this machine, each repository as a child
// `heragent run` process.
func runLocal(ctx context.Context, f *batchFlags, dir batch.Dir, jobs []batch.Job, show *batchProgress) error {
	e, err := sandbox.Connect(ctx)
	if err != nil {
		return envError(err)
	}
	waitStopping(ctx, dir, show)
	for _, id := range dir.StaleRuns() { // runs a killed batch left: their containers, if any survived
		e.GC(context.WithoutCancel(ctx), sandbox.GCOptions{RunID: id, Checkpoints: false})
	}
	e.Close()
	return batch.Run(ctx, batch.Options{
		Jobs: jobs, Dir: dir, Parallel: f.jobs, Level: f.level, Timeout: f.timeout, Only: f.only, Ahead: f.ahead,
		Runner: batch.ExecRunner{Args: f.runArgs}, Worker: workerName(), Progress: show.event,
	})
}

// staleGrace bounds the wait for a killed batch's runs: a run that got
// SIGTERM stops its containers (podman's stop waits up to 10 s each) and
// may be inside a build step it cannot cancel at once.
const staleGrace = 3 * time.Minute

// waitStopping waits for the runs a killed batch left behind: each got
// SIGTERM as its parent died and holds its output until it has removed
// its containers. Started at once, the same job would fail with "is being
// written by another run". A run still holding its output after
// staleGrace is left to say so in its record.
func waitStopping(ctx context.Context, dir batch.Dir, show *batchProgress) {
	for _, id := range dir.StaleIDs() {
		loops.WaitOut(ctx, dir.RepoOut(id), staleGrace, func(pid int) {
			show.note(fmt.Sprintf("heragent batch: waiting for the killed batch's run of %s (pid %d) to stop", id, pid))
		})
	}
}

// runQueued enqueues the repositories without a record and collects the
// results the workers send back.
func runQueued(ctx context.Context, f *batchFlags, meta batch.Meta, dir batch.Dir, jobs []batch.Job, show *batchProgress) error {
	c, err := fleet.Dial(ctx, f.queue)
	if err != nil {
		return envError(err)
	}
	defer c.Close()
	records, err := dir.Records()
	if err != nil {
		return err
	}
	todo, _ := batch.Plan(jobs, records, f.only)
	rerun := map[string]bool{}
	for _, j := range todo {
		if _, ok := records[j.ID]; ok {
			rerun[j.ID] = true
		}
	}
	// Results that workers stored while no collector was listening are
	// taken first, so they are neither enqueued nor run again.
	if err := c.Collect(ctx, fleet.CollectOptions{Batch: meta.ID, Jobs: without(todo, rerun), Dir: dir, Once: true}); err != nil {
		return err
	}
	if records, err = dir.Records(); err != nil {
		return err
	}
	todo, skipped := batch.Plan(jobs, records, f.only)
	tr := batch.NewTracker(show.event, len(todo))
	for _, j := range skipped {
		tr.Skip(j)
	}
	if _, err := c.Enqueue(ctx, meta.ID, todo, fleet.EnqueueOptions{Level: f.level, Timeout: f.timeout, Args: f.runArgs, MaxRetry: f.maxRetry, Rerun: rerun}); err != nil {
		return envError(err)
	}
	return c.Collect(ctx, fleet.CollectOptions{Batch: meta.ID, Jobs: todo, Dir: dir, Tracker: tr})
}

func without(jobs []batch.Job, drop map[string]bool) []batch.Job {
	var out []batch.Job
	for _, j := range jobs {
		if !drop[j.ID] {
			out = append(out, j)
		}
	}
	return out
}

func workerName() string {
	h, _ := os.Hostname()
	return fmt.Sprintf("%s:%d", h, os.Getpid())
}

func printBatchSummary(w io.Writer, s batch.Summary, out string) {
	t := s.Totals
	fmt.Fprintf(w, "%d repositories: %d ok, %d below, %d timeout, %d error, %d dead, %d pending\n", t.Repos,
		t.ByStatus[batch.StatusOK], t.ByStatus[batch.StatusBelow], t.ByStatus[batch.StatusTimeout], t.ByStatus[batch.StatusError], t.ByStatus[batch.StatusDead], t.ByStatus[batch.StatusPending])
	fmt.Fprintf(w, "tests: %d passed, %d failed, %d skipped\n", t.Tests.Passed, t.Tests.Failed, t.Tests.Skipped)
	fmt.Fprintf(w, "summary: %s/{summary.html,summary.md,summary.jsonl}\n", out)
}
