package repair

import (
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// A make build gets the library in LIBS and LDLIBS, at the end of the link
// line; a second time, the rule gives up.
func TestUnlinkedLibraryOnAMakeBuild(t *testing.T) {
	f := bashfile.New()
	f.Append(bashfile.Build, `make -j"$(nproc)"`, bashfile.Provenance{Source: "make"})
	ds := (unlinkedLibrary{}).Diagnose(Failure{Phase: PhaseSetup, Log: readLog(t, "unlinked-library/make-vim-libxmu.log")})
	if len(ds) != 1 || ds[0].Subject != "Xmu" {
		t.Fatalf("diagnoses %+v", ds)
	}
	p, _ := (unlinkedLibrary{}).Propose(ds[0], &Context{File: f, Index: MapIndex{Libraries: map[string][]string{"libXmu.so": {"libxmu-dev"}}}})
	if len(p.Edits) == 0 || p.Edits[0].Op != bashfile.OpAddPackages || p.Edits[0].Packages[0] != "libxmu-dev" {
		t.Fatalf("edits %v: want libxmu-dev first", p.Edits)
	}
	var got []string
	for _, e := range p.Edits[1:] {
		got = append(got, e.Command)
	}
	if len(got) != 2 || !strings.Contains(got[0], `persist_env LIBS "${LIBS:+$LIBS }-lXmu"`) || !strings.Contains(got[1], "persist_env LDLIBS") {
		t.Fatalf("edits %q", got)
	}
	again, _ := (unlinkedLibrary{}).Propose(ds[0], &Context{File: f, Attempts: []Proposal{{Rule: "unlinked-library", Diagnosis: ds[0], Action: ActionEdit}}})
	if again.Action != ActionNone {
		t.Fatalf("second proposal %+v", again)
	}
}
