package repair

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

// A name Debian's module lacks (bidict's and starlette's TypeIs from
// bookworm's typing_extensions 4.4) or a distribution pip check finds
// older than asked takes the next release's package, only it; once
// tried, or when the installed one is newer than asked, it is recorded.
func TestOlderDebianModuleFromTheNextRelease(t *testing.T) {
	ix := MapIndex{PythonModules: map[string][]string{"typing_extensions": {"python3-typing-extensions"}, "httpcore": {"python3-httpcore"}, "markdown": {"python3-markdown"}}}
	log := readLog(t, "dependency-version/pytest-import-name-typing-extensions.log")
	f := bashfile.New()
	ps := Propose(&Context{File: f, Index: ix}, Failure{Phase: PhaseCommand, Command: "python -m pytest -q", ExitCode: 2, Log: log})
	if len(ps) == 0 || ps[0].Action != ActionEdit || ps[0].Edits[0].Command != bashfile.NewerInstall("python3-typing-extensions") {
		t.Fatalf("proposals %+v", ps)
	}
	f.Apply(ps[0].Edits[0])
	if ps := Propose(&Context{File: f, Index: ix}, Failure{Phase: PhaseCommand, Command: "python -m pytest -q", ExitCode: 2, Log: log}); ps[0].Action != ActionRecord {
		t.Errorf("tried again: %+v", ps[0])
	}
	check := "E   ModuleNotFoundError: httpcore._sync\nhttpx 0.28.1 has requirement httpcore==1.*, but you have httpcore 0.16.3.\nmkdocs 1.4 has requirement markdown<3.4, but you have markdown 3.4.1.\nFAILED tests/test_x.py::test_get - httpcore; markdown\n"
	ps = Propose(&Context{File: bashfile.New(), Index: ix}, Failure{Phase: PhaseCommand, Command: "python -m pytest -q", ExitCode: 1, Log: check})
	if len(ps) == 0 || ps[0].Action != ActionEdit || !strings.Contains(ps[0].Edits[0].Command, "for p in python3-httpcore; do") {
		t.Fatalf("pip check's older distribution: %+v", ps)
	}
}

func TestOlderThanAsked(t *testing.T) {
	for _, tc := range []struct {
		have, spec string
		want       bool
	}{{"0.16.3", "==1.*", true}, {"3.4.1", "<3.4", false}, {"4.4.0", ">=4.10.0", true}, {"2.0", "~=2.0", false}, {"1.2", ">=1.2.1", true}} {
		if got := olderThanAsked(tc.have, tc.spec); got != tc.want {
			t.Errorf("%s %s: %v", tc.have, tc.spec, got)
		}
	}
}

// An attribute a module lacks is a dependency's version only when the
// module is not the project's own.
func TestModuleAttributeOfTheProjectsOwn(t *testing.T) {
	d := Diagnosis{Kind: DependencyVersion, Subject: "mypkg.utils has no helper (the installed version)", Detail: "mypkg"}
	ctx := &Context{Repo: fstest.MapFS{"src/mypkg/__init__.py": {Data: []byte{}}}}
	if p, _ := (dependencyVersion{}).Propose(d, ctx); p.Action != ActionNone || !strings.Contains(p.Reason, "project's own") {
		t.Fatalf("own module: %+v", p)
	}
	ctx.Repo = fstest.MapFS{"src/other/__init__.py": {Data: []byte{}}}
	if p, _ := (dependencyVersion{}).Propose(d, ctx); p.Action == ActionNone {
		t.Fatalf("a dependency's module: %+v", p)
	}
}
