package repair

import (
	"os"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// The Bash File's go build ./... leaves out the tests-only main package
// the log names, and only it.
func TestGoMainlessBuildsTheOthers(t *testing.T) {
	log, err := os.ReadFile("testdata/go-mainless/go-build-expr-test-examples.log")
	if err != nil {
		t.Fatal(err)
	}
	f := bashfile.New()
	if err := f.Append(bashfile.Build, "go build ./...", bashfile.Provenance{Source: "test"}); err != nil {
		t.Fatal(err)
	}
	ps := Propose(&Context{File: f, Index: fakeIndex}, Failure{Phase: PhaseSetup, ExitCode: 2, Log: string(log)})
	if len(ps) == 0 || ps[0].Diagnosis.Kind != GoMainless || ps[0].Action != ActionEdit {
		t.Fatalf("proposals %+v", ps)
	}
	want := "go build $(go list -f '{{if or .GoFiles .CgoFiles}}{{.ImportPath}}{{end}}' ./... | grep -vxF -e github.com/expr-lang/expr/test/examples)"
	if got := editCommands(ps[0]); len(got) != 1 || got[0] != want {
		t.Errorf("edits %q, want %q", got, want)
	}
}
