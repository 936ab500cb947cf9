package repair

import (
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// A program linked from objects that are not position-independent (a C
// compiler's own test objects) links without PIE; an object going into a
// shared library is compiled with -fPIC; a second time, the rule gives up.
func TestPositionDependentObjects(t *testing.T) {
	for _, tc := range []struct {
		log, subject string
		want         []string
	}{
		{readLog(t, "position-dependent/make-test-pie.log"), "PIE", []string{`persist_env LDFLAGS "${LDFLAGS:+$LDFLAGS }-no-pie"`}},
		{"/usr/bin/ld: libfoo.a(foo.o): relocation R_X86_64_PC32 against symbol `bar' can not be used when making a shared object; recompile with -fPIC\n/usr/bin/ld: final link failed: bad value\n", "shared",
			[]string{`persist_env CFLAGS "${CFLAGS:+$CFLAGS }-fPIC"`, `persist_env CXXFLAGS "${CXXFLAGS:+$CXXFLAGS }-fPIC"`}},
	} {
		ds := (positionDependent{}).Diagnose(Failure{Phase: PhaseCommand, Log: tc.log})
		if len(ds) != 1 || ds[0].Subject != tc.subject {
			t.Fatalf("diagnoses %+v, want subject %s", ds, tc.subject)
		}
		f := bashfile.New()
		p, _ := (positionDependent{}).Propose(ds[0], &Context{File: f})
		if p.Action != ActionEdit || len(p.Edits) != len(tc.want) {
			t.Fatalf("proposal %+v", p)
		}
		for i, w := range tc.want {
			if !strings.Contains(p.Edits[i].Command, w) || p.Edits[i].Section != bashfile.Runtimes {
				t.Errorf("edit %d %q: want %q in runtimes", i, p.Edits[i].Command, w)
			}
		}
		again, _ := (positionDependent{}).Propose(ds[0], &Context{File: f, Attempts: []Proposal{{Rule: "position-dependent", Diagnosis: ds[0], Action: ActionEdit}}})
		if again.Action != ActionNone {
			t.Fatalf("second proposal %+v", again)
		}
	}
	if ds := (positionDependent{}).Diagnose(Failure{Phase: PhaseSetup, Log: "collect2: error: ld returned 1 exit status\n"}); len(ds) != 0 {
		t.Fatalf("a link failure without the relocation message: %+v", ds)
	}
}
