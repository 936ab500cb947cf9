package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/report"
)

// TestFixturesReachTheirLevel is the end-to-end check of `heragent run`:
// every fixture repository reaches the level its expect.json names, with
// the rules brain, and `heragent verify` rebuilds the exported Dockerfile
// from scratch and confirms it.
func TestFixturesReachTheirLevel(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end runs in -short mode")
	}
	enginetest.Engine(t)
	expects, err := filepath.Glob("../../testdata/repos/*/expect.json")
	if err != nil || len(expects) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, ej := range expects {
		dir := filepath.Dir(ej)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			var want struct {
				Level            pyramid.Level `json:"level"`
				RunnableContains string        `json:"runnable_contains"`
				RunnableEvidence string        `json:"runnable_evidence"`
			}
			b, _ := os.ReadFile(ej)
			if err := json.Unmarshal(b, &want); err != nil || want.Level == "" {
				t.Fatalf("expect.json: %v", err)
			}
			out := filepath.Join(t.TempDir(), "out")
			r := runCLI(t, nil, "run", dir, "--out", out, "--json", "--level", string(want.Level))
			var rep report.Report
			if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
				t.Fatalf("run exit %d, no report: %v\n%s", r.code, err, r.stderr)
			}
			if rep.Level != want.Level || r.code != ExitOK {
				md, _ := os.ReadFile(filepath.Join(out, "report.md"))
				t.Fatalf("reached %s (exit %d), want %s: %s\n%s", rep.Level, r.code, want.Level, rep.WhyNotHigher, md)
			}
			if want.RunnableEvidence != "" && rep.RunnableEvidence != want.RunnableEvidence {
				t.Errorf("Runnable evidence %q, want %q", rep.RunnableEvidence, want.RunnableEvidence)
			}
			if !strings.Contains(rep.Runnable, want.RunnableContains) {
				t.Fatalf("proved Runnable with %q, want a command with %q", rep.Runnable, want.RunnableContains)
			}
			v := runCLI(t, nil, "verify", out, "--json")
			var res report.VerifyResult
			if err := json.Unmarshal([]byte(v.stdout), &res); err != nil || !res.Match || v.code != ExitOK {
				t.Fatalf("verify exit %d: %v %+v\n%s", v.code, err, res, v.stderr)
			}
		})
	}
}
