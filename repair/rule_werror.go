package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// werror: a warning the project's -Werror turns into an error, usually
// because bookworm's compiler is newer than the project's. The repair
// downgrades exactly that warning (-Wno-error=<name>, which GCC and Clang
// honour even when -Werror comes later on the command line) through
// CFLAGS/CXXFLAGS, which make, autoconf, CMake and meson read when they
// configure a fresh build directory.
type werror struct{}

var werrorMatches = []match{
	// gcc: main.c:1:21: error: unused variable 'unused' [-Werror=unused-variable]
	{Werror, regexp.MustCompile(`error: .*\[-Werror=([\w+-]+)=?\]`)}, // stringop-overflow= is a leveled warning
	// clang: error: unused variable 'x' [-Werror,-Wunused-variable]
	{Werror, regexp.MustCompile(`error: .*\[-Werror,-W([\w+=-]+)\]`)},
	// cc1: all warnings being treated as errors (only when no line names the warning)
	{Werror, regexp.MustCompile(`^(?:cc1\w*|clang\S*): (?:all )?warnings being treated as errors`)},
}

func (werror) Name() string { return "werror" }

func (werror) Diagnose(f Failure) []Diagnosis {
	ds := scan(f.Log, werrorMatches, nil)
	named := false
	for _, d := range ds {
		named = named || d.Subject != ""
	}
	if named {
		out := ds[:0]
		for _, d := range ds {
			if d.Subject != "" {
				out = append(out, d)
			}
		}
		ds = out
	}
	return ds
}

// newerCompiler are the warnings GCC 11 and 12 (bookworm's) added to
// -Wall/-Wextra or made fire on code older compilers accepted: flow
// analyses prone to false positives. One -Werror failure naming a warning
// shows the project builds with -Werror under an older compiler than this
// one, and the next such warning would only cost another whole build (a
// changed flag misses the compiler cache too), so the first repair
// downgrades the family with the named warning. Each exists in GCC 12 (an
// unknown -Wno-error=X is itself fatal there), and C++-only ones are
// accepted, silently, by the C compiler.
var newerCompiler = []string{"maybe-uninitialized", "uninitialized", "restrict", "stringop-overflow", "stringop-overread",
	"stringop-truncation", "array-bounds", "use-after-free", "dangling-pointer", "free-nonheap-object",
	"deprecated-declarations", "format-truncation", "format-overflow", "nonnull", "infinite-recursion", "address",
	"unused-result", "array-parameter", "vla-parameter", "deprecated-copy", "class-memaccess", "mismatched-new-delete",
	"range-loop-construct", "redundant-move", "pessimizing-move"}

// gccNamed is GCC's spelling of a named fatal warning (clang's
// "[-Werror,-Wx]" does not know all of newerCompiler).
var gccNamed = regexp.MustCompile(`\[-Werror=[\w+=-]+\]`)

func (r werror) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != Werror {
		return Proposal{}, false
	}
	flag := "-Wno-error"
	if d.Subject != "" {
		flag += "=" + d.Subject
		if family := withFamily(flag); gccNamed.MatchString(d.Evidence) && !downgraded(ctx, family) {
			flag = family
		}
	}
	w := why(r, d)
	what := "warnings are"
	if d.Subject != "" {
		what = "warning " + d.Subject + " is"
	}
	return edit(d, "the compiler's "+what+" fatal under -Werror: add "+flag+" to CFLAGS and CXXFLAGS",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: `persist_env CFLAGS "${CFLAGS:+$CFLAGS }` + flag + `"`, Why: w},
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: `persist_env CXXFLAGS "${CXXFLAGS:+$CXXFLAGS }` + flag + `"`, Why: w},
	), true
}

// withFamily is flag followed by newerCompiler's other downgrades.
func withFamily(flag string) string {
	for _, w := range newerCompiler {
		if f := "-Wno-error=" + w; f != flag {
			flag += " " + f
		}
	}
	return flag
}

// downgraded reports a Bash File that already downgrades newerCompiler,
// by another repair than this one (family).
func downgraded(ctx *Context, family string) bool {
	if ctx == nil || ctx.File == nil {
		return false
	}
	text := ctx.File.Render()
	first, last := "-Wno-error="+newerCompiler[0], "-Wno-error="+newerCompiler[len(newerCompiler)-1]
	return strings.Contains(text, first) && strings.Contains(text, last) && !strings.Contains(text, family)
}
