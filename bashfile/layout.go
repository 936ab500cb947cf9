package bashfile

import (
	"os"
	"path/filepath"
	"slices"
)

// DefaultRepoDir is where the repository lives when the Bash File runs. It
// is the single source of that path: the sandbox copies the checkout there
// (sandbox.RepoDir is the same path, a test in cmd/heragent keeps them
// equal), the exported Dockerfile copies it there and a File's RepoDir
// starts as it.
const DefaultRepoDir = "/repo"

// BuildDir is the out-of-tree build directory, relative to the checkout,
// that the Bash File configures CMake and meson projects into.
const BuildDir = "build"

// AltBuildDir is the out-of-tree build directory when the checkout has a
// file named BuildDir at its top (civetweb's ./build script): CMake then
// stops at once with "Unable to (re)create the private pkgRedirects
// directory", meson with "Directory … is not a directory".
const AltBuildDir = "_build"

// InTree is the build directory of a build system that builds in the
// source tree (autotools, a hand-written Makefile).
const InTree = "."

// buildDirs says where each C/C++ build system the detectors know builds,
// relative to the checkout. The detectors' commands and Layout both come
// from it.
var buildDirs = map[string]string{
	"cmake":     BuildDir, // cmake -S . -B build
	"meson":     BuildDir, // meson setup build
	"autotools": InTree,   // ./configure && make in the source tree
	"make":      InTree,   // the project's own Makefile
}

// Layout is where the Bash File puts the project: the checkout's directory
// when the script runs and, for each C/C++ build system the script builds
// with, its build directory. Generate decides it; the pyramid reads it
// (where ctest runs, where a CMake program is found after the build) so
// the script and the pyramid never disagree about where the build is.
type Layout struct {
	// RepoDir is the checkout's directory: the File's RepoDir.
	RepoDir string `json:"repo_dir"`
	// BuildDirs maps a build system ("cmake", "meson", "autotools",
	// "make") to its build directory relative to RepoDir; InTree for an
	// in-tree build. Only the systems the script builds with are present.
	BuildDirs map[string]string `json:"build_dirs"`
	// TestBuild maps a build system to the command that builds the tests
	// the script configured off or left off (cmake_tests.go), run before
	// the Testable commands; absent when the script builds them.
	TestBuild map[string]string `json:"test_build,omitempty"`
	// TestSubset maps a build system to a Testable command that builds and
	// runs one test program of those tests (cmake_tests.go): the proof
	// left when the whole test build does not fit the run's time.
	TestSubset map[string]string `json:"test_subset,omitempty"`
	// Examples builds the example programs the script's CMake build left
	// off (cmake_examples.go), run before the Runnable commands that run
	// one; nil when they are built by default.
	Examples *OptionalBuild `json:"examples,omitempty"`
}

// LayoutOf is the layout of a Bash File that builds with the given stacks
// (Plan.Stacks; stacks that are not C/C++ build systems are ignored). The
// pyramid uses it when it is mined without a generated Bash File.
func LayoutOf(stacks []string) Layout {
	l := Layout{RepoDir: DefaultRepoDir, BuildDirs: map[string]string{}}
	for _, s := range stacks {
		if d, ok := buildDirs[s]; ok {
			l.BuildDirs[s] = d
		}
	}
	return l
}

// BuildDir returns the build directory of a build system, "" when the
// Bash File does not build with it.
func (l Layout) BuildDir(system string) string { return l.BuildDirs[system] }

// Systems lists the build systems the Bash File builds with, sorted.
func (l Layout) Systems() []string {
	var out []string
	for s := range l.BuildDirs {
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// OutOfTree returns the out-of-tree build directory (CMake's, else
// meson's), or "" when the project builds in its source tree or has no
// C/C++ build.
func (l Layout) OutOfTree() string {
	for _, s := range []string{"cmake", "meson"} {
		if d := l.BuildDirs[s]; d != "" && d != InTree {
			return d
		}
	}
	return ""
}

// InTreeBuild reports whether a build system the Bash File uses builds in
// the source tree (autotools, a hand-written Makefile).
func (l Layout) InTreeBuild() bool {
	for _, d := range l.BuildDirs {
		if d == InTree {
			return true
		}
	}
	return false
}

// outOfTree is the directory CMake and meson build into: BuildDir, or
// AltBuildDir when the project's top directory has a file by that name.
func (r *repo) outOfTree() string {
	if r.root == "" {
		if r.top[BuildDir] {
			return AltBuildDir
		}
		return BuildDir
	}
	if st, err := os.Stat(filepath.Join(r.root, BuildDir)); err == nil && !st.IsDir() {
		return AltBuildDir
	}
	return BuildDir
}
