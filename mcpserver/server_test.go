package mcpserver

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/sandbox"
)

// noEngine is a Connect that fails: the tools that need no container
// never call it.
func noEngine(context.Context) (*sandbox.Engine, error) {
	return nil, errors.New("no engine in this test")
}

func TestToolsResourcesAndPrompt(t *testing.T) {
	h := newHarness(t, "", noEngine)
	ctx := context.Background()
	var names []string
	for tool, err := range h.cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tool.Name)
		if tool.InputSchema == nil || tool.OutputSchema == nil || tool.Description == "" {
			t.Errorf("%s: schemas %v/%v, description %q", tool.Name, tool.InputSchema, tool.OutputSchema, tool.Description)
		}
	}
	slices.Sort(names)
	want := []string{"get_plan", "get_report", "query_repository", "run_in_environment", "run_tests", "setup_environment"}
	if !slices.Equal(names, want) {
		t.Errorf("tools %v, want %v", names, want)
	}
	n := 0
	for rt, err := range h.cs.ResourceTemplates(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		n++
		if !strings.HasPrefix(rt.URITemplate, "heragent://environments/") {
			t.Errorf("template %s", rt.URITemplate)
		}
	}
	if n != 1 {
		t.Errorf("%d resource templates, want 1", n)
	}
	p, err := h.cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "work_in_environment", Arguments: map[string]string{"repo": "/src/x"}})
	if err != nil {
		t.Fatal(err)
	}
	if text := p.Messages[0].Content.(*mcp.TextContent).Text; !strings.Contains(text, "repo=/src/x") || !strings.Contains(text, "run_tests") {
		t.Errorf("prompt: %s", text)
	}
	if _, err := h.cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: resourceURI("nope-1234", "setup.sh")}); err == nil {
		t.Error("a resource of no environment was read")
	}
}

// TestRefusesPathsOutsideAllow: every tool that takes a repository
// refuses one outside the allowed roots, a git URL and a file.
func TestRefusesPathsOutsideAllow(t *testing.T) {
	h := newHarness(t, "", noEngine)
	ctx := context.Background()
	outside := fixture(t, t.TempDir(), "c-make")
	inside := fixture(t, h.root, "c-make")
	for _, tc := range []struct{ tool, repo, want string }{
		{"setup_environment", outside, "outside the allowed roots"},
		{"get_plan", outside, "outside the allowed roots"},
		{"query_repository", outside, "outside the allowed roots"},
		{"query_repository", h.root + "/../" + filepath.Base(filepath.Dir(outside)), "outside the allowed roots"},
		{"setup_environment", "https://example.com/r.git", "only local directories"},
		{"setup_environment", filepath.Join(inside, "rev.c"), "not a directory"},
		{"setup_environment", filepath.Join(h.root, "missing"), "no such file"},
	} {
		args := map[string]any{"repo": tc.repo}
		if tc.tool == "query_repository" {
			args["query"] = "entry_points"
		}
		msg := h.call(t, ctx, tc.tool, args, nil)
		if !strings.Contains(msg, tc.want) {
			t.Errorf("%s %s: %q, want %q", tc.tool, tc.repo, msg, tc.want)
		}
	}
	for _, tc := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"run_in_environment", map[string]any{"environment_id": "../etc", "command": "true"}, "bad environment id"},
		{"run_tests", map[string]any{"environment_id": "nope-1234"}, "no environment"},
		{"get_report", map[string]any{"environment_id": "nope-1234"}, "no environment"},
		{"setup_environment", map[string]any{"repo": inside, "level": "flying"}, "want installable"},
		{"setup_environment", map[string]any{"repo": inside, "expect": []string{"x"}}, "expect"},
	} {
		if msg := h.call(t, ctx, tc.tool, tc.args, nil); !strings.Contains(msg, tc.want) {
			t.Errorf("%s %v: %q, want %q", tc.tool, tc.args, msg, tc.want)
		}
	}
}

