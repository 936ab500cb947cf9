package loops

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
)

// failAt is a build section's failure as the Bash File's ERR trap prints
// it: the line of the script where the command stands.
func failAt(script, line, out string) (int, string) {
	for i, l := range strings.Split(script, "\n") {
		if strings.TrimSpace(l) == line {
			return 2, out + "[2026-11-23 18:53:24] ERROR: setup failed at line " + strconv.Itoa(i+1) + " with exit code 2\n"
		}
	}
	return 2, out
}

func ciCommand(text string, b pyramid.Bucket, source string) pyramid.Command {
	return pyramid.Command{Text: text, Bucket: b, Reason: "documented", Why: []pyramid.Provenance{{Source: source, File: "INSTALL", Line: 36}}}
}

// The detector's `make` fails in a way no rule knows; the INSTALL file
// documents `make … TARGET=linux-glibc`: that call replaces it (not the
// FreeBSD one, not another target), and the run proves Installable with it.
func TestDocumentedBuildReplacesTheDetectorsFailingCall(t *testing.T) {
	f := newFake()
	f.setup = func(script, section string) (int, string) {
		if section == "build_project" && !strings.Contains(script, "TARGET=linux-glibc") {
			return failAt(script, `make -j"$(nproc)"`, "Building without specifying a TARGET is not supported.\n")
		}
		return 0, ""
	}
	file := bashfile.New()
	file.AddPackages(bashfile.Base, testWhy, "build-essential")
	file.Append(bashfile.Build, `make -j"$(nproc)"`, bashfile.Provenance{Source: "make", File: "Makefile", Note: "the default target"})
	p := pyr(0,
		ciCommand("make reg-tests VTEST_PROGRAM=../vtest/vtest", pyramid.Build, "ci"),
		ciCommand("gmake -j 4 TARGET=freebsd", pyramid.Build, "docs"),
		ciCommand("make TARGET=freebsd USE_OPENSSL=1", pyramid.Build, "docs"),
		ciCommand("make -j $(nproc) TARGET=linux-glibc", pyramid.Build, "docs"))
	rep, out := runFake(t, f, RunOptions{File: file, Pyramid: p, Repairer: scripted(nil), Target: pyramid.Installable})
	if rep.Level != pyramid.Installable {
		t.Fatalf("level %s: %s", rep.Level, rep.WhyNotHigher)
	}
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	if !strings.Contains(string(setup), "make -j $(nproc) TARGET=linux-glibc") || strings.Contains(string(setup), "freebsd") {
		t.Fatalf("setup.sh does not build as documented:\n%s", setup)
	}
	if len(rep.Repairs) == 0 || rep.Repairs[len(rep.Repairs)-1].Rule != "documented-build" {
		t.Fatalf("repairs %+v", rep.Repairs)
	}
}

// Nothing documented to fall back on: the run stops where it did.
func TestNoDocumentedBuildNoFallback(t *testing.T) {
	f := newFake()
	f.setup = func(script, section string) (int, string) {
		if section == "build_project" {
			return failAt(script, "make", "boom\n")
		}
		return 0, ""
	}
	file := bashfile.New()
	file.Append(bashfile.Build, "make", bashfile.Provenance{Source: "make"})
	rep, _ := runFake(t, f, RunOptions{File: file, Pyramid: pyr(0, ciCommand("make install", pyramid.Build, "docs")), Repairer: scripted(nil)})
	if rep.Level != pyramid.None || !strings.Contains(rep.WhyNotHigher, "no repair applies") {
		t.Fatalf("level %s: %s", rep.Level, rep.WhyNotHigher)
	}
}

