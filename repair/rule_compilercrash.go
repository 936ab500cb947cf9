package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// compilerCrash: GCC itself failed on the project's code — an internal
// compiler error (capnproto on trixie's GCC 14: "internal compiler
// error: in gimplify_var_or_parm_decl") or a segfault of cc1plus. The
// code is not at fault and another run of the same compiler fails the
// same way (a parallel build's second try did); the repair builds with
// the other compiler Debian packages, clang, through CC and CXX, which
// CMake, meson, autoconf and make all read. A crash under clang too is
// recorded. An "internal compiler error: Killed" is memory (outOfMemory).
type compilerCrash struct{}

var compilerCrashMatches = []match{
	// /repo/c++/src/kj/compat/http.c++:1618:3: internal compiler error: in gimplify_var_or_parm_decl, at gimplify.cc:3308
	// g++: internal compiler error: Segmentation fault signal terminated program cc1plus
	{CompilerCrash, regexp.MustCompile(`internal compiler error: ()(?:in |Segmentation fault|Aborted|tree check|unexpected expression)`)},
	// clang++: error: clang frontend command failed with exit code 139 (use -v to see invocation)
	{CompilerCrash, regexp.MustCompile(`clang\S*: error: ()clang frontend command failed`)},
}

func (compilerCrash) Name() string { return "compiler-crash" }

func (compilerCrash) Diagnose(f Failure) []Diagnosis {
	return firstOnly(scan(f.Log, compilerCrashMatches, nil))
}

func (r compilerCrash) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != CompilerCrash {
		return Proposal{}, false
	}
	if strings.Contains(d.Evidence, "clang") || ctx.File != nil && ctx.File.Contains("persist_env CXX clang++") {
		return record(d, "the compilers crash on the project's code, GCC and clang alike: a compiler release without the bug is what it would take"), true
	}
	w := why(r, d)
	return edit(d, "GCC crashed on the project's code (an internal compiler error, not the code's): build with clang",
		bashfile.Edit{Op: bashfile.OpAddPackages, Section: ctx.packageSection("clang"), Packages: []string{"clang"}, Why: w},
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: "persist_env CC clang", Why: w},
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: "persist_env CXX clang++", Why: w}), true
}
