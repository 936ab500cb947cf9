package repair

import (
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// A test comparing a logger's caller location with the repository's name
// builds with -trimpath: added to GOFLAGS the Bash File already sets
// (a vendored pre-module tool's -mod=mod), recorded once it is there.
func TestCheckoutNameTrimpath(t *testing.T) {
	log := "        expected: \"[INFO]  go-hclog/logger_loc_test.go:32: test\\n\"\n        actual  : \"[INFO]  repo/logger_loc_test.go:32: test\\n\"\n--- FAIL: TestLoggerLoc (0.00s)\nFAIL\n"
	f := bashfile.New()
	f.Append(bashfile.Runtimes, "persist_env GOFLAGS -mod=mod", bashfile.Provenance{Source: "go"})
	ps := Propose(&Context{File: f}, Failure{Phase: PhaseCommand, Command: "go test -v ./...", ExitCode: 1, Log: log})
	if len(ps) != 1 || ps[0].Action != ActionEdit || ps[0].Edits[0].Op != bashfile.OpReplace || ps[0].Edits[0].Command != "persist_env GOFLAGS '-mod=mod -trimpath'" {
		t.Fatalf("proposals %+v", ps)
	}
	if _, err := f.Apply(ps[0].Edits[0]); err != nil {
		t.Fatal(err)
	}
	ps = Propose(&Context{File: f}, Failure{Phase: PhaseCommand, Command: "go test -v ./...", ExitCode: 1, Log: log})
	if len(ps) != 1 || ps[0].Action != ActionRecord {
		t.Fatalf("second time: %+v", ps)
	}
	// the same file and line under one directory only: no such test
	if ds := (checkoutName{}).Diagnose(Failure{Phase: PhaseCommand, Log: "    Error Trace:\t/repo/logger_test.go:38\n--- FAIL: TestX\n"}); len(ds) != 0 {
		t.Fatalf("diagnosed %+v", ds)
	}
}
