package batch

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestParseList(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "r1"), 0o755)
	tests := []struct {
		name  string
		text  string
		repos []string // Reference() of each job
		err   bool
	}{
		{"lines, comments, relative path", "# header\n\nr1\nhttps://h/o/x.git#v1  # pinned\n", []string{filepath.Join(dir, "r1"), "https://h/o/x.git#v1"}, false},
		{"jsonl with options", `{"repo": "https://h/o/x.git", "ref": "main", "level": "testable", "goal": ["x --help"], "timeout": "20m"}` + "\n", []string{"https://h/o/x.git#main"}, false},
		{"mixed", "r1\n" + `{"repo": "r1", "level": "installable"}` + "\n", []string{filepath.Join(dir, "r1"), filepath.Join(dir, "r1")}, false},
		{"duplicate", "r1\nr1\n", nil, true},
		{"unknown field", `{"repo": "r1", "levle": "x"}`, nil, true},
		{"ref twice", `{"repo": "https://h/x.git#a", "ref": "b"}`, nil, true},
		{"two words", "r1 r2\n", nil, true},
		{"empty", "# nothing\n", nil, true},
		{"bad timeout", `{"repo": "r1", "timeout": "soon"}`, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(dir, "list.txt")
			os.WriteFile(p, []byte(tt.text), 0o644)
			jobs, err := ParseList(p)
			if (err != nil) != tt.err {
				t.Fatalf("err %v", err)
			}
			if tt.err {
				if !errors.Is(err, ErrBadList) {
					t.Fatalf("error %v is not ErrBadList", err)
				}
				return
			}
			if len(jobs) != len(tt.repos) {
				t.Fatalf("%d jobs, want %d", len(jobs), len(tt.repos))
			}
			ids := map[string]bool{}
			for i, j := range jobs {
				if j.Reference() != tt.repos[i] || j.ID == "" || ids[j.ID] {
					t.Errorf("job %d: %+v", i, j)
				}
				ids[j.ID] = true
			}
		})
	}
}

func TestPlan(t *testing.T) {
	jobs := []Job{{ID: "a-1", Repo: "/r/a"}, {ID: "b-2", Repo: "/r/b"}, {ID: "c-3", Repo: "https://h/c.git"}}
	records := map[string]Result{"a-1": {ID: "a-1", Status: StatusOK}, "b-2": {ID: "b-2", Status: StatusError}}
	tests := []struct {
		name      string
		only      []string
		run, skip string
	}{
		{"resume runs what has no record", nil, "c-3", "a-1 b-2"},
		{"status selector re-runs", []string{"status:error"}, "b-2", ""},
		{"glob", []string{"https://*"}, "c-3", ""},
		{"substring of id, already done", []string{"a-"}, "", "a-1"},
		{"two selectors", []string{"status:ok", "c-3"}, "a-1 c-3", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run, skip := Plan(jobs, records, tt.only)
			if ids(run) != tt.run || ids(skip) != tt.skip {
				t.Fatalf("run %q skip %q, want %q %q", ids(run), ids(skip), tt.run, tt.skip)
			}
		})
	}
}

func ids(js []Job) string {
	var s []string
	for _, j := range js {
		s = append(s, j.ID)
	}
	return strings.Join(s, " ")
}

// fakeRunner records calls; a job named "block" waits for cancellation.
type fakeRunner struct {
	mu      sync.Mutex
	calls   []string
	running int
	peak    int
}

func (f *fakeRunner) Run(ctx context.Context, j Job, s Spec) Result {
	f.mu.Lock()
	f.calls = append(f.calls, j.ID)
	f.running++
	f.peak = max(f.peak, f.running)
	f.mu.Unlock()
	defer func() { f.mu.Lock(); f.running--; f.mu.Unlock() }()
	if j.ID == "block" {
		<-ctx.Done()
		return Result{ID: j.ID, Interrupted: true}
	}
	time.Sleep(20 * time.Millisecond)
	return Result{ID: j.ID, Repo: j.Reference(), Status: StatusOK, Level: "runnable", Target: "runnable", Tests: Tests{Passed: 1}, Seconds: 0.02}
}

