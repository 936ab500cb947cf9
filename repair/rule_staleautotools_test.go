package repair

import (
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// A shipped configure whose make rules ask for the automake release that
// generated them (farmhash's aclocal-1.14; automake's missing script
// saying so) is regenerated with the installed autotools: the Bash File's
// conditional autoreconf, or its bootstrap script, runs always. Without
// a generation step there is nothing to run.
func TestStaleAutotools(t *testing.T) {
	missing := "cd . && /bin/bash /repo/missing automake-1.15 --gnu Makefile\n/repo/missing: line 81: automake-1.15: command not found\nWARNING: 'automake-1.15' is missing on your system.\n"
	for _, tc := range []struct {
		log, gen, subject, want string
	}{
		{readLog(t, "stale-autotools/make-aclocal-farmhash.log"), "[ -x configure ] || autoreconf -fi", "aclocal-1.14", "autoreconf -fi"},
		{missing, "[ -x configure ] || NOCONFIGURE=1 sh ./autogen.sh", "automake-1.15", "NOCONFIGURE=1 sh ./autogen.sh"},
		{missing, "", "automake-1.15", ""},
	} {
		file := bashfile.New()
		why := bashfile.Provenance{Source: "test"}
		for _, c := range []string{tc.gen, "[ -f Makefile ] || ./configure", `make -j"$(nproc)"`} {
			if c != "" {
				if err := file.Append(bashfile.Build, c, why); err != nil {
					t.Fatal(err)
				}
			}
		}
		f := Failure{Phase: PhaseSetup, Section: bashfile.Build, ExitCode: 2, Log: tc.log}
		ps := Propose(&Context{File: file}, f)
		if len(ps) == 0 || ps[0].Diagnosis.Kind != StaleAutotools || ps[0].Diagnosis.Subject != tc.subject {
			t.Fatalf("%q: proposals %+v, want the stale autotools first", tc.subject, ps)
		}
		got := ""
		if ps[0].Action == ActionEdit {
			got = ps[0].Edits[0].Command
		}
		if got != tc.want {
			t.Errorf("%q: regenerates with %q, want %q", tc.gen, got, tc.want)
		}
	}
}
