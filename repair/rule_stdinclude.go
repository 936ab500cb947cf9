package repair

import (
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// stdInclude: code that uses a standard library name without including
// its header, which older compilers' headers included on the way (GCC 11
// stopped <string>, <memory> … pulling in <limits>, <stdexcept>,
// <cstdint>; cpptoml's `std::numeric_limits` without <limits>). The
// code is the project's, so no package helps; the repair makes the
// compiler include the header first in every translation unit (`-include
// limits` in CXXFLAGS, `-include stdint.h` in CFLAGS), which make,
// autoconf, CMake and meson read when they configure a fresh build
// directory. GCC's own note names the header when it knows it; else the
// name the error reports is looked up in stdHeaders.
type stdInclude struct{}

var (
	// note: ‘std::numeric_limits’ is defined in header ‘<limits>’; did you forget to ‘#include <limits>’?
	forgotIncludeRe = regexp.MustCompile(`did you forget to [‘']#include <([\w./]+)>[’']`)
	// error: ‘numeric_limits’ is not a member of ‘std’
	notMemberRe = regexp.MustCompile(`error: [‘'](\w+)[’'] is not a member of [‘']std[’']`)
	// error: ‘uint8_t’ was not declared in this scope / does not name a type; C: unknown type name ‘uint8_t’
	undeclaredRe = regexp.MustCompile(`error: (?:unknown type name [‘'](\w+)[’']|[‘'](?:std::)?(\w+)[’'] (?:was not declared in this scope|does not name a type|has not been declared|undeclared))`)
)

// stdHeaders are the headers of the standard names code most often uses
// without including them: C++'s header, and C's for the names C declares
// globally (only these are read off a "was not declared" message, which
// also reports the project's own names).
var stdHeaders = map[string][2]string{
	"numeric_limits": {"limits"}, "runtime_error": {"stdexcept"}, "logic_error": {"stdexcept"},
	"invalid_argument": {"stdexcept"}, "out_of_range": {"stdexcept"}, "overflow_error": {"stdexcept"},
	"setprecision": {"iomanip"}, "setw": {"iomanip"}, "ostringstream": {"sstream"}, "istringstream": {"sstream"},
	"stringstream": {"sstream"}, "unique_ptr": {"memory"}, "shared_ptr": {"memory"}, "make_shared": {"memory"},
	"make_unique": {"memory"}, "function": {"functional"}, "thread": {"thread"}, "mutex": {"mutex"},
	"lock_guard": {"mutex"}, "unique_lock": {"mutex"}, "condition_variable": {"condition_variable"},
	"array": {"array"}, "deque": {"deque"}, "list": {"list"}, "set": {"set"}, "map": {"map"},
	"unordered_map": {"unordered_map"}, "unordered_set": {"unordered_set"}, "atomic": {"atomic"},
	"exchange": {"utility"}, "sort": {"algorithm"}, "find_if": {"algorithm"}, "transform": {"algorithm"},
	"min_element": {"algorithm"}, "max_element": {"algorithm"}, "iota": {"numeric"}, "accumulate": {"numeric"},
	"memcpy": {"cstring", "string.h"}, "memset": {"cstring", "string.h"}, "strlen": {"cstring", "string.h"},
	"size_t": {"cstddef", "stddef.h"}, "ptrdiff_t": {"cstddef", "stddef.h"}, "nullptr_t": {"cstddef"},
	"int8_t": {"cstdint", "stdint.h"}, "int16_t": {"cstdint", "stdint.h"}, "int32_t": {"cstdint", "stdint.h"},
	"int64_t": {"cstdint", "stdint.h"}, "uint8_t": {"cstdint", "stdint.h"}, "uint16_t": {"cstdint", "stdint.h"},
	"uint32_t": {"cstdint", "stdint.h"}, "uint64_t": {"cstdint", "stdint.h"}, "uintptr_t": {"cstdint", "stdint.h"},
	"intptr_t": {"cstdint", "stdint.h"}, "SIZE_MAX": {"cstdint", "stdint.h"}, "INT_MAX": {"climits", "limits.h"},
	"UINT_MAX": {"climits", "limits.h"}, "CHAR_BIT": {"climits", "limits.h"}, "bool": {"", "stdbool.h"},
	"true": {"", "stdbool.h"}, "false": {"", "stdbool.h"},
}

func (stdInclude) Name() string { return "std-include" }

// Diagnose gathers every header the log shows missing into one
// diagnosis: C++'s headers, then C's, a space between them.
func (stdInclude) Diagnose(f Failure) []Diagnosis {
	var cxx, c []string
	evidence := ""
	add := func(list *[]string, h, line string) {
		if h != "" && !slices.Contains(*list, h) {
			*list = append(*list, h)
		}
		if evidence == "" {
			evidence = strings.TrimSpace(line)
		}
	}
	for _, l := range logLines(f.Log) {
		if m := forgotIncludeRe.FindStringSubmatch(l); m != nil {
			if strings.HasSuffix(m[1], ".h") {
				add(&c, m[1], l)
			} else {
				add(&cxx, m[1], l)
			}
			continue
		}
		if m := notMemberRe.FindStringSubmatch(l); m != nil {
			if h, ok := stdHeaders[m[1]]; ok && h[0] != "" {
				add(&cxx, h[0], l)
			}
			continue
		}
		if m := undeclaredRe.FindStringSubmatch(l); m != nil {
			h, ok := stdHeaders[m[1]+m[2]]
			if !ok || h[1] == "" {
				continue // a name of std:: only, which the project may declare itself
			}
			if cSource(l) {
				add(&c, h[1], l)
			} else {
				add(&cxx, h[0], l)
			}
		}
	}
	if len(cxx)+len(c) == 0 {
		return nil
	}
	subj := strings.Join(cxx, " ") + "|" + strings.Join(c, " ")
	return []Diagnosis{{Kind: StdInclude, Subject: subj, Evidence: evidence}}
}

// cSource reports a compiler message about a C file.
func cSource(line string) bool {
	i := strings.Index(line, ".c:")
	return i > 0 || strings.Contains(line, ".h:") && !strings.Contains(line, "++")
}

func (r stdInclude) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != StdInclude {
		return Proposal{}, false
	}
	cxx, c, _ := strings.Cut(d.Subject, "|")
	w := why(r, d)
	var edits []bashfile.Edit
	var named []string
	for _, v := range []struct{ env, headers string }{{"CXXFLAGS", cxx}, {"CFLAGS", c}} {
		var flags []string
		for _, h := range strings.Fields(v.headers) {
			flags = append(flags, "-include "+h)
			named = append(named, "<"+h+">")
		}
		if len(flags) == 0 {
			continue
		}
		flag := strings.Join(flags, " ")
		if ctx != nil && ctx.File != nil && strings.Contains(ctx.File.Render(), flag) {
			return none(d, "the compiler includes "+strings.Join(named, ", ")+" already: the name is missing for another reason"), true
		}
		edits = append(edits, bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes,
			Command: `persist_env ` + v.env + ` "${` + v.env + `:+$` + v.env + ` }` + flag + `"`, Why: w})
	}
	return edit(d, "the code uses "+strings.Join(named, ", ")+" without including it (older compilers included it on the way): the compiler includes it first", edits...), true
}
