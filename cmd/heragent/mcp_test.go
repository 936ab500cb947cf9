package main

import (
	"context"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/internal/testrepo"
	"github.com/heragent/heragent/sandbox"
)

// mcpServer starts `heragent mcp` as a subprocess over stdio, allowing
// root, and connects the SDK's client to it.
func mcpServer(t *testing.T, root, runID string) (*mcp.ClientSession, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(binary, "mcp", "--allow", root, "--out-root", t.TempDir(), "--run-id", runID, "--image", enginetest.Image(),
		"--offline", "--cache-dir", t.TempDir(), "--store", filepath.Join(t.TempDir(), "g.db"))
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "v0"}, nil).Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect to heragent mcp: %v", err)
	}
	return cs, cmd
}

// copyFixtureTo copies testdata/repos/<name> under root.
func copyFixtureTo(t *testing.T, root, name string) string {
	t.Helper()
	return testrepo.Copy(t, filepath.Join("..", "..", "testdata", "repos", name), filepath.Join(root, name))
}

// callTool calls a tool and decodes its structured result; a tool error
// fails the test.
func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any, out any) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	b, _ := json.Marshal(res.StructuredContent)
	if res.IsError {
		t.Fatalf("%s: %v", name, res.Content[0].(*mcp.TextContent).Text)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// TestMCPOverStdio drives `heragent mcp` as a client process does: over
// stdin/stdout, with the SDK's CommandTransport. Set up a fixture, run its
// tests; closing the client ends the server, which leaves no container
// behind, and keeps the environment's image for the next session, which
// `heragent gc --checkpoints` removes.
func TestMCPOverStdio(t *testing.T) {
	if testing.Short() {
		t.Skip("containers in -short mode")
	}
	e := enginetest.Engine(t)
	t.Setenv("HERAGENT_STATE_DIR", t.TempDir())
	root, runID := t.TempDir(), "mcpe2e-"+sandbox.NewRunID()
	repo := copyFixtureTo(t, root, "c-make")
	cs, cmd := mcpServer(t, root, runID)
	var plan struct {
		BashFile string `json:"bash_file"`
	}
	callTool(t, cs, "get_plan", map[string]any{"repo": repo}, &plan)
	if !strings.Contains(plan.BashFile, "make") {
		t.Fatalf("get_plan: %q", plan.BashFile)
	}
	var setup struct {
		EnvironmentID string `json:"environment_id"`
		Level         string `json:"level"`
		Image         string `json:"image"`
	}
	callTool(t, cs, "setup_environment", map[string]any{"repo": repo, "level": "testable"}, &setup)
	if setup.Level != "testable" {
		t.Fatalf("setup: %+v", setup)
	}
	var tests struct {
		Passed bool `json:"passed"`
		Tests  struct {
			Passed int `json:"passed"`
		} `json:"tests"`
	}
	callTool(t, cs, "run_tests", map[string]any{"environment_id": setup.EnvironmentID}, &tests)
	if !tests.Passed || tests.Tests.Passed != 3 {
		t.Fatalf("run_tests: %+v", tests)
	}
	if err := cs.Close(); err != nil {
		t.Logf("close: %v", err)
	}
	cmd.Wait()
	ctx := context.Background()
	if ids, _ := e.Containers(ctx, runID); len(ids) > 0 {
		t.Errorf("containers left after the client closed: %v", ids)
	}
	labels, err := e.ImageLabels(ctx, setup.Image)
	if err != nil {
		t.Fatalf("the environment's image was not kept: %v", err)
	}
	// A build whose every layer was cached carries the labels of the run
	// that built it first.
	r := runCLI(t, nil, "gc", "--run-id", labels[sandbox.LabelRun], "--checkpoints", "--json")
	var res sandbox.GCResult
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || len(res.Images) == 0 || len(res.Containers) != 0 {
		t.Errorf("gc --checkpoints: exit %d %v %+v", r.code, err, res)
	}
}

// TestMCPKilledServerGC: a server killed with -9 mid-command leaves its
// container, labelled and leased, for `heragent gc --run-id`.
func TestMCPKilledServerGC(t *testing.T) {
	if testing.Short() {
		t.Skip("containers in -short mode")
	}
	e := enginetest.Engine(t)
	t.Setenv("HERAGENT_STATE_DIR", t.TempDir())
	root, runID := t.TempDir(), "mcpkill-"+sandbox.NewRunID()
	repo := copyFixtureTo(t, root, "c-make")
	cs, cmd := mcpServer(t, root, runID)
	defer cmd.Process.Kill()
	var setup struct {
		EnvironmentID string `json:"environment_id"`
	}
	callTool(t, cs, "setup_environment", map[string]any{"repo": repo, "level": "installable"}, &setup)
	go cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "run_in_environment", Arguments: map[string]any{"environment_id": setup.EnvironmentID, "command": "sleep 600"}})
	ctx := context.Background()
	deadline := time.Now().Add(3 * time.Minute)
	for ids, _ := e.Containers(ctx, runID); len(ids) == 0; ids, _ = e.Containers(ctx, runID) {
		if time.Now().After(deadline) {
			t.Fatal("run_in_environment started no container in 3 minutes")
		}
		time.Sleep(200 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	r := runCLI(t, nil, "gc", "--run-id", runID, "--checkpoints", "--json")
	var res sandbox.GCResult
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || r.code != ExitOK {
		t.Fatalf("gc exit %d: %v %q %q", r.code, err, r.stdout, r.stderr)
	}
	if len(res.Containers) != 1 || len(res.Images) == 0 || len(res.Spared) != 0 {
		t.Fatalf("gc removed %+v, want the killed server's container and images (the build's layers are labelled too)", res)
	}
	if ids, _ := e.Containers(ctx, runID); len(ids) != 0 {
		t.Errorf("containers left: %v", ids)
	}
}

func TestMCPBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"mcp", "--listen", "0.0.0.0:8765"}, "only a loopback address"},
		{[]string{"mcp", "--listen", "192.168.1.5:8765"}, "only a loopback address"},
		{[]string{"mcp", "--listen", "8765"}, "want HOST:PORT"},
		{[]string{"mcp", "--allow", "/nonexistent/heragent"}, "not a directory"},
		{[]string{"mcp", "extra"}, "accepts 0 arg"},
	} {
		r := runCLI(t, nil, tc.args...)
		if r.code != ExitUsage || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, r.code, r.stderr, tc.want)
		}
		checkOneLineError(t, r)
	}
}

