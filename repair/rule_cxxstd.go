package repair

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// cxxStandard: the code uses a newer C++ standard than the build asks the
// compiler for (leveldb declares C++11 and uses std::is_standard_layout_v).
// gcc names the standard in some messages and only the missing library
// name in others. The repair configures the newer standard: CMake's
// CMAKE_CXX_STANDARD on the configure command, else CXXFLAGS.
type cxxStandard struct{}

var cxxStdMatches = []match{
	// structured bindings only available with ‘-std=c++17’ or ‘-std=gnu++17’
	{CXXStandard, regexp.MustCompile(`only available with [‘']-std=c\+\+(\d+)[’']`)},
	// note: ‘std::optional’ is only available from C++17 onwards
	{CXXStandard, regexp.MustCompile(`is only available from C\+\+(\d+) onwards`)},
	// #error This file requires compiler and library support for the ISO C++ 2011 standard
	{CXXStandard, regexp.MustCompile(`requires compiler and library support for the ISO C\+\+ (20\d\d) standard`)},
	// error: ‘is_standard_layout_v’ is not a member of ‘std’ (the _v / _t helpers are C++17 / C++14)
	{CXXStandard, regexp.MustCompile(`error: [‘'](?:std::)?\w+(_v)[’'] is not a member of [‘']std[’']`)},
	// error: ‘string_view’ in namespace ‘std’ does not name a type
	{CXXStandard, regexp.MustCompile(`error: [‘'](optional|variant|string_view|any|byte|filesystem)[’'] in namespace [‘']std[’'] does not name a`)},
	// The project's own check, in CMake or a header: "Requires a C++23
	// compiler and standard library.", "C++17 or later is required",
	// "This library requires C++20".
	{CXXStandard, regexp.MustCompile(`(?i)\brequires (?:a |at least )?C\+\+ ?(\d\d)\b`)},
	{CXXStandard, regexp.MustCompile(`(?i)\bC\+\+ ?(\d\d) (?:or (?:later|newer|above) )?(?:support )?(?:is )?required\b`)},
}

// newestStandard is the newest C++ standard the base image's compiler and
// library implement (GCC 12, libstdc++ 12: C++20; C++23 in part only).
const newestStandard = 20

// nextReleaseStandard is the newest the next Debian release's implement
// (trixie's GCC 14 and libstdc++ 14: C++23).
const nextReleaseStandard = 23

func (cxxStandard) Name() string { return "cxx-standard" }

func (cxxStandard) Diagnose(f Failure) []Diagnosis {
	ds := scan(f.Log, cxxStdMatches, cxxStdVersion)
	if len(ds) > 1 {
		ds = ds[:1]
	}
	if len(ds) == 0 {
		return olderStandard(f.Log) // rule_cxxstd_older.go
	}
	return ds
}

// cxxStdVersion turns what a message named into a standard: 17, 20, 2011
// → 11, a C++17 library name → 17.
func cxxStdVersion(s string) string {
	switch {
	case s == "_v" || s == "optional" || s == "variant" || s == "string_view" || s == "any" || s == "byte" || s == "filesystem":
		return "17"
	case len(s) == 4 && strings.HasPrefix(s, "20"):
		return s[2:]
	}
	return s
}

// cmakeStdRe is a CMAKE_CXX_STANDARD already on a configure command.
var cmakeStdRe = regexp.MustCompile(`-DCMAKE_CXX_STANDARD=(\d+)`)

func (r cxxStandard) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != CXXStandard {
		return Proposal{}, false
	}
	if d.Detail == olderDetail {
		return r.proposeOlder(d, ctx), true
	}
	want, _ := strconv.Atoi(d.Subject)
	if want < 11 {
		return none(d, "no C++ standard named"), true
	}
	if want > newestStandard && want < 90 {
		p := record(d, fmt.Sprintf("the project requires C++%d; the base image's compiler and standard library (GCC 12, libstdc++ 12) implement C++%d: a newer toolchain (Debian trixie's GCC 14) is what it would take", want, newestStandard))
		if want <= nextReleaseStandard {
			p.Release = NextRelease
		}
		return p, true
	}
	w := why(r, d)
	if i, text := ctx.find(bashfile.Build, func(t string) bool { return cmakeConfigureAt(t) >= 0 }); i >= 0 {
		if m := cmakeStdRe.FindStringSubmatch(text); m != nil {
			if have, _ := strconv.Atoi(m[1]); have >= want {
				return none(d, "the configure command asks for C++"+m[1]+" already"), true
			}
			return edit(d, "the code needs C++"+d.Subject+": configure the newer standard",
				bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Match: text, Command: cmakeStdRe.ReplaceAllString(text, "-DCMAKE_CXX_STANDARD="+d.Subject), Why: w}), true
		}
		return edit(d, "the code needs C++"+d.Subject+", newer than the project asks for: configure with CMAKE_CXX_STANDARD="+d.Subject,
			configureWith(text, "-DCMAKE_CXX_STANDARD="+d.Subject, w)), true
	}
	return edit(d, "the code needs C++"+d.Subject+": compile with -std=gnu++"+d.Subject, cxxflagsStd(d.Subject, w)), true
}

// cxxflagsStd is the edit compiling C++ as standard std ("14", "20")
// through CXXFLAGS, for builds not configured by the Bash File's CMake.
func cxxflagsStd(std string, w bashfile.Provenance) bashfile.Edit {
	return bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: `persist_env CXXFLAGS "-std=gnu++` + std + ` ${CXXFLAGS:-}"`, Why: w}
}
