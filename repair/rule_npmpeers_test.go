package repair

import (
	"os"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// npm refusing conflicting peer ranges (validator.js: rollup 0.47 beside
// rollup-plugin-babel's >=0.60) installs again with --legacy-peer-deps,
// as the project's CI does; an install that already has it gets none.
func TestNpmPeerConflict(t *testing.T) {
	log, err := os.ReadFile("testdata/npm-peer-conflict/eresolve-validator.log")
	if err != nil {
		t.Fatal(err)
	}
	f := bashfile.New()
	why := bashfile.Provenance{Source: "test"}
	for _, c := range []string{"pkg_install nodejs npm", "npm install"} {
		if err := f.Append(bashfile.Runtimes, c, why); err != nil {
			t.Fatal(err)
		}
	}
	fail := Failure{Phase: PhaseSetup, ExitCode: 1, Log: string(log)}
	ds := Diagnose(fail)
	if len(ds) == 0 || ds[0].Kind != NpmPeerConflict || ds[0].Rule != "npm-peer-conflict" {
		t.Fatalf("diagnoses: %+v", ds)
	}
	ps := Propose(&Context{File: f, Index: fakeIndex}, fail)
	if len(ps) == 0 || ps[0].Action != ActionEdit || len(ps[0].Edits) != 1 || ps[0].Edits[0].Command != "npm install --legacy-peer-deps" {
		t.Fatalf("proposals: %+v", ps)
	}
	if _, err := f.Apply(ps[0].Edits[0]); err != nil {
		t.Fatal(err)
	}
	ps = Propose(&Context{File: f, Index: fakeIndex}, fail)
	if len(ps) == 0 || ps[0].Action == ActionEdit || !strings.Contains(ps[0].Reason, "--legacy-peer-deps") {
		t.Fatalf("a second time: %+v", ps)
	}
}
