package mcpserver

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/internal/testrepo"
)

// TestAgentSession is what a coding agent does: set up a fixture, run its
// tests, break a source file in the working tree, see the failure, revert,
// see the tests pass again; then the server closes and leaves nothing.
func TestAgentSession(t *testing.T) {
	if testing.Short() {
		t.Skip("containers in -short mode")
	}
	e := enginetest.Engine(t)
	outRoot := t.TempDir()
	h := newHarnessAt(t, enginetest.Image(), nil, t.TempDir(), outRoot)
	removeImages(t, e, h.srv.RunID())
	ctx := context.Background()
	repo := fixture(t, h.root, "c-make")

	var setup SetupOutput
	if msg := h.call(t, ctx, "setup_environment", map[string]any{"repo": repo, "level": "testable"}, &setup); msg != "" {
		t.Fatal(msg)
	}
	if setup.Level != "testable" || setup.Tests.Passed != 3 || setup.TestCommand != "make test" || setup.EnvironmentID != envID(repo) || setup.Image == "" {
		t.Fatalf("setup: %+v", setup)
	}
	removeImageRun(t, e, setup.Image)
	checkProgress(t, h)
	var rep ReportOutput
	if msg := h.call(t, ctx, "get_report", map[string]any{"environment_id": setup.EnvironmentID}, &rep); msg != "" || rep.Report["level"] != "testable" {
		t.Fatalf("get_report: %s %v", msg, rep.Report["level"])
	}
	res, err := h.cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: setup.Resources[0]})
	if err != nil || !strings.Contains(res.Contents[0].Text, "set -Eeuo pipefail") {
		t.Fatalf("setup.sh resource: %v", err)
	}

	tests := runTests(t, h, setup.EnvironmentID, "")
	if !tests.Passed || tests.Tests.Passed != 3 {
		t.Fatalf("baseline run_tests: %+v", tests)
	}
	src := filepath.Join(repo, "rev.c")
	orig, _ := os.ReadFile(src)
	writeFile(t, src, strings.Replace(string(orig), "i < n / 2", "i < n", 1)) // reverses twice: a no-op
	tests = runTests(t, h, setup.EnvironmentID, "")
	if tests.Passed || tests.Tests.Failed == 0 || !slices.Contains(tests.FailedTests, `rev("abc")`) {
		t.Fatalf("run_tests after the edit: %+v", tests)
	}
	writeFile(t, src, string(orig))
	if tests = runTests(t, h, setup.EnvironmentID, "make test_rev && ./test_rev"); !tests.Passed || tests.Tests.Passed != 3 {
		t.Fatalf("run_tests with a scope after the revert: %+v", tests)
	}

	var run RunOutput
	if msg := h.call(t, ctx, "run_in_environment", map[string]any{"environment_id": setup.EnvironmentID, "command": "seq 1 30000; exit 3", "max_output_bytes": 2000}, &run); msg != "" {
		t.Fatal(msg)
	}
	if run.ExitCode != 3 || !run.Truncated || len(run.Output) > 2100 || run.OutputBytes < 100000 || !strings.HasPrefix(run.Output, "1\n2\n") || !strings.HasSuffix(run.Output, "30000\n") {
		t.Fatalf("run_in_environment: exit %d, truncated %v, %d of %d bytes", run.ExitCode, run.Truncated, len(run.Output), run.OutputBytes)
	}

	runID := h.srv.RunID()
	if err := h.srv.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if ids, _ := e.Containers(ctx, runID); len(ids) > 0 {
		t.Errorf("containers left after Close: %v", ids)
	}
	// The image stays, a cache: a server started later runs the tests
	// without building it again.
	h2 := newHarnessAt(t, enginetest.Image(), nil, h.root, outRoot)
	removeImages(t, e, h2.srv.RunID())
	if tests = runTests(t, h2, setup.EnvironmentID, ""); !tests.Passed {
		t.Fatalf("run_tests from a new server: %+v", tests)
	}
	if h2.phases()["image"] {
		t.Error("a new server built the environment's image again")
	}
}

func runTests(t *testing.T, h *harness, id, scope string) RunOutput {
	t.Helper()
	args := map[string]any{"environment_id": id}
	if scope != "" {
		args["scope"] = scope
	}
	var out RunOutput
	if msg := h.call(t, context.Background(), "run_tests", args, &out); msg != "" {
		t.Fatalf("run_tests: %s", msg)
	}
	return out
}

// checkProgress: the setup's notifications name phases, iterations,
// commands and the level reached so far.
func checkProgress(t *testing.T, h *harness) {
	t.Helper()
	phases := h.phases()
	h.mu.Lock()
	defer h.mu.Unlock()
	commands, levels := map[any]bool{}, map[any]bool{}
	for _, p := range h.progress {
		commands[p.Meta["command"]] = true
		levels[p.Meta["level"]] = true
	}
	if !phases["setup"] || !phases["command"] || !phases["image"] || !commands["make test"] || !levels["testable"] {
		t.Errorf("progress: phases %v, commands %v, levels %v", phases, commands, levels)
	}
}

// slowRepo is a repository whose build takes minutes: a setup is sure to
// be in a container when it is cut.
func slowRepo(t *testing.T, root string) string {
	dir := testrepo.Write(t, map[string]string{
		"Makefile":  "all:\n\tsleep 300\n\ntest:\n\ttrue\n\n.PHONY: all test\n",
		"README.md": "# slow\n\n```sh\nmake\nmake test\n```\n",
	})
	dst := filepath.Join(root, "slow")
	if err := os.Rename(dir, dst); err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestCancelSetupLeavesNoContainer: a client that cancels setup_environment
// while the Bash File runs in a container leaves no container behind, and
// the server goes on serving.
func TestCancelSetupLeavesNoContainer(t *testing.T) {
	cutSetup(t, func(h *harness, cancel context.CancelFunc) { cancel() })
}

// TestClientDisconnectMidSetup: a client that goes away during a setup
// (its end of the connection closes, as when its process dies) leaves no
// container behind. The SDK client's own Close is graceful — it waits for
// the calls in flight — so the test breaks the pipe under it.
func TestClientDisconnectMidSetup(t *testing.T) {
	cutSetup(t, func(h *harness, _ context.CancelFunc) { h.pipe.Close() })
}

func cutSetup(t *testing.T, cut func(*harness, context.CancelFunc)) {
	if testing.Short() {
		t.Skip("containers in -short mode")
	}
	e := enginetest.Engine(t)
	h := newHarness(t, enginetest.Image(), nil)
	removeImages(t, e, h.srv.RunID())
	repo := slowRepo(t, h.root)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := h.cs.CallTool(ctx, &mcp.CallToolParams{Name: "setup_environment", Arguments: map[string]any{"repo": repo, "level": "installable"}})
		done <- err
	}()
	running := waitFor(3*time.Minute, func() bool {
		ids, _ := e.Containers(context.Background(), h.srv.RunID())
		return len(ids) > 0
	})
	if !running {
		t.Fatal("no container started within 3 minutes")
	}
	cut(h, cancel)
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("the call did not end")
	}
	if !waitFor(time.Minute, func() bool {
		ids, _ := e.Containers(context.Background(), h.srv.RunID())
		return len(ids) == 0
	}) {
		ids, _ := e.Containers(context.Background(), h.srv.RunID())
		t.Fatalf("containers left while the server runs: %v", ids)
	}
	cs := h.connect(t) // the server still serves
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
}
