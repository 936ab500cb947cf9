package pyramid

import (
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/pyramid/results"
)

func TestTestDrivers(t *testing.T) {
	lua := fstest.MapFS{
		"makefile":        {Data: []byte("all: lua\n")},
		"testes/all.lua":  {Data: []byte("print('final OK')\n")},
		"testes/main.lua": {Data: []byte("\n")},
		"lua.c":           {Data: []byte("\n")},
	}
	got := TestDrivers(lua, []string{"./lua", "luac"})
	if len(got) != 1 || got[0].Text != "cd testes && ../lua all.lua" || got[0].Level != Testable || !got[0].Synth {
		t.Fatalf("lua: %+v", got)
	}
	tcl := fstest.MapFS{
		"tests/all.tcl":     {Data: []byte("runAllTests\n")},
		"tests/append.test": {Data: []byte("\n")},
	}
	got = TestDrivers(tcl, []string{"unix/tclsh", "unix/tcltest"})
	if len(got) != 1 || got[0].Text != "cd tests && ../unix/tclsh all.tcl" {
		t.Fatalf("tcl: %+v", got)
	}
	// A shell driver is the shell's, not a built program's that starts
	// with "sh"; nothing built, nothing to run.
	sh := fstest.MapFS{"test/run_all.sh": {Data: []byte("\n")}, "test/all.lua": {Data: []byte("\n")}}
	if got := TestDrivers(sh, []string{"shfmt"}); len(got) != 0 {
		t.Fatalf("shell driver: %+v", got)
	}
	if got := TestDrivers(sh, nil); len(got) != 0 {
		t.Fatalf("nothing built: %+v", got)
	}
	// The libraries the suite loads have a Makefile of their own in a
	// subdirectory of the driver's: built first.
	lua["testes/libs/makefile"] = &fstest.MapFile{Data: []byte("all: lib1.so\n")}
	got = TestDrivers(lua, []string{"./lua"})
	if len(got) != 1 || got[0].Text != "cd testes && make -C libs && ../lua all.lua" || !got[0].Driver {
		t.Fatalf("lua with libs: %+v", got)
	}
}

// A suite driver that runs to its end with exit 0 proves the suite
// although it prints no count; one that prints nothing, or says tests
// failed, does not; a plain test command that prints no count does not.
func TestJudgeSuiteDriver(t *testing.T) {
	driver := Command{Text: "cd testes && ../lua all.lua", Bucket: Unit, Driver: true}
	plain := Command{Text: "./run-tests", Bucket: Unit}
	for _, tc := range []struct {
		c    Command
		out  string
		pass bool
	}{
		{driver, "***** FILE 'gc.lua'*****\ntesting closures\nfinal OK !!!\n", true},
		{driver, "", false},
		{driver, "testing strings\n3 tests failed\n", false},
		{plain, "testing closures\nfinal OK !!!\n", false},
	} {
		v := Judge(tc.c, Outcome{Output: tc.out})
		if v.Passed != tc.pass || v.Passed && !v.Suite {
			t.Errorf("%q on %q: %+v, want passed=%v", tc.c.Text, tc.out, v, tc.pass)
		}
	}
}

// A suite driver that ran to its end is graded the whole suite.
func TestGradeSuiteDriver(t *testing.T) {
	c := Command{Text: "cd testes && make -C libs && ../lua all.lua", Bucket: Unit, Synth: true, Driver: true}
	if ev, why := GradeTestable(c, results.Counts{Passed: 1, Frameworks: []string{"suite"}}, 0); ev != EvidenceSuite {
		t.Errorf("graded %s (%s), want suite", ev, why)
	}
}
