package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/pyramid"
)

func TestPyramidCLI(t *testing.T) {
	store := filepath.Join(t.TempDir(), "graph.db")
	repo := filepath.Join("..", "..", "testdata", "repos", "c-make")

	r := runCLI(t, nil, "pyramid", "--store", store, repo)
	if r.code != 0 || !strings.Contains(r.stdout, "RUNNABLE") || !strings.Contains(r.stdout, "make test") {
		t.Fatalf("text: code %d\n%s%s", r.code, r.stdout, r.stderr)
	}

	r = runCLI(t, nil, "pyramid", "--store", store, "--json", "--goal", "./rev hello", "--expect", "olleh", repo)
	if r.code != 0 {
		t.Fatalf("json: code %d: %s", r.code, r.stderr)
	}
	p, err := pyramid.Load([]byte(r.stdout))
	if err != nil {
		t.Fatalf("Load(--json output): %v", err)
	}
	if run := p.At(pyramid.Runnable); len(run) == 0 || run[0].Text != "./rev hello" || len(run[0].Expect) != 1 {
		t.Errorf("goal not first at runnable: %+v", run)
	}

	for name, args := range map[string][]string{
		"bad regex":        {"pyramid", "--store", store, "--goal", "x", "--expect", "(", repo},
		"expect no goal":   {"pyramid", "--store", store, "--expect", "ok", repo},
		"missing repo":     {"pyramid", "--store", store, filepath.Join(t.TempDir(), "nope")},
		"no repo argument": {"pyramid", "--store", store},
	} {
		r := runCLI(t, nil, args...)
		if r.code != ExitUsage || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 {
			t.Errorf("%s: code %d, stderr %q; want exit 2 and one line", name, r.code, r.stderr)
		}
	}
}
