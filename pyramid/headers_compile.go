package pyramid

import (
	"context"
	"path"
	"slices"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A header-only library without a build system — thread-pool's
// include/BS_thread_pool.hpp beside tests/BS_thread_pool_test.cpp — is
// used by including its headers. Its build is each of its headers
// compiling on its own (the compiler checks it, writing nothing); its
// tests are its own test programs compiled with its header directories
// on the include path and run, as a library's with sources are
// (ownTestPrograms). Only a library with test programs of its own gets
// these: without them a header check proves little the README's
// examples do not.

// headerDirs are where a header-only library keeps its headers.
var headerDirs = []string{".", "include", "src", "lib", "single_include"}

// headersCompile is the Build command checking the library's headers
// and the Unit command of its own test programs; nil when it has no
// headers, too many or no test programs.
func headersCompile(ctx context.Context, e *env, files []retrieval.FileInfo) []Command {
	dirs := append(slices.Clone(headerDirs), e.ix.ProjectName(ctx))
	var hdrs, incs []string
	for _, f := range files {
		d := path.Dir(f.Path)
		if !cHeaderExt[path.Ext(f.Path)] || !slices.Contains(dirs, d) && !slices.Contains(dirs, path.Dir(d)) || strings.ContainsAny(f.Path, " '\"$`\\") {
			continue
		}
		hdrs = append(hdrs, f.Path)
		if inc := headerRoot(d, dirs); !slices.Contains(incs, inc) {
			incs = append(incs, inc)
		}
	}
	if len(hdrs) == 0 || len(hdrs) > maxCompiledSources {
		return nil
	}
	tests := ownTestPrograms(ctx, e, files, nil, incs)
	cxx := len(tests) > 0 && strings.Contains(tests[0].Text, "c++ ")
	if len(tests) == 0 {
		// tests that build themselves: a test directory's own Makefile,
		// whose default goal compiles and runs them (hedley's test/)
		tests, cxx = testDirMake(files), false
	}
	if len(tests) == 0 {
		return nil
	}
	cc := "cc"
	if cxx || slices.ContainsFunc(hdrs, func(h string) bool { return path.Ext(h) != ".h" }) {
		cc = "c++ -x c++"
	}
	var flags string
	for _, d := range incs {
		flags += " -I" + quoteArg(d)
	}
	var checks []string
	for _, h := range hdrs {
		checks = append(checks, cc+" -fsyntax-only"+flags+" "+quoteArg(h))
	}
	build := Command{Text: strings.Join(checks, " && "), Bucket: Build,
		Reason: "compiles each of the header-only library's headers on its own (no build system: its users include them)",
		Why:    []Provenance{{Source: "convention", File: hdrs[0], Note: "C/C++ headers without a build system"}}}
	return append([]Command{build}, tests...)
}

// testDirMake is the Unit command of a test directory with a Makefile of
// its own (test/Makefile, tests/Makefile): make there, as a bare make in
// a tests directory is a test run; nil when there is none.
func testDirMake(files []retrieval.FileInfo) []Command {
	for _, d := range []string{"test", "tests"} {
		for _, f := range files {
			if f.Path == d+"/Makefile" {
				return []Command{{Text: "make", Dir: d, Bucket: Unit,
					Reason: "builds and runs the header-only library's tests with their own Makefile",
					Why:    []Provenance{{Source: "convention", File: f.Path, Note: "the test directory's own Makefile"}}}}
			}
		}
	}
	return nil
}

// headerRoot is the include directory of a header's directory d: d
// itself, or for include/<name>/x.h (included as <name/x.h>) its parent.
func headerRoot(d string, dirs []string) string {
	if slices.Contains(dirs, d) {
		return d
	}
	return path.Dir(d)
}
