package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/batch"
	"github.com/heragent/heragent/loops"
)

// TestBatchInputErrors checks the input and environment errors of run
// (git URLs), batch and worker: exit code and one error line, before any
// container is started.
func TestBatchInputErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	good := write("good.txt", dir+"\n")
	badJSON := write("bad.jsonl", `{"repo": "x", "levle": "y"}`+"\n")
	badLevel := write("level.jsonl", `{"repo": "x", "level": "flying"}`+"\n")
	used := filepath.Join(dir, "used")
	os.MkdirAll(used, 0o755)
	os.WriteFile(filepath.Join(used, "batch.json"), []byte(`{"id":"x"}`), 0o644)
	noEngine := []string{"DOCKER_HOST=unix:///nonexistent/heragent-test.sock"}
	tests := []struct {
		name string
		env  []string
		args []string
		want int
	}{
		{"run: unreachable git URL", noEngine, []string{"run", "https://nonexistent.invalid/x.git"}, ExitUsage},
		{"run: missing revision of a local repository", noEngine, []string{"run", dir + "#no-such-branch"}, ExitUsage},
		{"batch: missing list", noEngine, []string{"batch", filepath.Join(dir, "nope.txt")}, ExitUsage},
		{"batch: bad JSON line", noEngine, []string{"batch", badJSON}, ExitUsage},
		{"batch: bad level in a line", noEngine, []string{"batch", badLevel, "--out", filepath.Join(dir, "o1")}, ExitUsage},
		{"batch: bad --jobs", noEngine, []string{"batch", good, "--jobs", "0", "--out", filepath.Join(dir, "o2")}, ExitUsage},
		{"batch: existing batch without --resume", noEngine, []string{"batch", good, "--out", used}, ExitUsage},
		{"batch: no engine", noEngine, []string{"batch", good, "--out", filepath.Join(dir, "o3")}, ExitEnv},
		{"batch: unreachable queue", nil, []string{"batch", good, "--out", filepath.Join(dir, "o4"), "--queue", "redis://127.0.0.1:1"}, ExitEnv},
		{"batch: bad queue URL", nil, []string{"batch", good, "--out", filepath.Join(dir, "o5"), "--queue", "http://x"}, ExitEnv},
		{"worker: no --queue", noEngine, []string{"worker"}, ExitUsage},
		{"worker: no engine", noEngine, []string{"worker", "--queue", "redis://127.0.0.1:1"}, ExitEnv},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, tt.env, tt.args...)
			if r.code != tt.want {
				t.Fatalf("exit %d, want %d; stderr %q", r.code, tt.want, r.stderr)
			}
			checkOneLineError(t, r)
		})
	}
}

// A batch resumed right after a kill waits for the killed batch's run that
// still holds its output (it got SIGTERM and is removing its containers)
// and says so, instead of starting the job again into "is being written
// by another run".
func TestResumeWaitsForAStoppingRun(t *testing.T) {
	t.Setenv("HERAGENT_STATE_DIR", t.TempDir())
	dir := batch.Dir(t.TempDir())
	os.MkdirAll(filepath.Join(string(dir), "results"), 0o755)
	if err := dir.MarkRunning("job-a", "0123456789ab"); err != nil {
		t.Fatal(err)
	}
	held, err := loops.LockOut(dir.RepoOut("job-a"))
	if err != nil {
		t.Fatal(err)
	}
	released := make(chan struct{})
	go func() {
		time.Sleep(700 * time.Millisecond)
		close(released)
		held.Unlock()
	}()
	var w bytes.Buffer
	show := newBatchProgress(&globals{json: true}, &w)
	waitStopping(context.Background(), dir, show)
	select {
	case <-released:
	default:
		t.Fatal("resume went on while the killed run held its output")
	}
	want := fmt.Sprintf(`{"kind":"note","message":"heragent batch: waiting for the killed batch's run of job-a (pid %d) to stop"}`, os.Getpid())
	if got := strings.TrimSpace(w.String()); got != want {
		t.Fatalf("progress %q, want %q", got, want)
	}
}
