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
// (ownTestPrograms). A library without tests (rxi's sj.h beside its
// demo/ programs) gets the header check alone: it is what installs the
// library, and its uses are its examples, compiled against it once it
// passes (ExamplePrograms).

// headerDirs are where a header-only library keeps its headers.
var headerDirs = []string{".", "include", "src", "lib", "single_include"}

// headersCompile is the Build command checking the library's headers
// and the Unit command of its own test programs; nil when it has no
// headers or too many.
func headersCompile(ctx context.Context, e *env, files []retrieval.FileInfo) []Command {
	dirs := append(slices.Clone(headerDirs), e.ix.ProjectName(ctx))
	var hdrs, incs []string
	cxxHeader := false // a header of C++ (fast-cpp-csv-parser's csv.h), which cc would read as C
	for _, f := range files {
		d := path.Dir(f.Path)
		// a header directory's subdirectory (include/mylib/) is one too;
		// the top's are not (minimp3's player/, an application's)
		under := path.Dir(d) != "." && slices.Contains(dirs, path.Dir(d))
		if !cHeaderExt[path.Ext(f.Path)] || !slices.Contains(dirs, d) && !under || foreignDirs.MatchString(d) || strings.ContainsAny(f.Path, " '\"$`\\") {
			continue
		}
		hdrs = append(hdrs, f.Path)
		cxxHeader = cxxHeader || f.Language == "C++"
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
	cc := "cc"
	if cxx || cxxHeader || slices.ContainsFunc(hdrs, func(h string) bool { return path.Ext(h) != ".h" }) {
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
	reason := headerCheckReason
	if len(tests) == 0 {
		reason = headerCheckAloneReason
	}
	build := Command{Text: strings.Join(checks, " && "), Bucket: Build, Reason: reason,
		Why: []Provenance{{Source: "convention", File: hdrs[0], Note: "C/C++ headers without a build system"}}}
	return append([]Command{build}, tests...)
}

// The header check's reasons: with the library's tests, and alone.
const (
	headerCheckReason      = "compiles each of the header-only library's headers on its own (no build system: its users include them)"
	headerCheckAloneReason = headerCheckReason + "; the library has no tests of its own"
)

// headerCheckAlone drops the header check of a library without tests
// when the documents or the CI build it another way (tinydir's CI
// builds its tests/ and samples/ with CMake): the check would only be
// one more step of that build, and one that can fail on a header its
// users never include alone.
func headerCheckAlone(cs []Command) []Command {
	other := slices.ContainsFunc(cs, func(c Command) bool { return c.Bucket == Build && c.Reason != headerCheckAloneReason })
	if !other {
		return cs
	}
	return slices.DeleteFunc(cs, func(c Command) bool { return c.Reason == headerCheckAloneReason })
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
