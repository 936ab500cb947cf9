package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/internal/enginetest"
)

// planJSON runs `heragent plan --json` on a fixture and returns plan.json
// decoded into a generic tree, for tests to edit.
func planJSON(t *testing.T, fixture string, extra ...string) map[string]any {
	t.Helper()
	repo := filepath.Join("..", "..", "testdata", "repos", fixture)
	r := runCLI(t, nil, append([]string{"plan", repo, "--json", "--store", filepath.Join(t.TempDir(), "graph.db")}, extra...)...)
	if r.code != ExitOK {
		t.Fatalf("plan --json: exit %d: %s", r.code, r.stderr)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &m); err != nil {
		t.Fatalf("plan --json output: %v\n%s", err, r.stdout)
	}
	return m
}

// writeJSON writes v to a new file and returns its path.
func writeJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "plan.json")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// pyramidCommands is the pyramid's command list of a decoded plan.json.
func pyramidCommands(m map[string]any) []any {
	return m["pyramid"].(map[string]any)["commands"].([]any)
}

// `heragent pyramid` shows the plan's pyramid, the one run runs.
func TestPyramidIsThePlans(t *testing.T) {
	m := planJSON(t, "c-cmake", "--offline")
	repo := filepath.Join("..", "..", "testdata", "repos", "c-cmake")
	r := runCLI(t, nil, "pyramid", repo, "--json", "--offline", "--store", filepath.Join(t.TempDir(), "graph.db"))
	var p map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &p); err != nil || r.code != ExitOK {
		t.Fatalf("pyramid --json: exit %d %v: %s", r.code, err, r.stderr)
	}
	a, _ := json.Marshal(pyramidCommands(m))
	b, _ := json.Marshal(p["commands"])
	if string(a) != string(b) {
		t.Errorf("pyramid --json commands differ from plan --json's:\n%s\n%s", b, a)
	}
	if layout := m["layout"].(map[string]any); layout["repo_dir"] != "/repo" || layout["build_dirs"].(map[string]any)["cmake"] != "build" {
		t.Errorf("layout %v", layout)
	}
}

// A plan that cannot be run as asked is refused before any engine is
// contacted.
func TestRunPlanInputErrors(t *testing.T) {
	m := planJSON(t, "c-make", "--offline")
	good := writeJSON(t, m)
	m["schema_version"] = 99
	future := writeJSON(t, m)
	m["schema_version"], m["repo"] = 1, ""
	noRepo := writeJSON(t, m)
	noEngine := []string{"DOCKER_HOST=unix:///nonexistent/heragent-test.sock"}
	for name, args := range map[string][]string{
		"goal with a plan":      {"run", "--plan", good, "--goal", "true"},
		"store with a plan":     {"run", "--plan", good, "--store", filepath.Join(t.TempDir(), "g.db")},
		"future schema":         {"run", "--plan", future},
		"no repository":         {"run", "--plan", noRepo},
		"missing plan file":     {"run", "--plan", filepath.Join(t.TempDir(), "none.json")},
		"neither plan nor repo": {"run"},
	} {
		t.Run(name, func(t *testing.T) {
			r := runCLI(t, noEngine, args...)
			if r.code != ExitUsage {
				t.Fatalf("exit %d, want %d; stderr %q", r.code, ExitUsage, r.stderr)
			}
			checkOneLineError(t, r)
		})
	}
	if r := runCLI(t, noEngine, "run", "--plan", future); !strings.Contains(r.stderr, "schema_version 99 is newer") {
		t.Errorf("future schema: stderr %q", r.stderr)
	}
}

// TestRunExecutesAnEditedPlan is the end-to-end check of `run --plan`:
// the Runnable command of `plan --json` is edited and the run proves
// Runnable with the edited command, without re-analysing.
func TestRunExecutesAnEditedPlan(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end run in -short mode")
	}
	enginetest.Engine(t)
	m := planJSON(t, "c-make")
	const edited = "./rev edited-plan"
	n := 0
	for _, c := range pyramidCommands(m) {
		// the documented use; the last resorts heragent adds after it stay
		if c := c.(map[string]any); c["level"] == "runnable" && c["synthesized"] != true {
			c["text"], n = edited, n+1
		}
	}
	if n != 1 {
		t.Fatalf("%d documented runnable commands in the plan, want 1", n)
	}
	plan := writeJSON(t, m)
	out := filepath.Join(t.TempDir(), "out")
	r := runCLI(t, nil, "run", "--plan", plan, "--out", out, "--json") // the repository is the plan's
	var rep struct {
		Level    string `json:"level"`
		Runnable string `json:"runnable"`
		Commands []struct {
			Text string `json:"text"`
		} `json:"commands"`
		Notes []string `json:"notes"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("run exit %d, no report: %v\n%s", r.code, err, r.stderr)
	}
	if r.code != ExitOK || rep.Level != "runnable" || rep.Runnable != edited {
		t.Fatalf("exit %d, reached %s with %q, want runnable with %q\n%s", r.code, rep.Level, rep.Runnable, edited, r.stderr)
	}
	var ran []string
	for _, c := range rep.Commands {
		ran = append(ran, c.Text)
	}
	if slices.Contains(ran, "./rev hello") || !slices.Contains(ran, edited) {
		t.Errorf("commands run %q: want the edited one and not the original", ran)
	}
	if !slices.ContainsFunc(rep.Notes, func(n string) bool { return strings.Contains(n, "not re-analysed") }) {
		t.Errorf("notes %q do not say the plan was not re-analysed", rep.Notes)
	}
	if b, err := os.ReadFile(filepath.Join(out, "pyramid.json")); err != nil || !strings.Contains(string(b), "edited-plan") {
		t.Errorf("exported pyramid.json lacks the edited command: %v", err)
	}
}
