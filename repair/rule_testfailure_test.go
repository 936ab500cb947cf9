package repair

import (
	"strings"
	"testing"

	"github.com/heragent/heragent/pyramid/results"
)

// A run whose counted tests all passed and that still failed, with no
// cause another rule knows in its log, is runner_failed, not unknown.
func TestRunnerFailed(t *testing.T) {
	log := readLog(t, "runner-failed/npm-posttest-audit-minimist.log")
	f := Failure{Phase: PhaseCommand, Command: "npm test", ExitCode: 1, Log: log, Counts: results.Counts{Passed: 171, Frameworks: []string{"tap"}}}
	ps := Propose(&Context{Index: fakeIndex}, f)
	if len(ps) == 0 || ps[0].Diagnosis.Kind != RunnerFailed || ps[0].Action != ActionRecord {
		t.Fatalf("proposals %+v", ps)
	}
	f.Counts.Failed = 1
	for _, p := range Propose(&Context{Index: fakeIndex}, f) {
		if p.Diagnosis.Kind == RunnerFailed {
			t.Fatalf("a failing test is no runner's failure: %+v", p)
		}
	}
}

// Failed tests the parser counted, in a report no pattern reads
// (node-tap 16's summary), are a test failure, not unknown.
func TestCountedFailuresAreATestFailure(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Command: "npm test", ExitCode: 1, Log: "Asserts:  0 pass  0 fail  0 of 0 complete\n" + readLog(t, "test-failure/node-tap-summary.log"),
		Counts: results.Counts{Passed: 501, Failed: 6, Frameworks: []string{"node-tap"}}}
	ds := Diagnose(f)
	if len(ds) != 1 || ds[0].Kind != TestFailure || !strings.HasPrefix(ds[0].Evidence, "✖ single --header") {
		t.Fatalf("diagnoses %+v", ds)
	}
	f.Counts.Failed = 0
	for _, d := range Diagnose(f) {
		if d.Kind == TestFailure {
			t.Fatalf("no failure counted: %+v", d)
		}
	}
}

// The report pip check adds to a Python run's log is not the run's own
// evidence: tomlkit's collection errors were recorded as "poetry 1.3.2
// has requirement dulwich…", the check's last line.
func TestTestFailureEvidenceIsTheRunsOwn(t *testing.T) {
	log := "ERROR tests/test_api.py - AssertionError: assert [] == ['invalid', 'valid']\n10 errors in 1.04s\n" +
		"poetry 1.3.2 requires trove-classifiers, which is not installed.\n" +
		"poetry 1.3.2 has requirement dulwich<0.21.0,>=0.20.46, but you have dulwich 0.21.2.\n"
	f := Failure{Phase: PhaseCommand, Command: "pytest -q tests", ExitCode: 1, Log: log, Counts: results.Counts{Errors: 10, Frameworks: []string{"pytest"}}}
	var got []string
	for _, d := range Diagnose(f) {
		if d.Kind == TestFailure {
			got = append(got, d.Evidence)
		}
	}
	if len(got) != 1 || got[0] != "10 errors in 1.04s" {
		t.Fatalf("test-failure evidence %q, want the run's own last line", got)
	}
}
