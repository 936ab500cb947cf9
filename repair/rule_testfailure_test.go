package repair

import (
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
