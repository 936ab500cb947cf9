package batch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Options configures a local batch.
type Options struct {
	Jobs     []Job
	Dir      Dir
	Parallel int           // runs at once (default 1)
	Level    string        // default level of a job
	Timeout  time.Duration // default per-repository time limit (0: none)
	Only     []string      // selectors, see Select
	Runner   Runner
	// Ahead is how many jobs after the running ones are prepared while
	// they run, when Runner is a Preparer (their shared toolchain
	// layers); 0: none.
	Ahead    int
	Worker   string      // host:pid for the records
	Progress func(Event) // called from one goroutine at a time
}

// Event is a progress report of a batch.
type Event struct {
	Kind    string  `json:"kind"` // "start", "done", "skip"
	ID      string  `json:"id"`
	Repo    string  `json:"repo"`
	Result  *Result `json:"result,omitempty"`
	Done    int     `json:"done"`    // finished in this session
	Total   int     `json:"total"`   // to run in this session
	Running int     `json:"running"` // now
	Failed  int     `json:"failed"`  // finished in this session without reaching the level
	Elapsed float64 `json:"elapsed_seconds"`
	ETA     float64 `json:"eta_seconds"` // -1 while unknown
}

// Plan splits the jobs into those to run and those a resume skips: a job
// runs when it has no record, or when a status: selector names its record's
// status. Only jobs matching a selector (all, without selectors) are
// considered.
func Plan(jobs []Job, records map[string]Result, only []string) (run, skip []Job) {
	for _, j := range jobs {
		rec, has := records[j.ID]
		if !Select(j, rec, has, only) {
			continue
		}
		if has && !selectsStatus(only, rec.Status) {
			skip = append(skip, j)
			continue
		}
		run = append(run, j)
	}
	return run, skip
}

// Select reports whether a job matches one of the selectors: a glob (or a
// substring) of its ID or reference, or status:S for a job whose record has
// status S. No selectors select everything.
func Select(j Job, rec Result, has bool, only []string) bool {
	if len(only) == 0 {
		return true
	}
	for _, s := range only {
		if st, ok := strings.CutPrefix(s, "status:"); ok {
			if has && string(rec.Status) == st {
				return true
			}
			continue
		}
		for _, v := range []string{j.ID, j.Reference(), j.Repo} {
			if globMatch(s, v) || strings.Contains(v, s) {
				return true
			}
		}
	}
	return false
}

// globMatch matches a shell-like pattern where * also crosses slashes.
func globMatch(pattern, s string) bool {
	re := "^" + strings.NewReplacer(`\*`, ".*", `\?`, ".").Replace(regexp.QuoteMeta(pattern)) + "$"
	ok, _ := regexp.MatchString(re, s)
	return ok
}

func selectsStatus(only []string, st Status) bool {
	for _, s := range only {
		if s == "status:"+string(st) {
			return true
		}
	}
	return false
}

// Run runs the jobs without a record (see Plan) Parallel at a time and
// writes each record as its run ends. When ctx is cancelled, running
// children are stopped, nothing is recorded for them, and Run returns
// ctx's error after the records of the finished ones are safe.
func Run(ctx context.Context, o Options) error {
	if o.Parallel <= 0 {
		o.Parallel = 1
	}
	records, err := o.Dir.Records()
	if err != nil {
		return err
	}
	todo, skipped := Plan(o.Jobs, records, o.Only)
	p := NewTracker(o.Progress, len(todo))
	for _, j := range skipped {
		p.Skip(j)
	}
	queue := make(chan Job)
	var wg sync.WaitGroup
	var saveErr error
	var mu sync.Mutex
	for w := 0; w < o.Parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range queue {
				runID := newID() // the same form as sandbox.NewRunID: gc --run-id finds its containers
				spec := Spec{Out: o.Dir.RepoOut(j.ID), Log: o.Dir.LogPath(j.ID), RunID: runID, Level: o.Level, Limit: o.Timeout, Worker: o.Worker}
				if err := o.Dir.MarkRunning(j.ID, runID); err != nil {
					mu.Lock()
					saveErr = err
					mu.Unlock()
					continue
				}
				p.Start(j)
				res := o.Runner.Run(ctx, j, spec)
				if res.Interrupted {
					p.Stop()
					continue
				}
				res.Out, res.Log = relOut(j.ID, spec.Out), "logs/"+j.ID+".log"
				if err := o.Dir.Save(res); err != nil {
					mu.Lock()
					saveErr = err
					mu.Unlock()
				}
				p.Finish(j, res, true)
			}
		}()
	}
	pre := newAhead(o.Parallel)
	var prepared sync.WaitGroup
	if p, ok := o.Runner.(Preparer); ok && o.Ahead > 0 {
		prepared.Add(1)
		go func() {
			defer prepared.Done()
			pre.run(ctx, p, todo, o.Ahead, func(j Job) Spec {
				return Spec{Log: filepath.Join(filepath.Dir(o.Dir.LogPath(j.ID)), j.ID+".layer.log"), Level: o.Level, Worker: o.Worker}
			})
		}()
	}
feed:
	for i, j := range todo {
		select {
		case queue <- j:
			pre.dispatched(i)
		case <-ctx.Done():
			break feed
		}
	}
	pre.stop()
	close(queue)
	wg.Wait()
	prepared.Wait()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if saveErr != nil {
		return fmt.Errorf("save result: %w", saveErr)
	}
	return nil
}

// relOut is the record's link to the run outputs, when they exist.
func relOut(id, out string) string {
	if _, err := os.Stat(out + "/report.json"); err != nil {
		return ""
	}
	return "repos/" + id
}

// Tracker counts a batch's progress and computes its ETA: the mean time
// between finishes in this session times the jobs left.
type Tracker struct {
	mu                           sync.Mutex
	fn                           func(Event)
	total, done, running, failed int
	start                        time.Time
}

// NewTracker reports to fn (which may be nil) for total jobs to run.
func NewTracker(fn func(Event), total int) *Tracker {
	return &Tracker{fn: fn, total: total, start: time.Now()}
}

func (p *Tracker) emit(ev Event) {
	if p.fn == nil {
		return
	}
	ev.Done, ev.Total, ev.Running, ev.Failed = p.done, p.total, p.running, p.failed
	ev.Elapsed = time.Since(p.start).Seconds()
	ev.ETA = -1
	if p.done > 0 {
		ev.ETA = ev.Elapsed / float64(p.done) * float64(p.total-p.done)
	}
	p.fn(ev)
}

// Skip reports a job a resume does not run again.
func (p *Tracker) Skip(j Job) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.emit(Event{Kind: "skip", ID: j.ID, Repo: j.Reference()})
}

// Start reports a job that began.
func (p *Tracker) Start(j Job) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.running++
	p.emit(Event{Kind: "start", ID: j.ID, Repo: j.Reference()})
}

// Stop reports a job that was interrupted (not finished).
func (p *Tracker) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.running--
}

// Finish reports a job's record; running is not decremented when the job
// was never reported as started (distributed mode learns of it at the end).
func (p *Tracker) Finish(j Job, r Result, wasRunning bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if wasRunning {
		p.running--
	}
	p.done++
	if !r.Reached() {
		p.failed++
	}
	p.emit(Event{Kind: "done", ID: j.ID, Repo: j.Reference(), Result: &r})
}
