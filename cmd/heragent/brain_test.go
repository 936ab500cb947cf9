package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/agents/agentstest"
	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/report"
)

const testKey = "sk-heragent-e2e-secret-9f8e7d6c5b4a"

func TestBrainLLMNeedsAModel(t *testing.T) {
	noEngine := []string{"DOCKER_HOST=unix:///nonexistent/heragent-test.sock", "XDG_CONFIG_HOME=" + t.TempDir(),
		"OPENAI_API_KEY=", "HERAGENT_LLM_MODEL=", "HERAGENT_LLM_PROVIDER=", "HERAGENT_LLM_BASE_URL=", "HERAGENT_LLM_API_KEY="}
	tests := []struct {
		name string
		args []string
	}{
		{"llm without model", []string{"--brain", "llm"}},
		{"hybrid without model", []string{"--brain", "hybrid"}},
		{"hosted model without key", []string{"--brain", "llm", "--llm-model", "gpt-x"}},
		{"unknown brain", []string{"--brain", "oracle"}},
		{"max cost without price", []string{"--brain", "llm", "--llm-model", "m", "--llm-base-url", "http://127.0.0.1:1/v1", "--max-cost", "1"}},
		{"missing config file", []string{"--brain", "llm", "--llm-config", "/nonexistent/config.yaml"}},
		{"missing replay", []string{"--replay", "/nonexistent/trajectory.jsonl"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, noEngine, append([]string{"run", "../../testdata/repos/c-make", "--out", filepath.Join(t.TempDir(), "out")}, tt.args...)...)
			if r.code != ExitUsage {
				t.Errorf("exit %d, want %d (the engine must not even be tried): %s", r.code, ExitUsage, r.stderr)
			}
			checkOneLineError(t, r)
		})
	}
}

// TestLLMBrainFullRun runs `heragent run --brain llm` on the c-make fixture
// in a real container, with a scripted model behind an OpenAI-compatible
// server: every role is answered by the model, the report says so and
// counts the tokens, the key appears in no output, and `--replay` of the
// trajectory reproduces the decisions with the server gone.
func TestLLMBrainFullRun(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end run in -short mode")
	}
	enginetest.Engine(t)
	script := agentstest.CMakeScript()
	srv := agentstest.NewServer(script)
	defer srv.Close()
	out := filepath.Join(t.TempDir(), "out")
	env := []string{"OPENAI_API_KEY=" + testKey, "XDG_CONFIG_HOME=" + t.TempDir(), "HERAGENT_LLM_MODEL=", "HERAGENT_LLM_PROVIDER=", "HERAGENT_LLM_API_KEY="}
	args := []string{"run", "../../testdata/repos/c-make", "--json", "--brain", "llm", "--llm-provider", "openai", "--llm-model", "scripted",
		"--llm-base-url", srv.BaseURL(), "--llm-cache", "off", "--llm-price-in", "3", "--llm-price-out", "15"}
	r := runCLI(t, env, append(args, "--out", out)...)
	var rep report.Report
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("run exit %d, no report: %v\n%s", r.code, err, r.stderr)
	}
	if rep.Level != pyramid.Runnable || r.code != ExitOK {
		md, _ := os.ReadFile(filepath.Join(out, "report.md"))
		t.Fatalf("reached %s (exit %d): %s\n%s", rep.Level, r.code, rep.WhyNotHigher, md)
	}
	roles := map[string]bool{}
	for _, d := range rep.Decisions {
		if d.Brain == "llm" {
			roles[d.Role] = true
		}
	}
	for _, role := range []string{"context", "plan", "extract", "classify", "analysis", "repair", "reflection", "next_command"} {
		if !roles[role] {
			t.Errorf("no %s decision by the model: %+v", role, rep.Decisions)
		}
		if u := rep.LLM.Roles[role]; u.Calls == 0 || u.PromptTokens == 0 || u.CostUSD <= 0 {
			t.Errorf("%s usage %+v", role, u)
		}
	}
	if rep.Brain != "llm" || len(rep.Lessons) == 0 || rep.Runnable != "./rev hello world" {
		t.Errorf("brain %s, lessons %v, runnable %q", rep.Brain, rep.Lessons, rep.Runnable)
	}
	for _, rp := range rep.Repairs {
		if rp.Brain != "llm" || rp.Rule != "llm" {
			t.Errorf("repair not by the model: %+v", rp)
		}
	}
	if len(rep.Repairs) != 2 {
		t.Errorf("%d repairs, want 2", len(rep.Repairs))
	}
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	if strings.Contains(string(setup), "heragent-check") {
		t.Errorf("setup.sh still has the failing check")
	}
	if n := len(srv.Requests()); n != rep.LLM.Total.Calls {
		t.Errorf("%d requests, report counts %d calls", n, rep.LLM.Total.Calls)
	}
	checkNoSecret(t, out, r)

	// Replay: no server, no key; the same decisions.
	srv.Close()
	out2 := filepath.Join(t.TempDir(), "replay")
	r2 := runCLI(t, []string{"XDG_CONFIG_HOME=" + t.TempDir()}, "run", "../../testdata/repos/c-make", "--json", "--replay", filepath.Join(out, "trajectory.jsonl"), "--out", out2)
	var rep2 report.Report
	if err := json.Unmarshal([]byte(r2.stdout), &rep2); err != nil {
		t.Fatalf("replay exit %d, no report: %v\n%s", r2.code, err, r2.stderr)
	}
	if rep2.Level != rep.Level || r2.code != ExitOK || len(rep2.Decisions) != len(rep.Decisions) {
		t.Fatalf("replay reached %s (exit %d) with %d decisions, want %s with %d: %s", rep2.Level, r2.code, len(rep2.Decisions), rep.Level, len(rep.Decisions), rep2.WhyNotHigher)
	}
	for i := range rep.Decisions {
		if rep.Decisions[i] != rep2.Decisions[i] {
			t.Errorf("decision %d: %+v, replay %+v", i, rep.Decisions[i], rep2.Decisions[i])
		}
	}
	if rep2.LLM.Total != rep.LLM.Total {
		t.Errorf("replay usage %+v, want %+v", rep2.LLM.Total, rep.LLM.Total)
	}
}

