package repair

import (
	"regexp"
	"slices"
	"strings"
)

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
	ds := scan(f.Log, cmakePackageMatches, nil)
	if configuredThenCompileFailed(f.Log) {
		// CMake went on past "-- Could NOT find WinSock": an optional
		// package, no cause of the compile error that stopped the build
		// (civetweb's own code); one the compile misses is a header
		// missing-header reads
		ds = slices.DeleteFunc(ds, func(d Diagnosis) bool { return strings.HasPrefix(d.Evidence, "-- ") })
	}
	return ds
}

// cmakeConfiguredRe is CMake's end of a configure that succeeded.
var cmakeConfiguredRe = regexp.MustCompile(`^-- (?:Configuring|Generating) done\b`)

// configuredThenCompileFailed reports a log in which CMake's configure
// finished and a compiler error (compile-error's gcc/clang line) came
// after it.
func configuredThenCompileFailed(log string) bool {
	configured := false
	for _, l := range logLines(log) {
		l = strings.TrimSpace(l)
		switch {
		case cmakeConfiguredRe.MatchString(l):
			configured = true
		case configured && compileMatches[0].re.MatchString(l):
			return true
		}
	}
	return false
}

func (r missingCMakePackage) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != MissingCMakePackage {
		return Proposal{}, false
	}
	cands := lookup(ctx, func(i PackageIndex) []string { return i.CMakePackage(d.Subject) }, cmakeHints[d.Subject])
	if len(cands) == 0 && ctx.Index != nil {
		cands = findModuleCandidates(ctx.Index, d.Subject)
	}
	return addPackage(r, d, ctx, cands), true
}

// findModuleCandidates resolves a package the project finds with a Find
// module of its own (FindLibevent.cmake, FindJemalloc.cmake), which no
// Debian package ships: such modules look for the library's pkg-config
// module, library file or header, so those name the package
// (Libevent → libevent.pc → libevent-dev; Jemalloc → jemalloc.pc).
func findModuleCandidates(ix PackageIndex, name string) []string {
	n := strings.ToLower(name)
	base := strings.TrimPrefix(n, "lib")
	for _, m := range []string{n, base, "lib" + base} {
		if ps := ix.PkgConfig(m); len(ps) > 0 {
			return ps
		}
	}
	if ps := ix.Library("lib" + base + ".so"); len(ps) > 0 {
		return ps
	}
	return ix.Header(base + ".h")
}
