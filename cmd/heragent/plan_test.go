package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/sandbox"
)

func TestPlanCLI(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	os.WriteFile(file, []byte("x"), 0o644)
	store := []string{"--store", filepath.Join(t.TempDir(), "graph.db")}
	noIndex := []string{"--offline", "--cache-dir", t.TempDir()}
	for _, tt := range []struct {
		name string
		args []string
	}{
		{"nonexistent path", []string{"plan", "/nonexistent/repo"}},
		{"file instead of directory", []string{"plan", file}},
		{"two repositories", []string{"plan", ".", "."}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, nil, append(append(tt.args, store...), noIndex...)...)
			if r.code != ExitUsage {
				t.Fatalf("exit %d, want %d; stderr %q", r.code, ExitUsage, r.stderr)
			}
			checkOneLineError(t, r)
		})
	}

	repo := filepath.Join("..", "..", "testdata", "repos", "cpp-cmake-gtest")
	r := runCLI(t, nil, append(append([]string{"plan", repo, "--json"}, store...), noIndex...)...)
	if r.code != ExitOK {
		t.Fatalf("plan --json: exit %d: %s", r.code, r.stderr)
	}
	var rep struct {
		Stacks      []string `json:"stacks"`
		Unsupported []string `json:"unsupported"`
		Notes       []string `json:"notes"`
		File        struct {
			Sections []struct {
				ID       string `json:"id"`
				Commands []struct {
					Text string `json:"text"`
				} `json:"commands"`
			} `json:"sections"`
		} `json:"file"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("plan --json output: %v\n%s", err, r.stdout)
	}
	if strings.Join(rep.Stacks, ",") != "cmake" || len(rep.File.Sections) != 6 || rep.Unsupported == nil {
		t.Errorf("plan --json = %+v", rep)
	}
	// Without an index, find_package(GTest) still maps through the override list.
	if !strings.Contains(r.stdout, "libgtest-dev") || !strings.Contains(r.stderr, "warning: no Debian package index") {
		t.Errorf("plan without an index: stdout %s\nstderr %s", r.stdout, r.stderr)
	}

	r = runCLI(t, nil, append(append([]string{"plan", repo}, store...), noIndex...)...)
	if r.code != ExitOK || !strings.HasPrefix(r.stdout, "#!/usr/bin/env bash") || !strings.Contains(r.stdout, "cmake --build build") {
		t.Errorf("plan: exit %d, stdout %q", r.code, r.stdout)
	}
}

// The Bash File's repository directory is where the sandbox copies the
// checkout: bashfile.DefaultRepoDir is the source, and sandbox.RepoDir
// must equal it (the engine adapter does not import bashfile, which would
// drag the graph and its Tree-sitter parsers along).
func TestOneRepoDir(t *testing.T) {
	if sandbox.RepoDir != bashfile.DefaultRepoDir {
		t.Fatalf("sandbox.RepoDir %q, bashfile.DefaultRepoDir %q", sandbox.RepoDir, bashfile.DefaultRepoDir)
	}
}
