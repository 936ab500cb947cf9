package pyramid

import (
	"path"
	"strings"
)

// A copy of another project kept inside the checkout (fann's
// lib/googletest, with its own LICENSE, CMakeLists.txt and docs) documents
// that project: its examples are not the checkout's. depDocs names the
// usual directories of such copies; nestedProject finds one by what it
// holds, in any directory below the top.

// licenseFiles and buildFiles mark a directory as a C or C++ project's
// root (a JavaScript or Python workspace's packages are the checkout's
// own, each with its licence and manifest).
var (
	licenseFiles = []string{"LICENSE", "LICENSE.txt", "LICENSE.md", "COPYING", "LICENCE"}
	buildFiles   = []string{"CMakeLists.txt", "meson.build", "configure.ac", "BUILD.bazel"}
)

// nestedProject reports whether a file below the top lies in a directory
// (not the top) that has a licence and a build file of its own.
func (e *env) nestedProject(file string) bool {
	for d := path.Dir(file); d != "." && d != "/" && d != ""; d = path.Dir(d) {
		if e.projectRoot(d) {
			return true
		}
	}
	return false
}

func (e *env) projectRoot(dir string) bool {
	if root, ok := e.roots[dir]; ok {
		return root // asked once a directory: every section of every document climbs the same ones
	}
	has := func(names []string) bool {
		for _, n := range names {
			if e.fileExists(path.Join(dir, n)) {
				return true
			}
		}
		return false
	}
	if e.roots == nil {
		e.roots = map[string]bool{}
	}
	e.roots[dir] = !strings.HasPrefix(dir, ".") && has(licenseFiles) && has(buildFiles)
	return e.roots[dir]
}
