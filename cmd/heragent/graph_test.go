package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// runInProcess runs the CLI in this process (no engine needed).
func runInProcess(t *testing.T, args ...string) (string, int) {
	t.Helper()
	root := newRootCmd()
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&out)
	root.SetArgs(args)
	err := root.ExecuteContext(context.Background())
	if err != nil {
		return out.String() + err.Error(), exitCode(err)
	}
	return out.String(), 0
}

func TestGraphCLI(t *testing.T) {
	store := filepath.Join(t.TempDir(), "graph.db")
	repo := filepath.Join("..", "..", "testdata", "repos", "c-cmake")

	out, code := runInProcess(t, "graph", "build", repo, "--store", store, "--json")
	if code != 0 {
		t.Fatalf("build exit %d: %s", code, out)
	}
	var sum struct {
		Files  int            `json:"files"`
		Parsed int            `json:"parsed"`
		Nodes  map[string]int `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil || sum.Files == 0 || sum.Nodes["File"] != sum.Files {
		t.Fatalf("build summary %q: %v", out, err)
	}

	out, code = runInProcess(t, "graph", "query", repo, "unresolved-includes", "--store", store, "--json")
	if code != 0 || !strings.Contains(out, `"header": "zlib.h"`) {
		t.Errorf("unresolved-includes (exit %d): %s", code, out)
	}
	for _, q := range [][]string{{"files", "*.c"}, {"search", "ctest"}, {"tree", "1"}, {"entry-points"}, {"includers", "checksum.h"},
		{"dependencies"}, {"ci-steps"}, {"docs", "build"}, {"targets", "test"}, {"read", "README.md", "1", "1"}, {"stacks"}} {
		out, code := runInProcess(t, append([]string{"graph", "query", repo}, append(q, "--store", store)...)...)
		if code != 0 || strings.TrimSpace(out) == "" {
			t.Errorf("query %v: exit %d, output %q", q, code, out)
		}
	}
	for _, f := range []string{"json", "dot", "cypher"} {
		out, code := runInProcess(t, "graph", "export", repo, "--format", f, "--store", store)
		if code != 0 || !strings.Contains(out, "src/checksum.c") {
			t.Errorf("export %s: exit %d", f, code)
		}
	}
	if _, code := runInProcess(t, "graph", "query", repo, "nope", "--store", store); code != ExitUsage {
		t.Errorf("unknown query exit = %d, want %d", code, ExitUsage)
	}
	if _, code := runInProcess(t, "graph", "build", filepath.Join(repo, "README.md"), "--store", store); code != ExitUsage {
		t.Errorf("file as repo exit = %d, want %d", code, ExitUsage)
	}
	if _, code := runInProcess(t, "graph", "build", repo, "--store", filepath.Join(repo, "graph.db")); code != ExitUsage {
		t.Errorf("store inside repo exit = %d, want %d", code, ExitUsage)
	}
}
