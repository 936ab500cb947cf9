package repair

import (
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// A compile failing only in the dependencies' declarations runs the
// project's tsc with --skipLibCheck when the build fails, once; an error
// in the project's own source is not this rule's.
func TestTSLibCheck(t *testing.T) {
	log := readLog(t, "ts-lib-check/tsc-fdir-declarations-fast-glob.log")
	f := bashfile.New()
	f.Append(bashfile.Build, "npm run _build:compile", bashfile.Provenance{Source: "npm"})
	ps := Propose(&Context{File: f}, Failure{Phase: PhaseSetup, Section: bashfile.Build, ExitCode: 2, Log: log})
	if len(ps) == 0 || ps[0].Action != ActionEdit || ps[0].Edits[0].Command != "{ npm run _build:compile || npx --no-install tsc --skipLibCheck; }" {
		t.Fatalf("proposals %+v", ps)
	}
	f.Apply(ps[0].Edits[0])
	if ps := Propose(&Context{File: f}, Failure{Phase: PhaseSetup, Section: bashfile.Build, ExitCode: 2, Log: log}); ps[0].Action != ActionRecord {
		t.Errorf("tried again: %+v", ps[0])
	}
	own := log + "src/index.ts(4,1): error TS2304: Cannot find name 'x'.\n"
	if ds := (tsLibCheck{}).Diagnose(Failure{Phase: PhaseSetup, Log: own}); len(ds) != 0 {
		t.Errorf("the project's own error: %+v", ds)
	}
}
