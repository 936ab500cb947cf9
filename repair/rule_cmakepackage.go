package repair

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
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
	p := addPackage(r, d, ctx, cands)
	if p.Action == ActionNone && !strings.HasPrefix(d.Evidence, "-- ") {
		if sw, ok := r.optionalOff(d, ctx); ok {
			return sw, true
		}
	}
	return p, true
}

// optionalOff turns off the project option a required find_package of a
// package that cannot be had here sits under (libtomcrypt's
// `if(WITH_LTM) find_package(libtommath 1.2.0 REQUIRED)`: Debian's
// libtommath-dev ships no CMake package file, and WITH_LTM, on by
// default, only adds one of its math providers); never a test switch.
func (r missingCMakePackage) optionalOff(d Diagnosis, ctx *Context) (Proposal, bool) {
	i, text := ctx.find(bashfile.Build, func(t string) bool { return cmakeConfigureAt(t) >= 0 })
	if i < 0 {
		return Proposal{}, false
	}
	findRe := regexp.MustCompile(`(?i)\bfind_package\s*\(\s*` + regexp.QuoteMeta(d.Subject) + `\b`)
	top := ctx.readRepo("CMakeLists.txt")
	for _, f := range append([]string{"CMakeLists.txt"}, subdirLists(top)...) {
		opt, value := guardOption(ctx.readRepo(f), findRe.MatchString)
		if opt == "" || testSwitchRe.MatchString(opt) || strings.Contains(text, "-D"+opt+"=") {
			continue
		}
		flag := "-D" + opt + "=" + value
		return edit(d, fmt.Sprintf("%q cannot be had here (what Debian installs ships no CMake package file of it, or none provides it) and the project asks for it only under its option %s: %s configures without it, and what needs it is not built", d.Subject, opt, flag),
			configureWith(text, flag, why(r, d))), true
	}
	return Proposal{}, false
}

// subdirLists are the CMakeLists.txt files of the directories a
// top-level CMakeLists.txt adds.
func subdirLists(top string) []string {
	var out []string
	for _, d := range cmakeSubdirs(top) {
		out = append(out, d+"/CMakeLists.txt")
	}
	return out
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
