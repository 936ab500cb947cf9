package bashfile

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// cmakeDetector: a top-level CMakeLists.txt. Configures into ./build
// (BuildDir) and builds; the tests are the pyramid's (ctest --test-dir
// build).
type cmakeDetector struct{}

func (cmakeDetector) Name() string { return "cmake" }

func (cmakeDetector) Detect(r *repo) bool {
	return r.stacks["cmake"] && !(r.stacks["autotools"] && cmakeDefersToAutotools(r.root))
}

// cmakeRefusal is a CMakeLists.txt that stops with a message naming
// autotools as the supported way on Unix (OpenVPN: "on Unix platform the
// official and supported build method is using autoconfig").
var cmakeRefusal = regexp.MustCompile(`(?is)message\s*\(\s*FATAL_ERROR\s+"[^"]*(autoconf|autotools|automake|\./configure)[^"]*"`)

// cmakeDefersToAutotools reports whether the top-level CMakeLists.txt
// refuses a Unix build in favour of autotools.
func cmakeDefersToAutotools(root string) bool {
	if root == "" {
		return false
	}
	b, err := os.ReadFile(filepath.Join(root, "CMakeLists.txt"))
	return err == nil && cmakeRefusal.Match(b)
}

// debianCMake is the CMake version of Debian bookworm.
const debianCMake = "3.25"

func (d cmakeDetector) Apply(ctx context.Context, p *planner) error {
	const file = "CMakeLists.txt"
	min := p.repo.fact(file, "cmake_minimum")
	why := ev(d.Name(), file, 0, "C/C++ compiler and CMake")
	if err := p.install(Base, why, "build-essential", "cmake"); err != nil {
		return err
	}
	if min != "" && !versionAtMost(min, debianCMake) {
		p.note("CMakeLists.txt asks for CMake " + min + ", newer than Debian's " + debianCMake + " (bookworm-backports has a newer one)")
	}
	if err := p.cSystemDeps(ctx, d.Name()); err != nil {
		return err
	}
	if err := p.fillAbsentSubmodules(d.Name()); err != nil {
		return err
	}
	dir := p.repo.outOfTree()
	// No build type: CMake's default, what a careful human and most CI
	// run, with the project's own default when it sets one. Release's -O3
	// compiled CLI11's examples in 83 s, none in 47 s (2 cores), and its
	// -DNDEBUG would switch off the assert()s the tests exercise.
	configure, note := "cmake -S . -B "+dir, "configure out of tree (no build type: CMake's default, the project's own when it sets one)"
	f, deps := testDepsTarget(p.repo.root)
	if opt, on := p.repo.heavyTestSwitch(); opt != "" {
		if on {
			configure += " -D" + opt + "=OFF"
			note += "; the tests outnumber the project's own sources: the Testable commands build them (" + opt + "=ON)"
		} else {
			note += "; the tests are off by default: the Testable commands build them (" + opt + "=ON)"
		}
		p.testsOff = testsOff{option: opt, deps: deps}
		deps = ""
	}
	flags, docs := p.repo.docsOff(cmakeDocsOff, file)
	if fetched, pkgs := p.repo.fetchContentSources(); fetched != "" {
		if err := p.install(Base, ev(d.Name(), file, 0, "the sources of what FetchContent would download, from Debian"), pkgs...); err != nil {
			return err
		}
		flags += fetched
		docs += "; FetchContent takes Debian's sources of " + strings.Join(pkgs, ", ") + " instead of downloading them"
	}
	if err := p.add(Build, configure+flags, ev(d.Name(), file, 0, note+docs)); err != nil {
		return err
	}
	if err := p.add(Build, "cmake --build "+dir+` --parallel "$(nproc)"`, ev(d.Name(), file, 0, "build every target (tests run later, from the test pyramid)")); err != nil {
		return err
	}
	if deps != "" {
		return p.add(Build, "cmake --build "+dir+" --target "+deps+` --parallel "$(nproc)"`, ev(d.Name(), f, 0, "build what the tests need: the target is not part of ALL"))
	}
	return nil
}

// heavyTestSwitch is the test option the Testable commands turn on, and
// whether it is on by default (then the build section turns it off;
// cmake_tests.go): an option off by default always — the build section
// is what it was, and the tests are built beside it instead of found
// missing by ctest and repaired with a new setup that rebuilds the
// project (c-ares' CARES_BUILD_TESTS: 4 min of setup again) —, one on by
// default when the project's tests outweigh it; "" otherwise.
func (r *repo) heavyTestSwitch() (string, bool) {
	if r.root == "" {
		return "", false
	}
	b, err := os.ReadFile(filepath.Join(r.root, "CMakeLists.txt"))
	if err != nil {
		return "", false
	}
	opt, on := cmakeTestSwitch(string(b))
	if opt == "" || on && !r.testsOutweigh() {
		return "", false
	}
	return opt, on
}

// testDepsRe is a custom target that builds what a test suite runs and
// the default build leaves out (curl's testdeps: its test servers and
// libtest programs).
var testDepsRe = regexp.MustCompile(`(?m)^\s*add_custom_target\s*\(\s*(testdeps|test-deps|test_deps|tests-deps|build-tests|build_tests)\b`)

// testDepsTarget finds such a target in the top-level, tests/ or test/
// CMakeLists.txt: the file and the target's name.
func testDepsTarget(root string) (string, string) {
	if root == "" {
		return "", ""
	}
	for _, f := range []string{"CMakeLists.txt", "tests/CMakeLists.txt", "test/CMakeLists.txt"} {
		if b, err := os.ReadFile(filepath.Join(root, f)); err == nil {
			if m := testDepsRe.FindSubmatch(b); m != nil {
				return f, string(m[1])
			}
		}
	}
	return "", ""
}

// versionAtMost compares dotted versions numerically: a <= b.
func versionAtMost(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) || i < len(pb); i++ {
		x, y := 0, 0
		if i < len(pa) {
			x = atoiPrefix(pa[i])
		}
		if i < len(pb) {
			y = atoiPrefix(pb[i])
		}
		if x != y {
			return x < y
		}
	}
	return true
}

func atoiPrefix(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			break
		}
		n = n*10 + int(r-'0')
	}
	return n
}
