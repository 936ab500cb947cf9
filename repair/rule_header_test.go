package repair

import (
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// #include "doctest.h" from a submodule nobody fetched: Debian's
// doctest-dev ships it as doctest/doctest.h, so installing the package is
// not enough — its directory joins the compiler's search path (CPATH) in
// the same repair; when the package is there already, CPATH alone.
func TestHeaderInASubdirectoryGoesOnCPATH(t *testing.T) {
	f := Failure{Phase: PhaseSetup, ExitCode: 2, Log: readLog(t, "missing-header/doctest-in-subdir-toml11.log")}
	index := MapIndex{Headers: map[string][]string{"doctest.h": {"doctest-dev", "libpwiz-dev"}}, IncludeDirs: map[string]string{"doctest.h": "/usr/include/doctest"}}
	file := bashfile.New()
	file.Append(bashfile.Build, "cmake -S . -B build", bashfile.Provenance{Source: "test"})
	ps := Propose(&Context{File: file, Index: index}, f)
	if len(ps) != 1 || ps[0].Action != ActionEdit || len(ps[0].Edits) != 2 || !strings.Contains(ps[0].Edits[1].Command, `persist_env CPATH "/usr/include/doctest${CPATH:+:$CPATH}"`) {
		t.Fatalf("proposals %+v", ps)
	}
	g := file.Clone()
	g.Apply(ps[0].Edits[0]) // the package only, as an older repair left it
	ps = Propose(&Context{File: g, Index: index}, f)
	if len(ps) != 1 || ps[0].Action != ActionEdit || len(ps[0].Edits) != 1 || !strings.Contains(ps[0].Edits[0].Command, "CPATH") {
		t.Fatalf("with the package installed: %+v", ps)
	}
}
