package repair

import (
	"regexp"
	"strings"
)

// A download only some of the project needs is often declared under a
// project option: fast_float's supplemental test files (a repository of
// data, which no Debian package ships) under
// `if (FASTFLOAT_SUPPLEMENTAL_TESTS)`, an option on by default. When
// nothing installed takes the download's place, the option is turned the
// other way (guardOption): the project configures without it, and what
// needed it (those tests) does not run here, which the repair's reason
// says.

// guardSwitch is the -D flag that skips the declaration of the
// dependency name by the project option guarding it, in the files the
// log named or the top-level CMakeLists.txt; "" when no option() guards
// it or the configure command sets that option already.
func guardSwitch(ctx *Context, d Diagnosis, name, configure string) string {
	// FetchContent's declaration, ExternalProject's, or the download
	// sub-build googletest's README once taught (fastpfor:
	// configure_file(CMakeLists.txt.in googletest-download/CMakeLists.txt)
	// and execute_process of it at configure time)
	n := regexp.QuoteMeta(name)
	declRe := regexp.MustCompile(`(?i)\b(?:FetchContent_Declare|ExternalProject_Add)\s*\(\s*` + n + `\b|\b` + n + `-download/`)
	for _, f := range append(strings.Fields(d.Detail), "CMakeLists.txt") {
		text := declOneLine.ReplaceAllString(ctx.readRepo(f), "$1(")
		if !declRe.MatchString(text) {
			continue
		}
		opt, value := guardOption(text, declRe.MatchString)
		if opt == "" || strings.Contains(configure, "-D"+opt+"=") {
			return ""
		}
		return "-D" + opt + "=" + value
	}
	return ""
}

// declOneLine is a declaration whose name is on the line after its
// opening parenthesis (libfyaml's `FetchContent_Declare(` then
// `yaml_test_suite`): the guard walk reads one line at a time.
var declOneLine = regexp.MustCompile(`(?i)\b(FetchContent_Declare|ExternalProject_Add)\s*\(\s*\n\s*`)
