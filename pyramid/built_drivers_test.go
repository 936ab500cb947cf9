package pyramid

import (
	"testing"
	"testing/fstest"
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
}
