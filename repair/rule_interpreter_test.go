package repair

import (
	"testing"
	"testing/fstest"
)

// A script of the checkout that "does not exist" when run: its #! line
// names what is missing — Python 2 (recorded by python2), or a program to
// install; a script that is really absent, or has no #! line, is not this.
func TestInterpreterFromShebang(t *testing.T) {
	repo := fstest.MapFS{
		"test/negative.py": {Data: []byte("#!/usr/bin/python2\n# negative tests\n")},
		"tools/gen.rb":     {Data: []byte("#!/usr/bin/env ruby\nputs 1\n")},
		"tools/plain.sh":   {Data: []byte("echo no shebang\n")},
	}
	for _, tc := range []struct {
		log     string
		kind    Kind
		subject string
	}{
		{readLog(t, "interpreter-missing/make-test-8cc-python2.log"), Python2, "test/negative.py"},
		{"bash: line 1: ./tools/gen.rb: No such file or directory\n", MissingExecutable, "ruby"},
		{"/bin/bash: ./tools/gen.rb: /usr/bin/env: bad interpreter: No such file or directory\n", MissingExecutable, "ruby"},
		{"make: ./tools/absent.py: No such file or directory\n", "", ""},
		{"make: ./tools/plain.sh: No such file or directory\n", "", ""},
	} {
		ds := (interpreterMissing{}).Diagnose(Failure{Phase: PhaseCommand, Log: tc.log, Repo: repo})
		switch {
		case tc.kind == "" && len(ds) > 0:
			t.Errorf("%q: diagnosed %+v", tc.log, ds)
		case tc.kind != "" && (len(ds) != 1 || ds[0].Kind != tc.kind || ds[0].Subject != tc.subject):
			t.Errorf("%q: got %+v, want %s %s", tc.log, ds, tc.kind, tc.subject)
		}
	}
	ps := Propose(&Context{Repo: repo}, Failure{Phase: PhaseCommand, Log: readLog(t, "interpreter-missing/make-test-8cc-python2.log"), Repo: repo})
	if len(ps) == 0 || ps[0].Action != ActionRecord || ps[0].Rule != "python2" {
		t.Fatalf("8cc's make test: %+v, want python2's record", ps)
	}
}
