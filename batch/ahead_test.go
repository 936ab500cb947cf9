package batch

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// preparingRunner logs when each job is prepared and when it runs. A
// job in holds runs until the log has the entry holds names (or 5 s),
// so a test orders the batch's steps without racing them.
type preparingRunner struct {
	mu    sync.Mutex
	log   []string
	holds map[string]string
}

func (p *preparingRunner) Run(ctx context.Context, j Job, s Spec) Result {
	p.add("run " + j.ID)
	time.Sleep(100 * time.Millisecond)
	if want, ok := p.holds[j.ID]; ok {
		for end := time.Now().Add(5 * time.Second); time.Now().Before(end) && !p.has(want); {
			time.Sleep(10 * time.Millisecond)
		}
	}
	return Result{ID: j.ID, Repo: j.Reference(), Status: StatusOK, Level: "runnable", Target: "runnable"}
}

func (p *preparingRunner) Prepare(ctx context.Context, j Job, s Spec) {
	if !strings.HasSuffix(s.Log, j.ID+".layer.log") {
		p.add("prepare " + j.ID + " logging to " + s.Log)
		return
	}
	p.add("prepare " + j.ID)
}

func (p *preparingRunner) has(s string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Contains(p.log, s)
}

func (p *preparingRunner) add(s string) {
	p.mu.Lock()
	p.log = append(p.log, s)
	p.mu.Unlock()
}

// While a job runs, the batch prepares the next one (--prepare-ahead 1),
// never one ahead of that and never one already started: each job after
// those the workers start at once is prepared once, before its run.
func TestBatchPreparesTheNextJob(t *testing.T) {
	dir := Dir(t.TempDir())
	if _, err := dir.Open("list", "", false); err != nil {
		t.Fatal(err)
	}
	jobs := []Job{{ID: "a", Repo: "/a"}, {ID: "b", Repo: "/b"}, {ID: "c", Repo: "/c"}}
	p := &preparingRunner{holds: map[string]string{"a": "prepare b", "b": "prepare c"}}
	if err := Run(context.Background(), Options{Jobs: jobs, Dir: dir, Runner: p, Ahead: 1}); err != nil {
		t.Fatal(err)
	}
	var prepared []string
	for i, e := range p.log {
		id, ok := strings.CutPrefix(e, "prepare ")
		if !ok {
			continue
		}
		prepared = append(prepared, id)
		if run := slices.Index(p.log, "run "+id); run < i {
			t.Fatalf("%s was prepared after its run started: %q", id, p.log)
		}
	}
	if !slices.Equal(prepared, []string{"b", "c"}) {
		t.Fatalf("batch prepared %q, want b and c (%q)", prepared, p.log)
	}
	// b runs until d is prepared: were a and b to end together, c and d
	// would both start at once, and d is then its own run's to prepare.
	four := append(jobs, Job{ID: "d", Repo: "/d"})
	two := &preparingRunner{holds: map[string]string{"b": "prepare d"}}
	if err := Run(context.Background(), Options{Jobs: four, Dir: Dir(t.TempDir()), Runner: two, Ahead: 1, Parallel: 2}); err != nil {
		t.Fatal(err)
	}
	if got := slices.DeleteFunc(slices.Clone(two.log), func(e string) bool { return strings.HasPrefix(e, "run ") }); !slices.Equal(got, []string{"prepare c", "prepare d"}) {
		t.Fatalf("two workers: batch prepared %q, want c and d (%q)", got, two.log)
	}
	q := &preparingRunner{}
	if err := Run(context.Background(), Options{Jobs: jobs, Dir: Dir(t.TempDir()), Runner: q}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"run a", "run b", "run c"}; !slices.Equal(q.log, want) {
		t.Fatalf("without --prepare-ahead the batch did %q, want %q", q.log, want)
	}
}
