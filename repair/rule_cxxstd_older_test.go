package repair

import (
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// farmhash's own `data` beside C++17's std::data: an autotools build is
// compiled as C++14 through CXXFLAGS; an ambiguity between the code's own
// names is no standard's.
func TestOlderStandard(t *testing.T) {
	file := bashfile.New()
	if err := file.Append(bashfile.Build, "[ -f Makefile ] || ./configure", bashfile.Provenance{Source: "test"}); err != nil {
		t.Fatal(err)
	}
	f := Failure{Phase: PhaseSetup, Section: bashfile.Build, ExitCode: 2, Log: readLog(t, "cxx-standard/ambiguous-std-data-farmhash.log")}
	ps := Propose(&Context{File: file}, f)
	if len(ps) == 0 || ps[0].Action != ActionEdit || !strings.Contains(ps[0].Edits[0].Command, `persist_env CXXFLAGS "-std=gnu++14`) {
		t.Fatalf("proposals %+v", ps)
	}
	own := "x.cc:3:5: error: reference to ‘count’ is ambiguous\nx.cc:1:5: note: candidates are: ‘int a::count’\n"
	for _, d := range Diagnose(Failure{Phase: PhaseSetup, Log: own}) {
		if d.Kind == CXXStandard {
			t.Errorf("an ambiguity of the code's own names: %+v", d)
		}
	}
}
