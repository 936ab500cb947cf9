package sandbox_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/internal/testrepo"
	"github.com/heragent/heragent/sandbox"
)

func TestExecCapturesOutputAndExitCode(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	repo := testrepo.Write(t, map[string]string{"hello.txt": "hi from the repo\n", "sub/dir/x": "x"})
	s := enginetest.Sandbox(t, e, sandbox.Options{Repo: repo})
	logFile := filepath.Join(t.TempDir(), "logs", "cmd.log")
	var mu sync.Mutex
	var streamed strings.Builder
	tests := []struct {
		name     string
		spec     sandbox.ExecSpec
		wantCode int
		wantOut  []string
	}{
		{"script with stdout, stderr and exit code", sandbox.ExecSpec{Script: "cat hello.txt; echo to-stderr >&2; exit 3", LogFile: logFile}, 3, []string{"hi from the repo", "to-stderr"}},
		{"argv", sandbox.ExecSpec{Cmd: []string{"ls", "sub/dir"}}, 0, []string{"x"}},
		{"working directory", sandbox.ExecSpec{Cmd: []string{"pwd"}, Dir: "/tmp"}, 0, []string{"/tmp"}},
		{"environment", sandbox.ExecSpec{Script: `echo "v=$FOO"`, Env: []string{"FOO=bar"}}, 0, []string{"v=bar"}},
		{"missing command", sandbox.ExecSpec{Cmd: []string{"no-such-command-here"}}, 127, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			streamed.Reset()
			tt.spec.OnOutput = func(p []byte) { mu.Lock(); streamed.Write(p); mu.Unlock() }
			res, err := s.Exec(context.Background(), tt.spec)
			if err != nil {
				t.Fatalf("Exec: %v", err)
			}
			if res.ExitCode != tt.wantCode || res.TimedOut {
				t.Fatalf("exit %d timedOut %v, want %d; tail:\n%s", res.ExitCode, res.TimedOut, tt.wantCode, res.Tail)
			}
			for _, w := range tt.wantOut {
				mu.Lock()
				got := streamed.String()
				mu.Unlock()
				if !strings.Contains(res.Tail, w) || !strings.Contains(got, w) {
					t.Errorf("output missing %q: tail %q streamed %q", w, res.Tail, got)
				}
			}
		})
	}
	log, err := os.ReadFile(logFile)
	if err != nil || !strings.Contains(string(log), "to-stderr") || !strings.Contains(string(log), "hi from the repo") {
		t.Fatalf("log file: %v %q", err, log)
	}
}

func TestExecTimeoutKillsProcessTree(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	s := enginetest.Sandbox(t, e, sandbox.Options{})
	start := time.Now()
	// A child in the background, a grandchild detached into its own session,
	// and the foreground sleep: all must die.
	res, err := s.Exec(context.Background(), sandbox.ExecSpec{
		Script:  "sleep 601 & setsid sleep 602 & echo started; sleep 600",
		Timeout: 2 * time.Second,
	})
	if err != nil {
		t.Fatalf("Exec: %v", err)
	}
	if !res.TimedOut {
		t.Fatalf("not reported as timed out: %+v", res)
	}
	if took := time.Since(start); took > 60*time.Second {
		t.Fatalf("timeout took %s to take effect", took)
	}
	if !strings.Contains(res.Tail, "started") {
		t.Errorf("output before the timeout lost: %q", res.Tail)
	}
	left, err := s.Exec(context.Background(), sandbox.ExecSpec{Script: `cat /proc/[0-9]*/cmdline 2>/dev/null | tr '\0' ' ' | grep -o 'sleep 60[0-9]' || true`})
	if err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(left.Tail) != "" {
		t.Fatalf("processes survived the timeout: %q", left.Tail)
	}
	// The sandbox is still usable after a timeout.
	if res, err := s.Exec(context.Background(), sandbox.ExecSpec{Cmd: []string{"true"}}); err != nil || res.ExitCode != 0 {
		t.Fatalf("sandbox unusable after timeout: %v %+v", err, res)
	}
}

