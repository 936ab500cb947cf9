package loops

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
)

// xxdCheck is a test suite that needs xxd, which the Bash File installs
// only once a repair adds it.
func xxdCheck(f *fakeEngine) {
	f.command = func(script, text string) (int, string) {
		if text != "make check" {
			return 127, "not found\n"
		}
		if strings.Contains(script, "pkg_install xxd") {
			return 0, "============ 10 passed in 0.50s ============\n"
		}
		return 2, "sh: 1: xxd: not found\n"
	}
}

// A package a test needs, found after a build worth committing, is
// installed from the build's checkpoint: the next setup runs only the
// command appended to the build section, from a script whose build
// section holds just it, and the exported setup.sh is the whole Bash
// File. A build shorter than buildCheckpointMin, or than twice what the
// sandbox's earlier commits took, is not committed, and runs again.
func TestNeedAfterTheBuildRunsFromTheBuildCheckpoint(t *testing.T) {
	defer func(d time.Duration) { buildCheckpointMin = d }(buildCheckpointMin)
	buildCheckpointMin = 0
	f := newFake()
	var tail string
	f.setup = func(script, section string) (int, string) {
		if section == "build_project" && !strings.Contains(script, "\n  make\n") {
			tail = script
		}
		return 0, ""
	}
	xxdCheck(f)
	p := pyr(10, documented("make check", pyramid.Unit))
	rep, out := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: addPackage("make check", "xxd")})
	if rep.Level != pyramid.Testable {
		t.Fatalf("level %s: %s", rep.Level, rep.WhyNotHigher)
	}
	if len(rep.Setup) != 2 || rep.Setup[1].FromCheckpoint != string(bashfile.Build) {
		t.Fatalf("setups %+v, want the second from the build's checkpoint", rep.Setup)
	}
	ran := slices.DeleteFunc(slices.Clone(f.runs), func(s string) bool { return strings.HasPrefix(s, "evict") })
	// the toolchain layer's base section, then the setup's
	if want := []string{"install_base_toolchain", "install_base_toolchain", "build_project", "cmd: make check", "tail build_project", "cmd: make check"}; !slices.Equal(ran, want) {
		t.Fatalf("ran %q, want %q", ran, want)
	}
	if !strings.Contains(tail, "build_project() {\n  # [test]\n  pkg_install xxd\n}") {
		t.Fatalf("the tail's build section is not just the appended command:\n%s", tail)
	}
	if setup, _ := os.ReadFile(filepath.Join(out, "setup.sh")); !strings.Contains(string(setup), "  make\n") || !strings.Contains(string(setup), "pkg_install xxd") {
		t.Fatalf("exported setup.sh is not the whole Bash File:\n%s", setup)
	}

	// a short build, and one shorter than twice the sandbox's commit of
	// the base toolchain before it: run again, not committed
	for _, c := range []struct {
		min   time.Duration
		takes time.Duration
	}{{time.Hour, 0}, {0, 20 * time.Millisecond}} {
		buildCheckpointMin = c.min
		f = newFake()
		f.commitTakes = c.takes
		xxdCheck(f)
		rep, _ = runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: addPackage("make check", "xxd")})
		if rep.Level != pyramid.Testable || len(rep.Setup) != 2 || rep.Setup[1].FromCheckpoint == string(bashfile.Build) {
			t.Fatalf("%+v: level %s, setups %+v", c, rep.Level, rep.Setup)
		}
		if slices.Contains(f.runs, "tail build_project") {
			t.Fatalf("%+v: a build not committed ran as a tail: %q", c, f.runs)
		}
	}
}

// A repair after the build that breaks the Bash File runs from the
// build's checkpoint and fails there; the state a rollback restores has
// the build its checkpoint holds, so it runs no build again either.
func TestRollbackRestoresTheBuildCheckpoint(t *testing.T) {
	defer func(d time.Duration) { buildCheckpointMin = d }(buildCheckpointMin)
	buildCheckpointMin = 0
	f := newFake()
	f.setup = func(script, section string) (int, string) {
		if section == "build_project" && strings.Contains(script, "badpkg") {
			return 100, "E: Unable to locate package badpkg\n"
		}
		return 0, ""
	}
	f.command = func(_, text string) (int, string) {
		if text == "python -m pytest tests/" {
			return 0, "============ 40 passed in 0.50s ============\n"
		}
		return 1, "tool: cannot load libbad\n"
	}
	p := pyr(42, documented("python -m pytest tests/", pyramid.Unit), documented("./tool render in.txt", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: addPackage("./tool render in.txt", "badpkg")})
	if rep.Level != pyramid.Testable {
		t.Fatalf("level %s: %s", rep.Level, rep.WhyNotHigher)
	}
	var from []string
	for _, s := range rep.Setup {
		from = append(from, s.FromCheckpoint)
	}
	if want := []string{"toolchain", "build", "build"}; !slices.Equal(from, want) {
		t.Fatalf("setups from %q, want %q", from, want)
	}
	if n := slices.Index(f.runs, "build_project"); n < 0 || slices.Contains(f.runs[n+1:], "build_project") {
		t.Fatalf("the build ran again: %q", f.runs)
	}
}
