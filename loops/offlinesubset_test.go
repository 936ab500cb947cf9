package loops

import (
	"testing"

	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

// A failed test run whose failures were recorded as needing what a
// sandbox lacks for good — the network, a container engine (dive's
// tests build Docker images), a device — is one to run again without
// them; a failure recorded for another cause, or in an earlier state, is
// not.
func TestOfflineNeedNamesWhatTheSandboxLacks(t *testing.T) {
	r := &runner{rep: &report.Report{}, iter: 2}
	rec := func(iter int, cmd string, k repair.Kind) {
		r.rep.Repairs = append(r.rep.Repairs, report.RepairRecord{Iteration: iter, Command: cmd, Action: repair.ActionRecord, Diagnosis: repair.Diagnosis{Kind: k}})
	}
	rec(2, "go test -v ./...", repair.NeedsContainerEngine)
	rec(2, "npm test", repair.NeedsNetwork)
	rec(2, "make check", repair.TestFailure)
	rec(1, "ctest", repair.NeedsDevice)
	for cmd, want := range map[string]string{"go test -v ./...": "a container engine", "npm test": "the network", "make check": "", "ctest": ""} {
		if got := r.offlineNeed(outcome{CommandResult: report.CommandResult{Text: cmd}}); got != want {
			t.Errorf("%s: %q, want %q", cmd, got, want)
		}
	}
}
