package loops

import (
	"strings"
	"testing"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
)

// A build section that exits 0 having printed which platforms its
// Makefile builds for (Lua's default goal) built nothing: it is repaired
// with this sandbox's platform, and the build made with it proves
// Testable.
func TestBuildThatAsksForItsPlatformIsRepaired(t *testing.T) {
	f := newFake()
	f.setup = func(script, section string) (int, string) {
		if section == "build_project" && !strings.Contains(script, "make linux") {
			return 0, "cd src && make none\nPlease do 'make PLATFORM' where PLATFORM is one of these:\n   aix bsd c89 freebsd generic linux macosx mingw posix solaris\n"
		}
		return 0, ""
	}
	f.command = func(script, text string) (int, string) {
		if strings.Contains(script, "make linux") {
			return 0, "3 passed in 0.01s\n"
		}
		return 1, "bash: ./lua: No such file or directory\n"
	}
	p := pyr(3, documented("make test", pyramid.Unit))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: repair.RulesBrain{}})
	if rep.Level != pyramid.Testable {
		t.Fatalf("level %s (%s); repairs %+v", rep.Level, rep.WhyNotHigher, rep.Repairs)
	}
}
