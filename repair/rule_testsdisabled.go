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

// testOptionRes are CMake options that switch tests on, off by default:
// option(X "…" OFF) and set(X OFF CACHE BOOL "…").
var testOptionRes = []*regexp.Regexp{
	regexp.MustCompile(`(?im)^\s*option\s*\(\s*(\w*TEST\w*)\s+"[^"]*"\s+OFF\s*\)`),
	regexp.MustCompile(`(?im)^\s*set\s*\(\s*(\w*TEST\w*)\s+OFF\s+CACHE\s+BOOL\b`),
}

// projectNameRe is the project() name, the usual prefix of its options.
var projectNameRe = regexp.MustCompile(`(?im)^\s*project\s*\(\s*([\w.+-]+)`)

// notTheTests are words of options that switch on something beside the
// test suite: coverage, fuzzers, benchmarks, docs, installing the tests.
var notTheTests = regexp.MustCompile(`COVERAGE|FUZZ|BENCH|PERF|EXAMPLE|DOC|INSTALL|SANITI|VALGRIND|MEMCHECK|LONG|SLOW|NETWORK|EXTRA|STRESS|CI_`)

// plainTestOption is an option that names the tests and nothing else.
var plainTestOption = regexp.MustCompile(`^(BUILD_|ENABLE_|WITH_)?TESTS?(ING)?$`)

// testOption picks the option that builds the project's own test suite:
// named after the project (MSGPACK_BUILD_TESTS) or plainly
// (BUILD_TESTS, ENABLE_TESTING), not one that adds coverage, fuzzers or
// benchmarks; "" when there is none.
func testOption(cmakeLists string) string {
	project := ""
	if m := projectNameRe.FindStringSubmatch(cmakeLists); m != nil {
		project = strings.ToUpper(strings.NewReplacer("-", "_", ".", "_", "+", "X").Replace(m[1])) + "_"
	}
	best, bestScore := "", 0
	for _, re := range testOptionRes {
		for _, m := range re.FindAllStringSubmatch(cmakeLists, -1) {
			name := strings.ToUpper(m[1])
			score := 1
			rest := strings.TrimPrefix(name, project)
			switch {
			case notTheTests.MatchString(name):
				continue
			case plainTestOption.MatchString(rest):
				score = 3
				if rest != name {
					score = 4 // prefixed with the project's name
				}
			}
			if score > bestScore {
				best, bestScore = m[1], score
			}
		}
	}
	return best
}

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
	if sub := absentSourceSubmodule(ctx); sub != "" && ctx.File != nil && ctx.File.Find(bashfile.Runtimes, sub+"/CMakeLists.txt") < 0 {
		sd := Diagnosis{Kind: MissingSubmodule, Subject: sub, Evidence: d.Evidence}
		if p := (missingSubmodule{}).instead(sd, ctx, "the tests need the test framework in submodule "+sub+", which was not fetched"); p.Action == ActionEdit {
			p.Diagnosis = d
			return p, true
		}
	}
	opt := testOption(ctx.readRepo("CMakeLists.txt"))
	if opt == "" {
		return none(d, "CMakeLists.txt has no test option that is off by default"), true
	}
	flag := "-D" + opt + "=ON"
	i, text := ctx.find(bashfile.Build, func(t string) bool { return cmakeConfigureAt(t) >= 0 })
	if i < 0 {
		return none(d, "the Bash File has no CMake configure command to add "+flag+" to"), true
	}
	if strings.Contains(text, "-D"+opt+"=") {
		return none(d, "the configure command sets "+opt+" already"), true
	}
	at := cmakeConfigureAt(text)
	return edit(d, "the project builds its tests only with "+opt+" (off by default): configure with "+flag,
		bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Match: text, Command: text[:at] + " " + flag + text[at:], Why: why(r, d)}), true
}