// TestRunResumes interrupts a batch while one job blocks, then resumes it:
// finished jobs keep their records and are not run again, the interrupted
// one runs in the resumed batch.
func TestRunResumes(t *testing.T) {
	dir := Dir(t.TempDir())
	if _, err := dir.Open("list", "", false); err != nil {
		t.Fatal(err)
	}
	if _, err := dir.Open("list", "", false); !errors.Is(err, ErrBadList) {
		t.Fatalf("reopening without resume: %v", err)
	}
	jobs := []Job{{ID: "a", Repo: "/a"}, {ID: "b", Repo: "/b"}, {ID: "block", Repo: "/c"}, {ID: "d", Repo: "/d"}}
	ctx, cancel := context.WithCancel(context.Background())
	fr := &fakeRunner{}
	var events []Event
	go func() {
		for {
			if recs, _ := dir.Records(); len(recs) == 3 {
				cancel()
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	err := Run(ctx, Options{Jobs: jobs, Dir: dir, Parallel: 2, Runner: fr, Progress: func(e Event) { events = append(events, e) }})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run returned %v", err)
	}
	recs, _ := dir.Records()
	if _, ok := recs["block"]; ok || len(recs) != 3 || fr.peak != 2 {
		t.Fatalf("records %v, peak parallelism %d", recs, fr.peak)
	}
	if stale := dir.StaleRuns(); len(stale) != 1 {
		t.Fatalf("stale run markers %v, want the interrupted one", stale)
	}
	if _, err := dir.Open("list", "", true); err != nil {
		t.Fatal(err)
	}
	fr2 := &fakeRunner{}
	jobs[2].ID = "c" // the same job, now finishing
	if err := Run(context.Background(), Options{Jobs: jobs, Dir: dir, Parallel: 2, Runner: fr2}); err != nil {
		t.Fatal(err)
	}
	if strings.Join(fr2.calls, " ") != "c" {
		t.Fatalf("resumed batch ran %v, want only c", fr2.calls)
	}
	recs, _ = dir.Records()
	sum := Summarise(Meta{ID: "x"}, jobs, recs)
	if !sum.AllReached() || sum.Totals.Tests.Passed != 4 || len(sum.Rows) != 4 {
		t.Fatalf("summary %+v", sum.Totals)
	}
	if events[len(events)-1].Done != 3 || events[len(events)-1].ETA < 0 {
		t.Errorf("last event %+v", events[len(events)-1])
	}
}

func TestSummaryFiles(t *testing.T) {
	dir := Dir(t.TempDir())
	cost := 0.5
	jobs := []Job{{ID: "a", Repo: "/a"}, {ID: "b", Repo: "https://h/b.git"}, {ID: "c", Repo: "/c"}}
	recs := map[string]Result{
		"a": {ID: "a", Repo: "/a", Status: StatusOK, Level: "runnable", Target: "runnable", Tests: Tests{3, 1, 2}, Seconds: 12, CostUSD: &cost, Out: "repos/a", Log: "logs/a.log"},
		"b": {ID: "b", Repo: "https://h/b.git", Status: StatusError, Target: "runnable", Error: "exit 2: <unreachable> | x", Log: "logs/b.log"},
	}
	s := Summarise(Meta{ID: "m"}, jobs, recs)
	if err := s.Write(dir); err != nil {
		t.Fatal(err)
	}
	html, _ := os.ReadFile(filepath.Join(string(dir), "summary.html"))
	for _, want := range []string{`href="repos/a/report.md"`, `href="repos/a/Dockerfile"`, `href="repos/a/setup.sh"`, "&lt;unreachable&gt;", "pending"} {
		if !bytes.Contains(html, []byte(want)) {
			t.Errorf("summary.html lacks %s", want)
		}
	}
	for _, bad := range []string{"<script src", "http://", "<link"} {
		if bytes.Contains(html, []byte(bad)) {
			t.Errorf("summary.html is not self-contained: has %s", bad)
		}
	}
	jl, _ := os.ReadFile(filepath.Join(string(dir), "summary.jsonl"))
	if n := bytes.Count(jl, []byte("\n")); n != 3 {
		t.Errorf("summary.jsonl has %d rows, want 3", n)
	}
	if s.AllReached() || s.Totals.ByStatus[StatusPending] != 1 || s.Totals.CostUSD != 0.5 {
		t.Errorf("totals %+v", s.Totals)
	}
}
