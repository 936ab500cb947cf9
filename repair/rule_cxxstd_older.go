package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// Code older than C++17 that says `using namespace std` and declares its
// own `data`, `size` or `byte` no longer compiles where the compiler's
// default standard is C++17 (GCC 11 on): "error: reference to ‘data’ is
// ambiguous", the candidates being std::data and the file's own
// (farmhash's `static char data[…]`). The code was written for C++14, and
// is compiled as such.

// ambiguousRe is gcc's ambiguity, and cxx17Names the names C++17 put in
// namespace std that code of its own commonly declares.
var (
	ambiguousRe = regexp.MustCompile(`error: reference to [‘'](\w+)[’'] is ambiguous`)
	cxx17Names  = map[string]bool{"data": true, "size": true, "empty": true, "byte": true, "clamp": true, "gcd": true, "lcm": true,
		"sample": true, "apply": true, "as_const": true, "not_fn": true, "reduce": true, "destroy": true, "launder": true}
)

// olderStandard diagnoses such an ambiguity: the subject is the standard
// the code was written for, the evidence the error.
func olderStandard(log string) []Diagnosis {
	for _, l := range logLines(log) {
		m := ambiguousRe.FindStringSubmatch(l)
		if m == nil || !cxx17Names[m[1]] || !strings.Contains(log, "std::"+m[1]+"(") && !strings.Contains(log, "std::"+m[1]+" ") {
			continue
		}
		return []Diagnosis{{Kind: CXXStandard, Subject: "14", Detail: olderDetail, Evidence: strings.TrimSpace(l)}}
	}
	return nil
}

// olderDetail marks a diagnosis of code older than the default standard.
const olderDetail = "older"

// proposeOlder compiles the code as C++14: CMake's CMAKE_CXX_STANDARD
// when the Bash File configures with CMake and the project names none,
// else CXXFLAGS.
func (r cxxStandard) proposeOlder(d Diagnosis, ctx *Context) Proposal {
	w := why(r, d)
	flag := "-std=gnu++" + d.Subject
	if i, text := ctx.find(bashfile.Build, func(t string) bool { return cmakeConfigureAt(t) >= 0 }); i >= 0 {
		if cmakeStdRe.MatchString(text) {
			return none(d, "the configure command names its C++ standard already")
		}
		return edit(d, "the code declares a name C++17 added to std ("+d.Evidence+"): configure with CMAKE_CXX_STANDARD="+d.Subject,
			configureWith(text, "-DCMAKE_CXX_STANDARD="+d.Subject, w))
	}
	if ctx.File != nil && ctx.File.Contains(flag) {
		return none(d, "the code is compiled as C++"+d.Subject+" already")
	}
	return edit(d, "the code declares a name C++17 added to std ("+d.Evidence+"): compile it as the C++"+d.Subject+" it was written for ("+flag+")",
		cxxflagsStd(d.Subject, w))
}
