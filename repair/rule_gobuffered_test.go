package repair

import (
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// bbolt's `go test -v ./...` printed nothing for five minutes (g80): the
// tests run one package at a time, whose output streams; once GOFLAGS
// has -p=1, a silence is recorded as a hang. One package's tests are not
// buffered: not this rule's.
func TestGoTestOverPackagesSilentRunsOnePackageAtATime(t *testing.T) {
	// the whole log: nothing (bbolt's five minutes)
	f := Failure{Phase: PhaseCommand, Command: "go test -v ./...", TimedOut: true, Idle: true, Log: readLog(t, "go-test-buffered/go-test-silent-bbolt.log")}
	file := bashfile.New()
	ps := Propose(&Context{File: file}, f)
	if len(ps) == 0 || ps[0].Rule != "go-test-buffered" || ps[0].Action != ActionEdit || !strings.Contains(ps[0].Edits[0].Command, "persist_env GOFLAGS -p=1") {
		t.Fatalf("proposals %+v", ps)
	}
	if _, err := file.Apply(ps[0].Edits[0]); err != nil {
		t.Fatal(err)
	}
	ps = Propose(&Context{File: file}, f)
	if len(ps) == 0 || ps[0].Action != ActionRecord || !strings.Contains(ps[0].Reason, "one package at a time too") {
		t.Errorf("after -p=1: %+v", ps)
	}
	ps = Propose(&Context{File: bashfile.New()}, Failure{Phase: PhaseCommand, Command: "go test -v .", TimedOut: true, Idle: true})
	if len(ps) == 0 || ps[0].Rule != "hung" {
		t.Errorf("one package: %+v", ps)
	}
}
