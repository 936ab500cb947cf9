package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// A test directory whose whole CMakeLists.txt sits in an if() on a
// variable of its own (libgd's tests/: `if (BUILD_TEST)`, while the
// top-level option is BUILD_TESTS, which adds the directory) builds no
// test until that variable is set too, as the project's CI does
// (-DBUILD_TEST=1): ctest finds none with the top-level option on.

// cmakeFirstIfRe is a statement that is an if() on one variable,
// cmakeEndifRe an endif(): a file wholly guarded opens and ends with them.
var (
	cmakeFirstIfRe = regexp.MustCompile(`(?i)^\s*if\s*\(\s*(\w+)\s*\)\s*$`)
	cmakeEndifRe   = regexp.MustCompile(`(?i)^\s*endif\s*\(`)
)

// innerTestGuard is the variable guarding the whole CMakeLists.txt of a
// test directory the top-level file adds, when it names the tests and no
// option() declares it (a variable only the caller sets); "" otherwise.
func innerTestGuard(ctx *Context, top string) string {
	for _, dir := range cmakeSubdirs(top) {
		if !bashfile.HasTestWord(strings.ToUpper(dir)) {
			continue
		}
		var stmts []string
		for _, l := range strings.Split(ctx.readRepo(dir+"/CMakeLists.txt"), "\n") {
			if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
				stmts = append(stmts, t)
			}
		}
		if len(stmts) < 3 || !cmakeEndifRe.MatchString(stmts[len(stmts)-1]) {
			continue
		}
		m := cmakeFirstIfRe.FindStringSubmatch(stmts[0])
		if m == nil || !bashfile.HasTestWord(strings.ToUpper(m[1])) || testOption(top) == m[1] {
			continue
		}
		if regexp.MustCompile(`(?i)\b(?:option|set)\s*\(\s*` + regexp.QuoteMeta(m[1]) + `\b`).MatchString(top) {
			continue // the project sets it itself
		}
		return m[1]
	}
	return ""
}

// byRepair reports whether a repair put or changed the Bash File command
// text (its provenance names one), not a detector.
func byRepair(ctx *Context, id bashfile.SectionID, text string) bool {
	if ctx.File == nil {
		return false
	}
	for _, c := range ctx.File.Section(id).Commands {
		if c.Text != text {
			continue
		}
		for _, w := range c.Why {
			if strings.HasPrefix(w.Source, "repair:") || w.Source == "llm" {
				return true
			}
		}
	}
	return false
}