// checkNoSecret greps every output file, stdout and stderr for the key.
func checkNoSecret(t *testing.T, out string, r result) {
	t.Helper()
	if strings.Contains(r.stdout+r.stderr, testKey) {
		t.Error("the API key is on stdout or stderr")
	}
	n := 0
	filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n++
		if b, _ := os.ReadFile(p); strings.Contains(string(b), testKey) {
			t.Errorf("the API key is in %s", p)
		}
		return nil
	})
	if n < 8 {
		t.Errorf("only %d output files checked", n)
	}
}

// TestMaxTokensEndsTheRunCleanly spends the token budget on the first
// question: the run ends before any setup runs, exit 1, the report says
// why and the outputs are written.
func TestMaxTokensEndsTheRunCleanly(t *testing.T) {
	enginetest.Engine(t)
	srv := agentstest.NewServer(agentstest.CMakeScript())
	defer srv.Close()
	out := filepath.Join(t.TempDir(), "out")
	r := runCLI(t, []string{"XDG_CONFIG_HOME=" + t.TempDir()}, "run", "../../testdata/repos/c-make", "--json", "--out", out, "--brain", "llm",
		"--llm-model", "scripted", "--llm-base-url", srv.BaseURL(), "--llm-cache", "off", "--max-tokens", "10")
	var rep report.Report
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("exit %d, no report: %v\n%s", r.code, err, r.stderr)
	}
	if r.code != ExitBelowLevel || !strings.Contains(rep.WhyNotHigher, "token budget spent") || len(rep.Setup) != 0 {
		t.Errorf("exit %d, why %q, %d setup runs", r.code, rep.WhyNotHigher, len(rep.Setup))
	}
	if _, err := os.Stat(filepath.Join(out, "report.md")); err != nil {
		t.Error(err)
	}
}
