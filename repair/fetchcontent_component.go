package repair

import (
	"path"
	"regexp"
	"slices"
	"strings"
)

// A download made by an optional part of the project — a directory the
// project adds only under one of its options — goes with that part:
// libical's Java bindings (src/java, added under
// `if(LIBICAL_JAVA_BINDINGS)`, an option on by default) find JUnit through
// a module that downloads its jar from Maven Central at configure time.
// When nothing installed takes the download's place and no option guards
// the declaration itself (guardSwitch), the part is switched off as a
// user would (the project's own error says "disable Java binding
// generation using -DLIBICAL_JAVA_BINDINGS=False"): the rest configures,
// and what that part holds does not run here, which the reason says.

// callStackFrameRe is a CMakeLists.txt of the project in a CMake call stack.
var callStackFrameRe = regexp.MustCompile(`(?m)^\s+(?:/repo/)?([\w./+-]*CMakeLists\.txt):\d+ \(\w+\)\s*$`)

// projectOptionRe declares a project option: option(), a project's own
// option macro (libical_option), or a BOOL cache variable.
var projectOptionRe = regexp.MustCompile(`(?im)^\s*(?:\w+_)?option\s*\(\s*(\w+)|^\s*set\s*\(\s*(\w+)\s+\w+\s+CACHE\s+BOOL\b`)

// testSwitchRe is an option that turns the tests on: never the one
// switched off (the tests are what the pyramid runs).
var testSwitchRe = regexp.MustCompile(`(?i)TEST`)

// componentSwitch is the -D flag that switches off the optional directory
// whose configure made the download: for each CMakeLists.txt the log's
// call stack names (files), the add_subdirectory that brought its
// directory in, walked up to the top, and the first project option an
// if() around it tests; "" when none does or configure sets it already.
func componentSwitch(ctx *Context, files []string, configure string) string {
	options := map[string]bool{}
	for _, m := range projectOptionRe.FindAllStringSubmatch(ctx.readRepo("CMakeLists.txt"), -1) {
		options[m[1]+m[2]] = true
	}
	for _, f := range files {
		if path.Base(f) != "CMakeLists.txt" {
			continue
		}
		for dir := path.Dir(f); dir != "." && dir != "/" && dir != ""; dir = path.Dir(dir) {
			parent := path.Join(path.Dir(dir), "CMakeLists.txt")
			text := ctx.readRepo(parent)
			if text == "" {
				continue
			}
			addRe := regexp.MustCompile(`(?i)\badd_subdirectory\s*\(\s*"?(?:\$\{CMAKE_CURRENT_SOURCE_DIR\}/)?` + regexp.QuoteMeta(path.Base(dir)) + `"?[\s)]`)
			opt, value := guardOptionWith(text, options, addRe.MatchString)
			if opt != "" && !testSwitchRe.MatchString(opt) && !strings.Contains(configure, "-D"+opt+"=") {
				return "-D" + opt + "=" + value
			}
		}
	}
	return ""
}

// stackFiles are the project's CMakeLists.txt files a log's call stacks
// name, innermost first.
func stackFiles(log string) []string {
	var out []string
	for _, m := range callStackFrameRe.FindAllStringSubmatch(log, -1) {
		if !strings.HasPrefix(m[1], "/") && !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}
