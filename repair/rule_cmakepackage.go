package repair

import "regexp"

// missingCMakePackage: find_package failed, through a Find module
// ("Could NOT find ZLIB") or a package configuration file.
type missingCMakePackage struct{}

var cmakePackageMatches = []match{
	// FindZLIB: Could NOT find ZLIB (missing: ZLIB_LIBRARY ZLIB_INCLUDE_DIR)
	{MissingCMakePackage, regexp.MustCompile(`Could NOT find ([\w.+-]+)`)},
	// config mode: Could not find a package configuration file provided by "fmt"
	{MissingCMakePackage, regexp.MustCompile(`Could not find a package configuration file provided by\s+"([^"]+)"`)},
	// By not providing "Findfmt.cmake" in CMAKE_MODULE_PATH this project has
	{MissingCMakePackage, regexp.MustCompile(`By not providing "Find([\w.+-]+)\.cmake"`)},
	// a project's own check of a package's component (c-ares: "GoogleTest
	// found but the GMock component was not found"): the component is a
	// package of its own in Debian (libgmock-dev)
	{MissingCMakePackage, regexp.MustCompile(`\bthe ([A-Za-z][\w.+-]*) component (?:was |is )?not found`)},
}

func (missingCMakePackage) Name() string { return "missing-cmake-package" }

func (missingCMakePackage) Diagnose(f Failure) []Diagnosis {
	return scan(f.Log, cmakePackageMatches, nil)
}

func (r missingCMakePackage) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != MissingCMakePackage {
		return Proposal{}, false
	}
	return addPackage(r, d, ctx, lookup(ctx, func(i PackageIndex) []string { return i.CMakePackage(d.Subject) }, cmakeHints[d.Subject])), true
}
