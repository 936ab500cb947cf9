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

// testOptionRes are CMake options off by default: option(X "…" OFF),
// set(X OFF CACHE BOOL "…") and cmake_dependent_option(X "…" OFF "deps" …).
var testOptionRes = []*regexp.Regexp{
	regexp.MustCompile(`(?im)^\s*option\s*\(\s*(\w+)\s+"[^"]*"\s+OFF\s*\)`),
	regexp.MustCompile(`(?im)^\s*set\s*\(\s*(\w+)\s+OFF\s+CACHE\s+BOOL\b`),
	regexp.MustCompile(`(?is)\bcmake_dependent_option\s*\(\s*(\w+)\s+"[^"]*"\s+OFF\b`),
}

// projectNameRe is the project() name, the usual prefix of its options.
var projectNameRe = regexp.MustCompile(`(?im)^\s*project\s*\(\s*([\w.+-]+)`)

// notTheTests are words of options that switch on something beside the
// test suite: coverage, fuzzers, benchmarks, docs, installing the tests, or
// where the test framework comes from (USE_SYSTEM_GTEST).
var notTheTests = regexp.MustCompile(`COVERAGE|FUZZ|BENCH|PERF|EXAMPLE|DOC|INSTALL|SANITI|VALGRIND|MEMCHECK|LONG|SLOW|NETWORK|EXTRA|STRESS|CI_|SYSTEM|EXTERNAL|BUNDLED|THIRDPARTY|DOWNLOAD`)

// testWord is a word of an option's name that means the tests (words are
// separated by _: YAML_USE_SYSTEM_GTEST has none, GTEST being a framework).
var testWord = regexp.MustCompile(`^(UNIT)?TESTS?$|^TESTING$`)

// plainTestOption is an option that names the tests and nothing else.
var plainTestOption = regexp.MustCompile(`^(BUILD_|ENABLE_|WITH_)?(UNIT)?TESTS?(ING)?$`)

// guardRe is an if() whose body adds the test directory or a test:
// if(FOO_BUILD_TESTS) … add_subdirectory(tests).
var guardRe = regexp.MustCompile(`(?is)\bif\s*\(([^()]*)\)[^()]{0,200}?\b(?:add_subdirectory\s*\(\s*"?(?:\$\{[\w_]+\}/)?(?:unit_?)?tests?\b|add_test\s*\(|enable_testing\s*\()`)

var guardWordRe = regexp.MustCompile(`\w+`)

// testOption picks the option that builds the project's own test suite:
// the one guarding the test directory or add_test, else one named after
// the project (MSGPACK_BUILD_TESTS) or plainly (BUILD_TESTS,
// ENABLE_TESTING); not one that adds coverage, fuzzers or benchmarks;
// "" when there is none.
func testOption(cmakeLists string) string {
	project := ""
	if m := projectNameRe.FindStringSubmatch(cmakeLists); m != nil {
		project = strings.ToUpper(strings.NewReplacer("-", "_", ".", "_", "+", "X").Replace(m[1])) + "_"
	}
	guards := map[string]bool{}
	for _, m := range guardRe.FindAllStringSubmatch(cmakeLists, -1) {
		for _, w := range guardWordRe.FindAllString(m[1], -1) {
			guards[strings.ToUpper(w)] = true
		}
	}
	best, bestScore := "", 0
	for _, re := range testOptionRes {
		for _, m := range re.FindAllStringSubmatch(cmakeLists, -1) {
			name := strings.ToUpper(m[1])
			if notTheTests.MatchString(name) || !hasTestWord(name) {
				continue
			}
			score := 1
			if rest := strings.TrimPrefix(name, project); plainTestOption.MatchString(rest) {
				score = 3
				if rest != name {
					score = 4 // prefixed with the project's name
				}
			}
			if guards[name] {
				score += 4 // it is what adds the tests
			}
			if score > bestScore {
				best, bestScore = m[1], score
			}
		}
	}
	return best
}

func hasTestWord(name string) bool {
	for _, w := range strings.Split(name, "_") {
		if testWord.MatchString(w) {
			return true
		}
	}
	return false
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
