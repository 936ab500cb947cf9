package batch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeReport writes a report.json into `run`'s --out ($4), given level and why.
const fakeReport = `mkdir -p "$4"; printf '{"level":"%s","target":"runnable","why_not_higher":"%s","tests":{"passed":5,"failed":1,"errors":1,"skipped":2},"llm":{"total":{"cost_usd":0.25}}}' `

// TestExecRunner runs a stand-in for the heragent binary (a shell script
// that takes `run REPO --out DIR …`) to check how exit codes, reports,
// timeouts and cancellation become results.
func TestExecRunner(t *testing.T) {
	report := fakeReport
	tests := []struct {
		name        string
		script      string
		limit       time.Duration
		cancelAfter time.Duration
		status      Status
		code        int
		level       string
		errHas      string
		interrupted bool
	}{
		{name: "reached", script: report + `runnable "" > "$4/report.json"; exit 0`, status: StatusOK, level: "runnable"},
		{name: "below level", script: report + `installable "no test passed" > "$4/report.json"; exit 1`, status: StatusBelow, code: 1, level: "installable", errHas: "no test passed"},
		{name: "input error", script: `echo 'progress' >&2; echo 'heragent: repository unreachable: x' >&2; exit 2`, status: StatusError, code: 2, errHas: "repository unreachable"},
		{name: "no report", script: `exit 0`, status: StatusError, errHas: "read report"},
		{name: "timeout kills the group", script: `sleep 600 & sleep 600; wait`, limit: 300 * time.Millisecond, status: StatusTimeout, code: -1, errHas: "time limit"},
		{name: "interrupted", script: `trap 'exit 130' TERM; sleep 600 & wait`, cancelAfter: 300 * time.Millisecond, code: 130, interrupted: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			bin := filepath.Join(dir, "heragent")
			os.WriteFile(bin, []byte("#!/bin/bash\n"+tt.script+"\n"), 0o755)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tt.cancelAfter > 0 {
				time.AfterFunc(tt.cancelAfter, cancel)
			}
			x := ExecRunner{Binary: bin, Grace: 5 * time.Second}
			start := time.Now()
			r := x.Run(ctx, Job{ID: "j", Repo: "/r"}, Spec{Out: filepath.Join(dir, "out"), Log: filepath.Join(dir, "j.log"), RunID: "rid", Level: "runnable", Limit: tt.limit})
			if time.Since(start) > 4*time.Second {
				t.Fatalf("took %s: the child's process group was not stopped", time.Since(start))
			}
			if r.Interrupted != tt.interrupted || r.Status != tt.status || r.ExitCode != tt.code || r.Level != tt.level || !strings.Contains(r.Error, tt.errHas) {
				t.Fatalf("result %+v", r)
			}
			if tt.status == StatusOK && (r.Tests != Tests{Passed: 5, Failed: 2, Skipped: 2} || r.CostUSD == nil || *r.CostUSD != 0.25) {
				t.Fatalf("counts %+v cost %v", r.Tests, r.CostUSD)
			}
		})
	}
}

func TestRunBudgetLeavesTimeToExport(t *testing.T) {
	for _, tc := range []struct{ limit, want time.Duration }{
		{15 * time.Minute, 13 * time.Minute},
		{time.Hour, 54 * time.Minute},
		{3 * time.Minute, 90 * time.Second},
	} {
		if got := runBudget(tc.limit); got != tc.want {
			t.Errorf("runBudget(%s) = %s, want %s", tc.limit, got, tc.want)
		}
	}
}

// A run that finds no engine (exit 3: the API service was restarted) is
// started again after each wait; one that keeps finding none is an error.
func TestExecRunnerWaitsForTheEngine(t *testing.T) {
	for _, tt := range []struct {
		name     string
		failures int
		status   Status
		runs     string
	}{{"engine back", 1, StatusOK, "2"}, {"engine gone", 9, StatusError, "3"}} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			bin := filepath.Join(dir, "heragent")
			script := fmt.Sprintf(`n=$(( $(cat %[1]s/runs 2>/dev/null || echo 0) + 1 )); echo $n > %[1]s/runs
if [ $n -le %[2]d ]; then echo 'heragent: container engine unavailable at unix:///x.sock' >&2; exit 3; fi
%[3]s runnable "" > "$4/report.json"; exit 0`, dir, tt.failures, fakeReport)
			os.WriteFile(bin, []byte("#!/bin/bash\n"+script+"\n"), 0o755)
			x := ExecRunner{Binary: bin, Grace: 5 * time.Second, EngineWaits: []time.Duration{10 * time.Millisecond, 10 * time.Millisecond}}
			r := x.Run(context.Background(), Job{ID: "j", Repo: "/r"}, Spec{Out: filepath.Join(dir, "out"), Log: filepath.Join(dir, "j.log"), RunID: "rid", Level: "runnable"})
			runs, _ := os.ReadFile(filepath.Join(dir, "runs"))
			if r.Status != tt.status || strings.TrimSpace(string(runs)) != tt.runs {
				t.Fatalf("status %s after %s runs (want %s after %s): %+v", r.Status, runs, tt.status, tt.runs, r)
			}
		})
	}
}
