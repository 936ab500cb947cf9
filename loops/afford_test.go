package loops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/pyramid"
)

// A nearly passing suite whose repair (a package a test lacks) would run
// the Bash File again is accepted as it is when that setup does not fit
// the time left, and the Runnable tier runs in the same state; with time
// enough, the repair is made.
func TestNearlyPassingSuiteStandsWhenItsRepairDoesNotFit(t *testing.T) {
	run := func(maxTime time.Duration) (pyramid.Level, string) {
		f := newFake()
		f.setup = func(_, section string) (int, string) {
			if section == "build_project" {
				time.Sleep(1500 * time.Millisecond) // a build that takes most of the run
			}
			return 0, ""
		}
		f.command = func(script, text string) (int, string) {
			switch {
			case text == "ctest" && !strings.Contains(script, "iproute2"):
				return 8, "96% tests passed, 1 tests failed out of 25\n"
			case text == "ctest", text == "./app x":
				return 0, "100% tests passed, 0 tests failed out of 25\n"
			}
			return 1, "no\n"
		}
		p := pyr(25, documented("ctest", pyramid.Unit), documented("./app x", pyramid.Entry))
		rep, out := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: addPackage("ctest", "iproute2"), MaxTime: maxTime})
		setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
		return rep.Level, string(setup)
	}
	level, setup := run(2500 * time.Millisecond)
	if level != pyramid.Runnable || strings.Contains(setup, "iproute2") {
		t.Fatalf("no time for the repair's setup: level %s, iproute2 in setup.sh: %v", level, strings.Contains(setup, "iproute2"))
	}
	level, setup = run(time.Minute)
	if level != pyramid.Runnable || !strings.Contains(setup, "iproute2") {
		t.Fatalf("time enough: level %s, iproute2 in setup.sh: %v", level, strings.Contains(setup, "iproute2"))
	}
}
