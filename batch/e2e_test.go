package batch_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/batch"
	"github.com/heragent/heragent/internal/batchtest"
	"github.com/heragent/heragent/internal/enginetest"
)

// TestBatchKilledAndResumed is the end-to-end check of `heragent batch`
// with real runs of fixture repositories, --jobs 2: the batch process is
// killed with SIGKILL while a run is in a container; that run's containers
// go away (its child got SIGTERM through PDEATHSIG); `--resume` then runs
// only the unfinished repositories — the finished records are byte-for-byte
// untouched — and every repository ends with a record, summary row and
// outputs.
func TestBatchKilledAndResumed(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end runs in -short mode")
	}
	t.Parallel()
	e := enginetest.Engine(t)
	bin := batchtest.Binary(t)
	repos := filepath.Join(batchtest.Root(), "testdata", "repos")
	work := t.TempDir()
	list := filepath.Join(work, "list.jsonl")
	// The third job is c-make again with a goal that sleeps, so the kill
	// lands while its run is inside a container.
	os.WriteFile(list, []byte(fmt.Sprintf(`{"repo": %q}
{"repo": %q}
{"repo": %q, "goal": ["sleep 15; ./rev hello"], "id": "c-make-slow"}
`, filepath.Join(repos, "c-make"), filepath.Join(repos, "python-requirements"), filepath.Join(repos, "c-make"))), 0o644)
	out := filepath.Join(work, "out")
	dir := batch.Dir(out)
	ctx := context.Background()

	first := exec.Command(bin, "batch", list, "--jobs", "2", "--out", out, "--json")
	var firstErr bytes.Buffer
	first.Stderr = &firstErr
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- first.Wait() }()
	// Kill once a job has finished and a run is inside a container: which
	// jobs are then unfinished depends on the machine's speed (the slow
	// one usually, python-requirements too on a fast or a loaded one), so
	// the unfinished set is read, not assumed.
	var inside []string
	deadline := time.Now().Add(15 * time.Minute) // cold runs on a loaded 2-core CI machine
	for len(inside) == 0 {
		select {
		case err := <-exited:
			t.Fatalf("batch ended before it could be killed: %v\n%s", err, firstErr.String())
		case <-time.After(500 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			first.Process.Kill()
			t.Fatalf("no run reached a container after a job finished\n%s", firstErr.String())
		}
		if recs, _ := dir.Records(); len(recs) == 0 {
			continue
		}
		for _, run := range dir.StaleRuns() {
			if ids, _ := e.Containers(ctx, run); len(ids) > 0 {
				inside = append(inside, run)
			}
		}
	}
	first.Process.Signal(os.Kill)
	<-exited
	before := map[string][]byte{}
	recs, _ := dir.Records()
	for id := range recs {
		before[id], _ = os.ReadFile(dir.RecordPath(id))
	}
	// The killed jobs: those marked running that left no record.
	running, _ := filepath.Glob(filepath.Join(out, "results", "*.running"))
	var killed []string
	for _, r := range running {
		if id := strings.TrimSuffix(filepath.Base(r), ".running"); before[id] == nil {
			killed = append(killed, id)
		}
	}
	sort.Strings(killed)
	gone := time.Now().Add(2 * time.Minute)
	for _, run := range inside {
		for {
			ids, _ := e.Containers(ctx, run)
			if len(ids) == 0 {
				break
			}
			if time.Now().After(gone) {
				t.Fatalf("containers of the killed batch's run %s remain: %v", run, ids)
			}
			time.Sleep(time.Second)
		}
	}

	second := exec.Command(bin, "batch", list, "--jobs", "2", "--out", out, "--json", "--resume")
	var so, se bytes.Buffer
	second.Stdout, second.Stderr = &so, &se
	if err := second.Run(); err != nil {
		t.Fatalf("resumed batch: %v\n%s", err, se.String())
	}
	var sum batch.Summary
	if err := json.Unmarshal(so.Bytes(), &sum); err != nil {
		t.Fatalf("summary: %v: %s", err, so.String())
	}
	kinds := map[string][]string{}
	sc := bufio.NewScanner(&se)
	for sc.Scan() {
		var ev batch.Event
		if json.Unmarshal(sc.Bytes(), &ev) == nil {
			kinds[ev.Kind] = append(kinds[ev.Kind], ev.ID)
		}
	}
	sort.Strings(kinds["start"])
	sort.Strings(kinds["done"])
	want := strings.Join(killed, ",")
	if len(killed) == 0 || len(kinds["skip"]) != len(before) || strings.Join(kinds["start"], ",") != want || strings.Join(kinds["done"], ",") != want {
		t.Fatalf("resumed batch events %v: want the %d finished skipped, only %s run", kinds, len(before), want)
	}
	for id, b := range before {
		if now, _ := os.ReadFile(dir.RecordPath(id)); !bytes.Equal(now, b) {
			t.Errorf("record %s changed on resume", id)
		}
	}
	if len(sum.Rows) != 3 || !sum.AllReached() {
		t.Fatalf("summary %+v", sum)
	}
	for _, r := range sum.Rows {
		for _, run := range inside {
			if r.RunID == run {
				t.Errorf("%s's record is the killed run %s's", r.ID, run)
			}
		}
		for _, f := range []string{"report.json", "Dockerfile", "setup.sh"} {
			if _, err := os.Stat(filepath.Join(out, r.Out, f)); r.Out == "" || err != nil {
				t.Errorf("%s: no %s in %q", r.ID, f, r.Out)
			}
		}
	}
	for _, f := range []string{"summary.html", "summary.md", "summary.jsonl"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "repos")); err == nil {
		entries, _ := os.ReadDir(filepath.Join(out, "repos"))
		for _, en := range entries {
			if strings.Contains(en.Name(), ".partial-") {
				t.Errorf("the killed run left its staging directory %s", en.Name())
			}
		}
	}
}
