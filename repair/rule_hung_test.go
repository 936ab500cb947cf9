package repair

import (
	"slices"
	"testing"
)

// A command cut for silence is recorded, never retried longer; when its
// log names a cause, the rule for that cause answers first.
func TestHungIsRecordedAfterTheCauseInTheLog(t *testing.T) {
	quiet := Failure{Phase: PhaseCommand, Command: "make test", ExitCode: 137, TimedOut: true, Idle: true,
		Log: readLog(t, "hung/mosquitto-make-test.log")}
	ps := Propose(&Context{File: sampleFile(t), Index: fakeIndex}, quiet)
	if len(ps) != 1 || ps[0].Rule != "hung" || ps[0].Action != ActionRecord || ps[0].Diagnosis.Evidence != "./msg_sequence_test.py" {
		t.Fatalf("a silent hang: %+v, want one record by hung quoting the last line", ps)
	}

	caused := quiet
	caused.Log = readLog(t, "non-root/distccd-permission-denied.log")
	ps = Propose(&Context{File: sampleFile(t), Index: fakeIndex}, caused)
	first := slices.IndexFunc(ps, func(p Proposal) bool { return p.Action != ActionNone && p.Action != ActionRecord })
	if first < 0 || ps[first].Rule != "non-root" {
		t.Fatalf("a hang whose log shows the root cause: %+v, want the non-root repair", ps)
	}
	if slices.ContainsFunc(ps, func(p Proposal) bool { return p.Action == ActionRetryLonger }) {
		t.Fatalf("a hang was retried with a longer limit: %+v", ps)
	}
}