func TestQueryRepository(t *testing.T) {
	h := newHarness(t, "", noEngine)
	ctx := context.Background()
	repo := fixture(t, h.root, "c-cmake")
	var out QueryOutput
	if msg := h.call(t, ctx, "query_repository", map[string]any{"repo": repo, "query": "unresolved_includes"}, &out); msg != "" {
		t.Fatal(msg)
	}
	if !strings.Contains(jsonText(out.Result), "zlib.h") {
		t.Errorf("unresolved_includes: %s", jsonText(out.Result))
	}
	if msg := h.call(t, ctx, "query_repository", map[string]any{"repo": repo, "query": "read_file", "args": map[string]any{"path": "CMakeLists.txt", "from": 1, "to": 3}}, &out); msg != "" {
		t.Fatal(msg)
	}
	if s, _ := out.Result.(string); !strings.Contains(s, "cmake_minimum_required") {
		t.Errorf("read_file: %q", out.Result)
	}
	if msg := h.call(t, ctx, "query_repository", map[string]any{"repo": repo, "query": "find_files", "args": map[string]any{"kind": "build"}}, &out); msg != "" || !strings.Contains(jsonText(out.Result), "CMakeLists.txt") {
		t.Errorf("find_files: %s %s", msg, jsonText(out.Result))
	}
	if msg := h.call(t, ctx, "query_repository", map[string]any{"repo": repo, "query": "rm_rf"}, nil); !strings.Contains(msg, "no query") {
		t.Errorf("unknown query: %q", msg)
	}
	if msg := h.call(t, ctx, "query_repository", map[string]any{"repo": repo, "query": "read_file", "args": map[string]any{"path": "../../etc/passwd"}}, nil); msg == "" {
		t.Error("read_file outside the repository answered")
	}
}

func TestGetPlan(t *testing.T) {
	h := newHarness(t, "", noEngine)
	repo := fixture(t, h.root, "c-make")
	var out PlanOutput
	if msg := h.call(t, context.Background(), "get_plan", map[string]any{"repo": repo, "level": "testable"}, &out); msg != "" {
		t.Fatal(msg)
	}
	if !strings.Contains(out.BashFile, "make") || out.Plan["pyramid"] == nil || out.EnvironmentID != envID(repo) {
		t.Errorf("plan: id %s, bash file %q, pyramid %v", out.EnvironmentID, out.BashFile, out.Plan["pyramid"])
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.progress) == 0 {
		t.Error("no progress notification from the analysis")
	}
}

func TestHeadTail(t *testing.T) {
	p := filepath.Join(t.TempDir(), "log")
	writeFile(t, p, strings.Repeat("a", 600)+strings.Repeat("é", 300)+strings.Repeat("z", 600))
	text, size, cut := headTail(p, 100)
	if !cut || size != 1800 || !strings.HasPrefix(text, strings.Repeat("a", 50)) || !strings.HasSuffix(text, strings.Repeat("z", 50)) || len(text) > 140 {
		t.Errorf("headTail: cut %v size %d %q", cut, size, text)
	}
	writeFile(t, p, "short\n")
	if text, _, cut := headTail(p, 100); cut || text != "short\n" {
		t.Errorf("short: %q %v", text, cut)
	}
	if _, _, err := bounds(-1, 0); err == nil {
		t.Error("negative timeout accepted")
	}
	if d, n, _ := bounds(1<<30, 1<<30); d != maxTimeout || n != maxOutput {
		t.Errorf("bounds not capped: %s %d", d, n)
	}
}

func TestRebuildSections(t *testing.T) {
	out := t.TempDir()
	writeFile(t, filepath.Join(out, "Dockerfile"), "FROM x\nRUN sh /heragent/with-build-ca.sh bash /heragent/setup.sh install_base_toolchain\nCOPY package.json ./\nRUN sh /heragent/with-build-ca.sh bash /heragent/setup.sh install_node\nCOPY repo/ ./\nRUN sh /heragent/with-build-ca.sh bash /heragent/setup.sh install_python build_project\nCOPY entrypoint.sh /heragent/\n")
	if got := rebuildSections(out); !slices.Equal(got, []string{"install_python", "build_project"}) {
		t.Errorf("rebuildSections = %q", got)
	}
	c := withRebuild(pyramid.Command{Text: "ctest"}, []string{"build_project"})
	if c.Text != "(cd /repo && bash /heragent/setup.sh build_project) || exit\nctest" {
		t.Errorf("withRebuild: %q", c.Text)
	}
	if rebuildSections(t.TempDir()) != nil || withRebuild(pyramid.Command{Text: "x"}, nil).Text != "x" {
		t.Error("no Dockerfile: a rebuild")
	}
}
