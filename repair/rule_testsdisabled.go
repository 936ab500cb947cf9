package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// testsDisabled: ctest finds no tests because the project builds them only
// when asked (msgpack-c: option(MSGPACK_BUILD_TESTS "…" OFF)). The repair
// turns the project's own test option on at configure time; the test
// framework it then looks for (find_package(GTest)) is the next failure,
// which the package rules answer.
type testsDisabled struct{}

var testsDisabledMatches = []match{
	{TestsDisabled, regexp.MustCompile(`^()No tests were found!!!$`)}, // ctest
}

// testOptionRe is a CMake option that switches tests on, off by default.
var testOptionRe = regexp.MustCompile(`(?im)^\s*option\s*\(\s*(\w*TESTS?\w*)\s+"[^"]*"\s+OFF\s*\)`)

func (testsDisabled) Name() string { return "tests-disabled" }

func (testsDisabled) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand {
		return nil
	}
	return scan(f.Log, testsDisabledMatches, nil)
}

func (r testsDisabled) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != TestsDisabled {
		return Proposal{}, false
	}
	m := testOptionRe.FindStringSubmatch(ctx.readRepo("CMakeLists.txt"))
	if m == nil {
		return none(d, "CMakeLists.txt has no test option that is off by default"), true
	}
	flag := "-D" + m[1] + "=ON"
	i, text := ctx.find(bashfile.Build, func(t string) bool { return cmakeConfigureAt(t) >= 0 })
	if i < 0 {
		return none(d, "the Bash File has no CMake configure command to add "+flag+" to"), true
	}
	if strings.Contains(text, "-D"+m[1]+"=") {
		return none(d, "the configure command sets "+m[1]+" already"), true
	}
	at := cmakeConfigureAt(text)
	return edit(d, "the project builds its tests only with "+m[1]+" (off by default): configure with "+flag,
		bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Match: text, Command: text[:at] + " " + flag + text[at:], Why: why(r, d)}), true
}
