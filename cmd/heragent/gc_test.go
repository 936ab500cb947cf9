package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/loops"
	"github.com/heragent/heragent/sandbox"
)

// TestRunRefusesBusyOut holds the lock on an output directory, as a run
// writing it does, and starts a second run to it: it fails at once, before
// the engine is tried, naming the holder.
func TestRunRefusesBusyOut(t *testing.T) {
	t.Setenv("HERAGENT_STATE_DIR", t.TempDir())
	out := filepath.Join(t.TempDir(), "out")
	lock, err := loops.LockOut(out)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Unlock()
	noEngine := []string{"DOCKER_HOST=unix:///nonexistent/heragent-test.sock"}
	r := runCLI(t, noEngine, "run", "../../testdata/repos/c-make", "--out", out, "--offline", "--cache-dir", t.TempDir(), "--store", filepath.Join(t.TempDir(), "g.db"))
	if r.code != ExitUsage {
		t.Fatalf("exit %d, want %d; stderr %q", r.code, ExitUsage, r.stderr)
	}
	checkOneLineError(t, r)
	if want := "is being written by another run (pid " + strconv.Itoa(os.Getpid()) + ")"; !strings.Contains(r.stderr, want) {
		t.Fatalf("stderr %q lacks %q", r.stderr, want)
	}
	if m, _ := filepath.Glob(out + ".partial-*"); len(m) > 0 {
		t.Fatalf("the refused run staged %v", m)
	}
}

// TestGCSparesLiveExec runs gc beside an exec still going: its sandbox
// survives, gc says why, and the exec finishes with exit 0.
func TestGCSparesLiveExec(t *testing.T) {
	e := enginetest.Engine(t)
	t.Setenv("HERAGENT_STATE_DIR", t.TempDir())
	runID := sandbox.NewRunID()
	cmd := exec.Command(binary, "exec", t.TempDir(), "--run-id", runID, "--", "echo started; sleep 8; echo finished")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	rd := bufio.NewReader(out)
	if line, err := rd.ReadString('\n'); err != nil || !strings.Contains(line, "started") {
		t.Fatalf("command did not start: %q %v; stderr %q", line, err, stderr.String())
	}

	r := runCLI(t, nil, "gc", "--run-id", runID)
	want := "spared 1 container(s) of run " + runID + " (pid " + strconv.Itoa(cmd.Process.Pid) + " on this host is running)"
	if r.code != ExitOK || !strings.Contains(r.stdout, "removed 0 container(s)") || !strings.Contains(r.stdout, want) {
		t.Fatalf("gc exit %d, stdout %q, want %q; stderr %q", r.code, r.stdout, want, r.stderr)
	}
	r = runCLI(t, nil, "gc", "--run-id", runID, "--json")
	var res sandbox.GCResult
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || len(res.Containers) != 0 || len(res.Spared) != 1 || len(res.Spared[0].Containers) != 1 {
		t.Fatalf("gc --json: %v %q", err, r.stdout)
	}

	b, _ := io.ReadAll(rd)
	rest := string(b)
	if err := cmd.Wait(); err != nil || !strings.Contains(rest, "finished") {
		t.Fatalf("exec after gc: %v, output %q, stderr %q", err, rest, stderr.String())
	}
	if ids, _ := e.Containers(context.Background(), runID); len(ids) != 0 {
		t.Errorf("containers left: %v", ids)
	}
	if ls, _ := sandbox.Leases(); len(ls[runID]) != 0 {
		t.Errorf("lease left after the exec ended: %+v", ls[runID])
	}
}

// TestGCAfterKilledRun kills a `heragent run` with -9 once its first
// sandbox exists: its container, partial output and lease stay behind,
// and gc removes them.
func TestGCAfterKilledRun(t *testing.T) {
	e := enginetest.Engine(t)
	t.Setenv("HERAGENT_STATE_DIR", t.TempDir())
	runID := sandbox.NewRunID()
	out := filepath.Join(t.TempDir(), "out")
	cmd := exec.Command(binary, "run", "../../testdata/repos/c-make", "--out", out, "--run-id", runID, "--no-checkpoints", "--no-caches",
		"--offline", "--cache-dir", t.TempDir(), "--store", filepath.Join(t.TempDir(), "g.db"))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	ctx := context.Background()
	deadline := time.Now().Add(3 * time.Minute)
	for ids, _ := e.Containers(ctx, runID); len(ids) == 0; ids, _ = e.Containers(ctx, runID) {
		if time.Now().After(deadline) {
			t.Fatal("the run started no sandbox in 3 minutes")
		}
		time.Sleep(200 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	partial := loops.StagePath(out, runID)
	if _, err := os.Stat(partial); err != nil {
		t.Fatalf("no partial output after kill -9: %v", err)
	}

	r := runCLI(t, nil, "gc", "--run-id", runID, "--json")
	var res sandbox.GCResult
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || r.code != ExitOK {
		t.Fatalf("gc exit %d: %v %q %q", r.code, err, r.stdout, r.stderr)
	}
	if len(res.Containers) != 1 || len(res.Partials) != 1 || len(res.Spared) != 0 {
		t.Fatalf("gc removed %+v, want the killed run's container and partial output", res)
	}
	if ids, _ := e.Containers(ctx, runID); len(ids) != 0 {
		t.Errorf("containers left: %v", ids)
	}
	if _, err := os.Stat(partial); err == nil {
		t.Errorf("partial output %s left", partial)
	}
	if ls, _ := sandbox.Leases(); len(ls[runID]) != 0 {
		t.Errorf("lease of the killed run left: %+v", ls[runID])
	}
}
