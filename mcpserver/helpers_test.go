package mcpserver

import (
	"context"
	"encoding/json"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/heragent/heragent/agents"
	"github.com/heragent/heragent/internal/testrepo"
	"github.com/heragent/heragent/pipeline"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/sandbox"
)

// rulesAnalyzer is `heragent run`'s analysis with the rules brain and no
// package index, its graphs in a temporary store.
func rulesAnalyzer(t *testing.T) Analyzer {
	store := filepath.Join(t.TempDir(), "graphs")
	return func(ctx context.Context, repo string, req AnalyzeRequest, say func(phase, msg string)) (*pipeline.Plan, Brain, error) {
		b, err := agents.New(agents.ModeRules, repair.RulesBrain{Repo: os.DirFS(repo).(fs.ReadFileFS)}, nil)
		if err != nil {
			return nil, nil, err
		}
		p, err := pipeline.Analyze(ctx, repo, pipeline.Options{Graph: pipeline.GraphOptions{Store: filepath.Join(store, pipeline.RepoName(repo)+".db")},
			Goals: req.Goals, Expect: req.Expect, Target: req.Target, Brain: b, Progress: say})
		return p, b, err
	}
}

// fixture copies a testdata repository under root and returns its path.
func fixture(t *testing.T, root, name string) string {
	t.Helper()
	return testrepo.Copy(t, filepath.Join("..", "testdata", "repos", name), filepath.Join(root, name))
}

// harness is a server and a client connected in memory.
type harness struct {
	srv      *Server
	cs       *mcp.ClientSession
	root     string   // the allowed root
	pipe     net.Conn // the client's end of the connection
	mu       sync.Mutex
	progress []*mcp.ProgressNotificationParams
}

// newHarness starts a server allowing one temporary root, with image as
// its base image ("" for the default), and connects a client.
func newHarness(t *testing.T, image string, connect func(context.Context) (*sandbox.Engine, error)) *harness {
	t.Helper()
	return newHarnessAt(t, image, connect, t.TempDir(), t.TempDir())
}

// newHarnessAt is newHarness with the allowed root and the exports' root
// given: a second server on the same exports finds the first's.
func newHarnessAt(t *testing.T, image string, connect func(context.Context) (*sandbox.Engine, error), root, outRoot string) *harness {
	t.Helper()
	h := &harness{root: root}
	srv, err := New(Config{Allow: []string{h.root}, OutRoot: outRoot, Image: image, RunID: "mcptest-" + sandbox.NewRunID(),
		Analyze: rulesAnalyzer(t), Connect: connect, Graph: pipeline.GraphOptions{Store: filepath.Join(t.TempDir(), "q.db")}, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	h.srv = srv
	t.Cleanup(func() { srv.Close(context.Background()) })
	h.cs = h.connect(t)
	return h
}

// connect connects a new client to the server.
func (h *harness) connect(t *testing.T) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	// The SDK's in-memory transports are a net.Pipe; made here, the
	// client's end can be broken as a dying client breaks it.
	sp, cp := net.Pipe()
	h.pipe = cp
	st, ct := &mcp.IOTransport{Reader: sp, Writer: sp}, &mcp.IOTransport{Reader: cp, Writer: cp}
	if _, err := h.srv.MCP().Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			h.mu.Lock()
			h.progress = append(h.progress, r.Params)
			h.mu.Unlock()
		}})
	cs, err := c.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// call calls a tool and decodes its structured result into out; it
// returns the tool's error text, "" when it succeeded.
func (h *harness) call(t *testing.T, ctx context.Context, tool string, args map[string]any, out any) string {
	t.Helper()
	res, err := h.cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args, Meta: mcp.Meta{"progressToken": tool}})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	if res.IsError {
		if len(res.Content) > 0 {
			if tc, ok := res.Content[0].(*mcp.TextContent); ok {
				return tc.Text
			}
		}
		return "error"
	}
	if out != nil {
		b, _ := json.Marshal(res.StructuredContent)
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s: decode %s: %v", tool, b, err)
		}
	}
	return ""
}

// waitFor polls cond until it holds or d passes.
func waitFor(d time.Duration, cond func() bool) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(200 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return cond()
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func writeFile(t *testing.T, p, s string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// phases are the phases the progress notifications named.
func (h *harness) phases() map[any]bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	m := map[any]bool{}
	for _, p := range h.progress {
		m[p.Meta["phase"]] = true
	}
	return m
}

// removeImages removes, when the test ends, the images a server kept.
func removeImages(t *testing.T, e *sandbox.Engine, runID string) {
	t.Cleanup(func() { e.GC(context.Background(), sandbox.GCOptions{RunID: runID, Checkpoints: true, Force: true}) })
}

// removeImageRun removes, when the test ends, the images of the run an
// image is labelled with: a build whose every layer was cached carries the
// labels of the run that first built it.
func removeImageRun(t *testing.T, e *sandbox.Engine, image string) {
	labels, err := e.ImageLabels(context.Background(), image)
	if err != nil || labels[sandbox.LabelRun] == "" {
		return
	}
	removeImages(t, e, labels[sandbox.LabelRun])
}
