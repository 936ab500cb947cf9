package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/sandbox"
)

var binary string

// TestMain builds the real binary once: these tests check what a user sees
// (exit codes, one-line errors), which only the process boundary shows.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "heragent-cli-")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "heragent")
	if out, err := exec.Command("go", "build", "-buildvcs=auto", "-o", binary, ".").CombinedOutput(); err != nil {
		os.Stderr.Write(out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type result struct {
	code           int
	stdout, stderr string
}

func runCLI(t *testing.T, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Env = append(os.Environ(), env...)
	var so, se bytes.Buffer
	cmd.Stdout, cmd.Stderr = &so, &se
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{code, so.String(), se.String()}
}

// checkOneLineError asserts a failure is reported as a single
// "heragent: ..." line with no Go traceback.
func checkOneLineError(t *testing.T, r result) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(r.stderr, "\n"), "\n")
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "heragent: ") || strings.Contains(r.stderr, "goroutine ") {
		t.Errorf("stderr is not one error line: %q", r.stderr)
	}
}

func TestBadInputWithoutEngine(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	os.WriteFile(file, []byte("x"), 0o644)
	noEngine := []string{"DOCKER_HOST=unix:///nonexistent/heragent-test.sock"}
	tests := []struct {
		name string
		env  []string
		args []string
		want int
	}{
		{"unknown command", nil, []string{"frobnicate"}, ExitUsage},
		{"unknown flag", nil, []string{"doctor", "--frob"}, ExitUsage},
		{"exec without --", noEngine, []string{"exec", "."}, ExitUsage},
		{"nonexistent path", noEngine, []string{"exec", "/nonexistent/repo", "--", "true"}, ExitUsage},
		{"file instead of directory", noEngine, []string{"exec", file, "--", "true"}, ExitUsage},
		{"bad --ca-cert", noEngine, []string{"exec", ".", "--ca-cert", file, "--", "true"}, ExitUsage},
		{"unknown subcommand", nil, []string{"graph", "bogus"}, ExitUsage},
		{"misspelt subcommand", nil, []string{"index", "lookp"}, ExitUsage},
		{"negative --max-time", noEngine, []string{"run", ".", "--max-time", "-5m"}, ExitUsage},
		{"negative --older-than", noEngine, []string{"gc", "--checkpoints", "--older-than", "-1h"}, ExitUsage},
		{"no --checkpoint-cap", noEngine, []string{"run", ".", "--checkpoint-cap", "0"}, ExitUsage},
		{"negative --max-iterations", noEngine, []string{"run", ".", "--max-iterations", "-1"}, ExitUsage},
		{"zero --command-timeout", noEngine, []string{"run", ".", "--command-timeout", "0s"}, ExitUsage},
		{"unknown --proof-network", noEngine, []string{"run", ".", "--proof-network", "host"}, ExitUsage},
		{"unreachable engine", noEngine, []string{"exec", ".", "--", "true"}, ExitEnv},
		{"unreachable engine for doctor", noEngine, []string{"doctor"}, ExitEnv},
		{"unreachable engine for gc", noEngine, []string{"gc"}, ExitEnv},
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

// An unknown or misspelt command names the valid ones and the nearest,
// on its one line.
func TestUnknownCommandNamesTheValidOnes(t *testing.T) {
	for args, want := range map[string]string{
		"verfy":       "Did you mean this? verify",
		"index lookp": "(valid: lookup, update); did you mean lookup?",
		"image build": "(valid: bootstrap)",
	} {
		r := runCLI(t, nil, strings.Fields(args)...)
		if r.code != ExitUsage || !strings.Contains(r.stderr, want) {
			t.Errorf("heragent %s: exit %d, stderr %q; want exit %d naming %q", args, r.code, r.stderr, ExitUsage, want)
		}
		checkOneLineError(t, r)
	}
}

func TestDoctorJSONWithoutEngine(t *testing.T) {
	r := runCLI(t, []string{"DOCKER_HOST=unix:///nonexistent/heragent-test.sock"}, "doctor", "--json")
	var rep sandbox.DoctorReport
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("stdout is not JSON: %v: %q", err, r.stdout)
	}
	if r.code != ExitEnv || rep.OK || len(rep.Checks) == 0 || rep.Checks[0].Status != sandbox.StatusFail {
		t.Fatalf("exit %d report %+v", r.code, rep)
	}
}

func TestExecWithEngine(t *testing.T) {
	e := enginetest.Engine(t)
	repo := t.TempDir()
	os.WriteFile(filepath.Join(repo, "msg"), []byte("from-repo"), 0o644)
	tests := []struct {
		name  string
		args  []string
		want  int
		inOut string
	}{
		{"success streams output", []string{"exec", repo, "--", "cat", "msg"}, ExitOK, "from-repo"},
		{"failing command", []string{"exec", repo, "--", "exit 7"}, ExitBelowLevel, ""},
		{"timeout", []string{"exec", repo, "--timeout", "1s", "--", "sleep 600"}, ExitBelowLevel, ""},
		{"missing base image", []string{"exec", repo, "--image", "localhost/heragent/no-such:image", "--", "true"}, ExitEnv, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			runID := sandbox.NewRunID()
			r := runCLI(t, nil, append(tt.args[:2:2], append([]string{"--run-id", runID}, tt.args[2:]...)...)...)
			if r.code != tt.want {
				t.Fatalf("exit %d, want %d; stderr %q", r.code, tt.want, r.stderr)
			}
			if tt.want != ExitOK {
				checkOneLineError(t, r)
			}
			if !strings.Contains(r.stdout, tt.inOut) {
				t.Errorf("stdout %q lacks %q", r.stdout, tt.inOut)
			}
			if ids, _ := e.Containers(context.Background(), runID); len(ids) != 0 {
				t.Errorf("containers left behind: %v", ids)
			}
		})
	}
}