// A Gradle wrapper without its jar fails after meson built the project:
// the gradle commands leave the build section; meson's stay.
func TestSecondBuildSystemThatFailsIsDropped(t *testing.T) {
	f := newFake()
	f.setup = func(script, section string) (int, string) {
		if section == "build_project" && strings.Contains(script, "./gradlew") {
			return failAt(script, "./gradlew --no-daemon assemble", "Error: Could not find or load main class org.gradle.wrapper.GradleWrapperMain\n")
		}
		return 0, ""
	}
	file := bashfile.New()
	file.Append(bashfile.Build, "[ -f build/build.ninja ] || meson setup build", bashfile.Provenance{Source: "meson"})
	file.Append(bashfile.Build, "meson compile -C build", bashfile.Provenance{Source: "meson"})
	file.Append(bashfile.Build, "./gradlew --no-daemon assemble", bashfile.Provenance{Source: "gradle"})
	rep, out := runFake(t, f, RunOptions{File: file, Pyramid: pyr(0), Repairer: scripted(nil), Target: pyramid.Installable})
	if rep.Level != pyramid.Installable {
		t.Fatalf("level %s: %s", rep.Level, rep.WhyNotHigher)
	}
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	if strings.Contains(string(setup), "gradlew") || !strings.Contains(string(setup), "meson compile -C build") {
		t.Fatalf("setup.sh:\n%s", setup)
	}
}

// A failure a rule recorded as a limit of the environment (the compiler
// is too old) is no wrong guess: no documented build replaces the call,
// and the report keeps the recorded reason.
func TestRecordedLimitIsNoReasonToFallBack(t *testing.T) {
	f := newFake()
	f.setup = func(script, section string) (int, string) {
		if section == "build_project" {
			return failAt(script, "cmake -S . -B build", "CMake Error at c++/CMakeLists.txt:21 (message):\n  Requires a C++23 compiler and standard library.\n")
		}
		return 0, ""
	}
	file := bashfile.New()
	file.Append(bashfile.Build, "cmake -S . -B build", bashfile.Provenance{Source: "cmake", File: "CMakeLists.txt"})
	p := pyr(0, ciCommand("cmake --build build-output --target install", pyramid.Build, "ci"))
	rep, _ := runFake(t, f, RunOptions{File: file, Pyramid: p, Repairer: repair.RulesBrain{}})
	if rep.Level != pyramid.None || !strings.Contains(rep.WhyNotHigher, "requires C++23") {
		t.Fatalf("level %s: %s", rep.Level, rep.WhyNotHigher)
	}
	for _, x := range rep.Repairs {
		if x.Rule == "documented-build" {
			t.Fatalf("fell back to a documented build after a recorded limit: %+v", rep.Repairs)
		}
	}
}

// A CMake build step is replaced only by a documented build step, not by
// a configure call of the same program.
func TestSameStep(t *testing.T) {
	for _, tc := range []struct {
		failing, cand string
		want          bool
	}{
		{`cmake --build build --parallel "$(nproc)"`, "cmake -B ./build/", false},
		{`cmake --build build --parallel "$(nproc)"`, "cmake --build build/ -j4", true},
		{"cmake -S . -B build", "cmake -B build -DFOO=ON", true},
		{"make", "make TARGET=linux-glibc", true},
	} {
		if got := sameStep(tc.failing, tc.cand); got != tc.want {
			t.Errorf("%q ← %q: %v", tc.failing, tc.cand, got)
		}
	}
}

// A made-up probe that waited for a peer (a server's probe that got no
// answer, a program that timed out) is not asked for its --version after.
func TestLastResortOfAProgramThatWaited(t *testing.T) {
	probe := pyramid.Command{Text: "python examples/server.py", Bucket: pyramid.Entry, Level: pyramid.Runnable, Synth: true}
	server := pyramid.Command{Text: "set -m; (python examples/server.py) …", Bucket: pyramid.Entry, Level: pyramid.Runnable, Synth: true, Background: true, Serve: "python examples/server.py"}
	version := pyramid.Command{Text: "python examples/server.py --version", Bucket: pyramid.Entry, Synth: true}
	other := pyramid.Command{Text: "python other.py --version", Bucket: pyramid.Entry, Synth: true}
	timedOut := outcome{cmd: probe}
	timedOut.Text, timedOut.TimedOut = probe.Text, true
	silent := outcome{cmd: server}
	silent.Text = server.Text
	for _, tc := range []struct {
		failed []outcome
		c      pyramid.Command
		want   bool
	}{
		{[]outcome{timedOut}, version, true},
		{[]outcome{silent}, version, true},
		{[]outcome{timedOut}, other, false},
		{nil, version, false},
	} {
		if got := waitedFor(tc.failed, tc.c); got != tc.want {
			t.Errorf("%q after %d failures: %v", tc.c.Text, len(tc.failed), got)
		}
	}
}
