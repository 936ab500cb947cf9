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
				Asked            pyramid.Level `json:"asked"` // --level, when above the level expected
				RunnableContains string        `json:"runnable_contains"`
				RunnableEvidence string        `json:"runnable_evidence"`
				TestableEvidence string        `json:"testable_evidence"`
				RolledBack       bool          `json:"rolled_back"` // a repair was rolled back
				SetupLacks       string        `json:"setup_lacks"` // text the exported setup.sh must not hold
			}
			b, _ := os.ReadFile(ej)
			if err := json.Unmarshal(b, &want); err != nil || want.Level == "" {
				t.Fatalf("expect.json: %v", err)
			}
			asked, code := want.Level, ExitOK
			if want.Asked != "" && want.Asked != want.Level {
				asked, code = want.Asked, ExitBelowLevel
			}
			out := filepath.Join(t.TempDir(), "out")
			r := runCLI(t, nil, "run", dir, "--out", out, "--json", "--level", string(asked))
			var rep report.Report
			if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
				t.Fatalf("run exit %d, no report: %v\n%s", r.code, err, r.stderr)
			}
			if rep.Level != want.Level || r.code != code {
				md, _ := os.ReadFile(filepath.Join(out, "report.md"))
				t.Fatalf("reached %s (exit %d), want %s: %s\n%s", rep.Level, r.code, want.Level, rep.WhyNotHigher, md)
			}
			if want.RunnableEvidence != "" && rep.RunnableEvidence != want.RunnableEvidence {
				t.Errorf("Runnable evidence %q, want %q", rep.RunnableEvidence, want.RunnableEvidence)
			}
			if want.TestableEvidence != "" && rep.TestableEvidence != want.TestableEvidence {
				t.Errorf("Testable evidence %q, want %q", rep.TestableEvidence, want.TestableEvidence)
			}
			if want.RolledBack && !rolledBack(rep) {
				t.Errorf("no repair was rolled back: %+v", rep.Repairs)
			}
			if setup, _ := os.ReadFile(filepath.Join(out, "setup.sh")); want.SetupLacks != "" && strings.Contains(string(setup), want.SetupLacks) {
				t.Errorf("the exported setup.sh holds %q: it is not the state that proved %s", want.SetupLacks, rep.Level)
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

// rolledBack reports whether the run rejected a repair it had applied.
func rolledBack(rep report.Report) bool {
	for _, rp := range rep.Repairs {
		if rp.Rejected != "" {
			return true
		}
	}
	return false
}