// TestInterruptRemovesContainers sends SIGINT to a running exec, as Ctrl-C
// does, and checks the sandbox and the run's lease are gone.
func TestInterruptRemovesContainers(t *testing.T) {
	e := enginetest.Engine(t)
	t.Setenv("HERAGENT_STATE_DIR", t.TempDir())
	runID := sandbox.NewRunID()
	cmd := exec.Command(binary, "exec", t.TempDir(), "--run-id", runID, "--", "echo started; sleep 600")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || !strings.Contains(line, "started") {
		cmd.Process.Kill()
		t.Fatalf("command did not start: %q %v", line, err)
	}
	if ids, _ := e.Containers(context.Background(), runID); len(ids) != 1 {
		t.Fatalf("expected the sandbox to be running, found %v", ids)
	}
	cmd.Process.Signal(syscall.SIGINT)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(90 * time.Second):
		cmd.Process.Kill()
		t.Fatal("heragent did not exit after SIGINT")
	}
	if code := cmd.ProcessState.ExitCode(); code != ExitInterrupted {
		t.Errorf("exit %d, want %d; stderr %q", code, ExitInterrupted, stderr.String())
	}
	if ids, _ := e.Containers(context.Background(), runID); len(ids) != 0 {
		t.Fatalf("containers left after SIGINT: %v", ids)
	}
	if ls, _ := sandbox.Leases(); len(ls[runID]) != 0 {
		t.Fatalf("lease left after SIGINT: %+v", ls[runID])
	}
}

func TestImageBootstrapWithoutDebootstrap(t *testing.T) {
	enginetest.Engine(t)
	r := runCLI(t, []string{"PATH=/nonexistent"}, "image", "bootstrap", "--image", "localhost/heragent/never-built:test")
	if r.code != ExitEnv || !strings.Contains(r.stderr, "debootstrap") {
		t.Fatalf("exit %d stderr %q", r.code, r.stderr)
	}
	checkOneLineError(t, r)
}
