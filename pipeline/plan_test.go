package pipeline

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/report"
)

// samplePlan is a small plan with every field set.
func samplePlan(t *testing.T) *Plan {
	t.Helper()
	f := bashfile.New()
	if err := f.Append(bashfile.Build, "cmake -S . -B build", bashfile.Provenance{Source: "cmake", File: "CMakeLists.txt"}); err != nil {
		t.Fatal(err)
	}
	pyr := &pyramid.Pyramid{SchemaVersion: pyramid.SchemaVersion}
	pyr.Add(pyramid.Command{Text: "cmake --build build", Bucket: pyramid.Build, Reason: "builds", Why: []pyramid.Provenance{{Source: "readme", File: "README.md", Line: 3}}})
	pyr.Add(pyramid.Command{Text: "ctest --test-dir build", Bucket: pyramid.Unit, Reason: "tests", Why: []pyramid.Provenance{{Source: "cmake"}}})
	pyr.Add(pyramid.Command{Text: "./build/tool < in.txt && echo ok", Bucket: pyramid.Integration, Reason: "goal",
		Why: []pyramid.Provenance{{Source: "user"}}, Expect: []string{`ok\b`}})
	return &Plan{SchemaVersion: SchemaVersion, Repo: "/src/tool", Commit: strings.Repeat("ab", 20), Dirty: true,
		Target: pyramid.Testable, Goals: []string{"./build/tool < in.txt && echo ok"}, Expect: []string{`ok\b`},
		Stacks: []string{"cmake"}, Unsupported: []string{}, Layout: bashfile.LayoutOf([]string{"cmake"}), File: f, Pyramid: pyr,
		Notes:  []string{"pyramid: dropped `meson test` (another build system than the Bash File's cmake)"},
		Phases: Phases{Graph: 1.5, Plan: 0.25, Pyramid: 0.5}, Decisions: []report.Decision{{Role: "plan", Brain: "rules", Summary: "the detectors' Bash File"}}}
}

func TestPlanJSONRoundTrip(t *testing.T) {
	p := samplePlan(t)
	b, err := p.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(`"schema_version": 1`)) || !bytes.Contains(b, []byte("< in.txt && echo")) {
		t.Errorf("plan.json lacks its version or escapes HTML:\n%s", b)
	}
	q, err := Load(b)
	if err != nil {
		t.Fatalf("Load: %v\n%s", err, b)
	}
	again, err := q.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, again) {
		t.Errorf("round trip changed plan.json:\n%s\nthen\n%s", b, again)
	}
	if q.File.Render() != p.File.Render() || len(q.Pyramid.Commands) != 3 || q.Layout.BuildDir("cmake") != "build" || q.Phases != p.Phases {
		t.Errorf("loaded plan differs: %+v", q)
	}
}

func TestLoadChecksThePlan(t *testing.T) {
	good, err := samplePlan(t).JSON()
	if err != nil {
		t.Fatal(err)
	}
	// edit decodes plan.json into a generic tree, changes it and encodes it.
	edit := func(change func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		change(m)
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	sections := func(m map[string]any) []any { return m["file"].(map[string]any)["sections"].([]any) }
	commands := func(m map[string]any) []any { return m["pyramid"].(map[string]any)["commands"].([]any) }
	tests := []struct {
		name   string
		data   []byte
		schema bool   // the error is ErrSchema
		want   string // in the error
	}{
		{"future version", edit(func(m map[string]any) { m["schema_version"] = 2 }), true, "schema_version 2 is newer"},
		{"no version", edit(func(m map[string]any) { delete(m, "schema_version") }), true, "no schema_version"},
		{"version 0", edit(func(m map[string]any) { m["schema_version"] = 0 }), true, "schema_version 0"},
		{"not JSON", []byte("{"), false, "decode plan"},
		{"no Bash File", edit(func(m map[string]any) { delete(m, "file") }), false, "no Bash File"},
		{"section missing", edit(func(m map[string]any) { m["file"].(map[string]any)["sections"] = sections(m)[1:] }), false, "sections"},
		{"command does not parse", edit(func(m map[string]any) {
			build := sections(m)[4].(map[string]any)
			build["commands"] = []any{map[string]any{"text": "if then ("}}
		}), false, "section build"},
		{"no pyramid", edit(func(m map[string]any) { delete(m, "pyramid") }), false, "no pyramid"},
		{"unknown bucket", edit(func(m map[string]any) { commands(m)[0].(map[string]any)["bucket"] = "vibes" }), false, "unknown bucket"},
		{"bad expect", edit(func(m map[string]any) { commands(m)[2].(map[string]any)["expect"] = []any{"("} }), false, "expect"},
		{"bad target", edit(func(m map[string]any) { m["target"] = "famous" }), false, "target"},
		{"layout elsewhere", edit(func(m map[string]any) { m["layout"].(map[string]any)["repo_dir"] = "/elsewhere" }), false, "repo_dir"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(tt.data)
			if err == nil {
				t.Fatal("loaded")
			}
			if !errors.Is(err, ErrInput) || errors.Is(err, ErrSchema) != tt.schema || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q (input %v, schema %v), want one with %q", err, errors.Is(err, ErrInput), errors.Is(err, ErrSchema), tt.want)
			}
		})
	}
}

// A hand-written plan may leave out what the analysis fills in.
func TestLoadMinimalPlan(t *testing.T) {
	f, err := json.Marshal(bashfile.New())
	if err != nil {
		t.Fatal(err)
	}
	p, err := Load([]byte(`{"schema_version": 1, "file": ` + string(f) + `, "pyramid": {"schema_version": 1, "commands": [{"text": "make test", "bucket": "unit"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	if p.Repo != "" || p.Layout.RepoDir != bashfile.DefaultRepoDir || p.Pyramid.Commands[0].Level != pyramid.Testable || p.Notes == nil {
		t.Errorf("minimal plan loaded as %+v", p)
	}
}