// TestMCPOverHTTP: with --listen the same tools are served as streamable
// HTTP at /mcp on loopback, and SIGTERM ends the server cleanly.
func TestMCPOverHTTP(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	root := t.TempDir()
	repo := copyFixtureTo(t, root, "c-make")
	cmd := exec.Command(binary, "mcp", "--listen", addr, "--allow", root, "--out-root", t.TempDir(),
		"--offline", "--cache-dir", t.TempDir(), "--store", filepath.Join(t.TempDir(), "g.db"))
	cmd.Env = append(os.Environ(), "HERAGENT_STATE_DIR="+t.TempDir())
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	var cs *mcp.ClientSession
	for end := time.Now().Add(30 * time.Second); cs == nil; time.Sleep(100 * time.Millisecond) {
		cs, err = mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "v0"}, nil).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: "http://" + addr + "/mcp"}, nil)
		if err != nil && time.Now().After(end) {
			t.Fatalf("connect: %v", err)
		}
	}
	var plan struct {
		BashFile string `json:"bash_file"`
	}
	callTool(t, cs, "get_plan", map[string]any{"repo": repo}, &plan)
	if !strings.Contains(plan.BashFile, "make") {
		t.Fatalf("get_plan: %q", plan.BashFile)
	}
	cs.Close()
	cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Errorf("after SIGTERM: %v", err)
	}
}
