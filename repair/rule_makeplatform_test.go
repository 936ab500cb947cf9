package repair

import (
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// A default goal that asks for the platform gets this sandbox's: the
// variable its usage names (HAProxy's TARGET, linux-glibc of its list) or
// the goal (Lua's `make PLATFORM`, linux); a log that lists platforms
// without asking for one is no such failure.
func TestMakePlatform(t *testing.T) {
	for _, tc := range []struct {
		log, want string
	}{
		{readLog(t, "make-platform/haproxy-no-target.log"), `make TARGET=linux-glibc -j"$(nproc)"`},
		{readLog(t, "make-platform/platform-goal.log"), `make linux -j"$(nproc)"`},
		{"checking for linux-gnu... yes\nmake: *** [Makefile:3: all] Error 1\n", ""},
	} {
		file := bashfile.New()
		if err := file.Append(bashfile.Build, `make -j"$(nproc)"`, bashfile.Provenance{Source: "test"}); err != nil {
			t.Fatal(err)
		}
		f := Failure{Phase: PhaseSetup, Section: bashfile.Build, ExitCode: 2, Log: tc.log}
		var got string
		for _, p := range Propose(&Context{File: file}, f) {
			if p.Diagnosis.Kind == MakePlatform && p.Action == ActionEdit {
				got = p.Edits[0].Command
			}
		}
		if got != tc.want {
			t.Errorf("build %q, want %q (diagnoses %+v)", got, tc.want, Diagnose(f))
		}
	}
}

// A build log that asks for the platform, even one whose make exited 0
// (Lua's), is one; a build that names Linux without asking is not.
func TestAsksForPlatform(t *testing.T) {
	if !AsksForPlatform("cd src && make none\nPlease do 'make PLATFORM' where PLATFORM is one of these:\n   aix bsd c89 freebsd generic linux macosx mingw posix solaris\n") {
		t.Error("Lua's usage not read")
	}
	if AsksForPlatform("-- The C compiler identification is GNU 12.2.0\n-- Target system: linux-gnu\n[100%] Built target x\n") {
		t.Error("a build that names Linux asked for nothing")
	}
	if AsksForPlatform("run: make install PREFIX=<dir>\n\tlinux-vdso.so.1 (0x00007ffd)\n") {
		t.Error("a variable hint and a library name are no platform usage of a build that exited 0")
	}
}