func TestCancelledContextLeavesNoContainers(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	runID := sandbox.NewRunID()
	ctx, cancel := context.WithCancel(context.Background())
	s, err := e.NewSandbox(ctx, sandbox.Options{Image: enginetest.Image(), RunID: runID})
	if err != nil {
		t.Fatal(err)
	}
	started := make(chan struct{})
	var once sync.Once
	go func() {
		<-started
		cancel()
	}()
	_, err = s.Exec(ctx, sandbox.ExecSpec{Script: "echo started; sleep 600", OnOutput: func([]byte) { once.Do(func() { close(started) }) }})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Exec after cancel: %v", err)
	}
	if err := s.Close(ctx); err != nil { // ctx is cancelled: cleanup must still work
		t.Fatalf("Close with cancelled context: %v", err)
	}
	ids, err := e.Containers(context.Background(), runID)
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != 0 {
		t.Fatalf("%d labelled containers left: %v", len(ids), ids)
	}
}

func TestEngineCloseRemovesForgottenSandboxes(t *testing.T) {
	t.Parallel()
	enginetest.Engine(t) // skip or fail early without an engine
	e, err := sandbox.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	runID := sandbox.NewRunID()
	for i := 0; i < 2; i++ {
		if _, err := e.NewSandbox(context.Background(), sandbox.Options{Image: enginetest.Image(), RunID: runID}); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	check := enginetest.Engine(t)
	ids, err := check.Containers(context.Background(), runID)
	if err != nil || len(ids) != 0 {
		t.Fatalf("containers left after Engine.Close: %v %v", ids, err)
	}
}

func TestContainerWritesNeverReachHostCheckout(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	repo := testrepo.Write(t, map[string]string{"keep.txt": "original\n"})
	s := enginetest.Sandbox(t, e, sandbox.Options{Repo: repo})
	res, err := s.Exec(context.Background(), sandbox.ExecSpec{Script: "echo changed > keep.txt && touch created-in-container && mkdir build && rm -f nothing"})
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("exec: %v %+v", err, res)
	}
	entries, err := os.ReadDir(repo)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "keep.txt" {
		t.Fatalf("host checkout changed: %v", entries)
	}
	if b, _ := os.ReadFile(filepath.Join(repo, "keep.txt")); string(b) != "original\n" {
		t.Fatalf("host file modified: %q", b)
	}
}

func TestMissingImageIsAnEnvironmentError(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	runID := sandbox.NewRunID()
	_, err := e.NewSandbox(context.Background(), sandbox.Options{Image: "localhost/heragent/no-such-image:none", RunID: runID})
	if !errors.Is(err, sandbox.ErrImageMissing) {
		t.Fatalf("err = %v, want ErrImageMissing", err)
	}
	if ids, _ := e.Containers(context.Background(), runID); len(ids) != 0 {
		t.Fatalf("containers left: %v", ids)
	}
}

func TestLimitsApplied(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	s := enginetest.Sandbox(t, e, sandbox.Options{Limits: sandbox.Limits{Pids: 321, MemoryBytes: 700 << 20, CPUs: 1}})
	// cgroup v1 and v2 name the files differently.
	res, err := s.Exec(context.Background(), sandbox.ExecSpec{Script: `cat /sys/fs/cgroup/pids.max /sys/fs/cgroup/pids/pids.max /sys/fs/cgroup/memory.max /sys/fs/cgroup/memory/memory.limit_in_bytes 2>/dev/null; true`})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"321", "734003200"} {
		if !strings.Contains(res.Tail, want) {
			t.Errorf("limit %s not in effect: %q", want, res.Tail)
		}
	}
}

// A command that keeps printing outlives its idle limit; one that falls
// silent is ended by it, its output so far kept.
func TestExecIdleTimeout(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	s := enginetest.Sandbox(t, e, sandbox.Options{})
	talking, err := s.Exec(context.Background(), sandbox.ExecSpec{
		Script:      "for i in 1 2 3 4 5 6; do echo tick $i; sleep 0.5; done",
		IdleTimeout: 2 * time.Second,
	})
	if err != nil {
		t.Fatalf("Exec: %v", err)
	}
	if talking.TimedOut || talking.ExitCode != 0 || !strings.Contains(talking.Tail, "tick 6") {
		t.Fatalf("a command printing every 0.5s was cut by a 2s idle limit: %+v", talking)
	}
	silent, err := s.Exec(context.Background(), sandbox.ExecSpec{
		Script:      "echo waiting for a peer; sleep 600",
		IdleTimeout: 2 * time.Second,
	})
	if err != nil {
		t.Fatalf("Exec: %v", err)
	}
	if !silent.TimedOut || !silent.Idle || silent.Duration > time.Minute {
		t.Fatalf("a silent command was not ended by its idle limit: %+v", silent)
	}
	if !strings.Contains(silent.Tail, "waiting for a peer") {
		t.Errorf("output before the idle cut lost: %q", silent.Tail)
	}
}
