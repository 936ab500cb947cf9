package repair

import (
	"regexp"

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
	{Werror, regexp.MustCompile(`error: .*\[-Werror=([\w+=-]+)\]`)},
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

func (r werror) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != Werror {
		return Proposal{}, false
	}
	flag := "-Wno-error"
	if d.Subject != "" {
		flag += "=" + d.Subject
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
