package repair

import (
	"regexp"
	"slices"
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
	{TestsDisabled, regexp.MustCompile(`^()No tests defined\.$`)},     // meson test
}

// testOptionRes are CMake options off by default: option(X "…" OFF),
// set(X OFF CACHE BOOL "…") and cmake_dependent_option(X "…" OFF "deps" …).
var testOptionRes = []*regexp.Regexp{
	regexp.MustCompile(`(?im)^\s*option\s*\(\s*(\w+)\s+"[^"]*"\s*(?:OFF\s*)?\)`), // no value is off
	regexp.MustCompile(`(?im)^\s*set\s*\(\s*(\w+)\s+OFF\s+CACHE\s+BOOL\b`),
	regexp.MustCompile(`(?is)\bcmake_dependent_option\s*\(\s*(\w+)\s+"[^"]*"\s+OFF\b`),
}

// plainTestOption is an option that names the tests and nothing else.
var plainTestOption = regexp.MustCompile(`^(BUILD_|ENABLE_|WITH_)?(UNIT)?TESTS?(ING)?$`)

// testOption picks the option that builds the project's own test suite:
// the one guarding the test directory or add_test, or ending the file
// before them when off (CMakeReturnGates), else one named after
// the project (MSGPACK_BUILD_TESTS) or plainly (BUILD_TESTS,
// ENABLE_TESTING); not one that adds coverage, fuzzers or benchmarks;
// "" when there is none.
func testOption(cmakeLists string) string {
	project := bashfile.CMakeProjectPrefix(cmakeLists)
	guards := bashfile.CMakeTestGuards(cmakeLists)
	best, bestScore := "", 0
	for g, w := range guards {
		if gate := bashfile.DependentGate(cmakeLists, g); gate != "" && bashfile.HasTestWord(g) {
			return gate // the tests' option is forced off until its gate is on
		}
		// a variable guarding the tests that the project declares its own
		// way (gflags_define(BOOL BUILD_TESTING … OFF)): a candidate too
		if bashfile.HasTestWord(g) && !bashfile.NotTheTests.MatchString(g) && (bestScore < 2 || w < best) {
			best, bestScore = w, 2
		}
	}
	gates := bashfile.CMakeReturnGates(cmakeLists)
	for _, re := range testOptionRes {
		for _, m := range re.FindAllStringSubmatch(cmakeLists, -1) {
			name := strings.ToUpper(m[1])
			gate := slices.Contains(gates, m[1])
			if bashfile.NotTheTests.MatchString(name) || !bashfile.HasTestWord(name) && !gate {
				continue
			}
			score := 1
			if gate {
				score += 5 // if(NOT X) return() stops the file before its tests
			}
			if rest := strings.TrimPrefix(name, project); plainTestOption.MatchString(rest) {
				score = 3
				if rest != name {
					score = 4 // prefixed with the project's name
				}
			}
			if guards[name] != "" {
				score += 4 // it is what adds the tests
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
	if sub := absentSourceSubmodule(ctx); sub != "" && ctx.File != nil && !ctx.File.Contains(sub+"/CMakeLists.txt") {
		sd := Diagnosis{Kind: MissingSubmodule, Subject: sub, Evidence: d.Evidence}
		if p := (missingSubmodule{}).instead(sd, ctx, "the tests need the test framework in submodule "+sub+", which was not fetched"); p.Action == ActionEdit {
			p.Diagnosis = d
			return p, true
		}
	}
	if i, text := ctx.find(bashfile.Build, func(t string) bool { return mesonSetupAt(t) >= 0 }); i >= 0 {
		return r.meson(d, ctx, text), true
	}
	top := ctx.readRepo("CMakeLists.txt")
	opt := testOption(top)
	for _, dir := range cmakeSubdirs(top) {
		if opt != "" {
			break
		}
		// the option is declared where the tests are: a subproject the
		// top-level file adds (googletest: gtest_build_tests and
		// gmock_build_tests in googletest/ and googlemock/)
		opt = testOption(ctx.readRepo(dir + "/CMakeLists.txt"))
	}
	if opt == "" {
		return none(d, "CMakeLists.txt has no test option that is off by default, nor do the subdirectories it adds"), true
	}
	flag := "-D" + opt + "=ON"
	i, text := ctx.find(bashfile.Build, func(t string) bool { return cmakeConfigureAt(t) >= 0 })
	if i < 0 {
		return none(d, "the Bash File has no CMake configure command to add "+flag+" to"), true
	}
	if strings.Contains(text, "-D"+opt+"=OFF") && byRepair(ctx, bashfile.Build, text) {
		// a repair configured without the tests: their download or a
		// header they need is not to be had here (fastpfor, csv-parser)
		return none(d, "the configure command turns the tests off ("+opt+"=OFF): an earlier repair configured the project without them, as what they need cannot be had here (see the repairs)"), true
	}
	if strings.Contains(text, "-D"+opt+"=") {
		// on already, or off in the Bash File and on in the Testable
		// commands (their configure turns it on, the build of heavy
		// tests left to them): the test directory may want its own
		if inner := innerTestGuard(ctx, top); inner != "" && !strings.Contains(text, "-D"+inner+"=") {
			return edit(d, "the tests' directory builds nothing without "+inner+", a variable of its own besides "+opt+": configure with -D"+inner+"=ON",
				configureWith(text, "-D"+inner+"=ON", why(r, d))), true
		}
		return none(d, "the configure command sets "+opt+" already"), true
	}
	at := cmakeConfigureAt(text)
	return edit(d, "the project builds its tests only with "+opt+" (off by default): configure with "+flag,
		bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Match: text, Command: text[:at] + " " + flag + text[at:], Why: why(r, d)}), true
}

// addSubdirRe is a literal add_subdirectory(dir) of a CMakeLists.txt.
var cmakeAddSubdirRe = regexp.MustCompile(`(?im)^\s*add_subdirectory\s*\(\s*"?([\w.+-][\w./+-]*)"?`)

// cmakeSubdirs are the directories a CMakeLists.txt adds by a literal
// path, outside vendored code, in order.
func cmakeSubdirs(cmakeLists string) []string {
	var out []string
	for _, m := range cmakeAddSubdirRe.FindAllStringSubmatch(cmakeLists, -1) {
		d := strings.TrimSuffix(strings.TrimPrefix(m[1], "./"), "/")
		if d == "" || strings.Contains(d, "..") || vendoredDirRe.MatchString(d) || slices.Contains(out, d) {
			continue
		}
		out = append(out, d)
	}
	return out
}

// vendoredDirRe is a directory of other projects' code.
var vendoredDirRe = regexp.MustCompile(`(^|/)(third_party|thirdparty|3rdparty|vendor|deps|external|extern)(/|$)`)

// mesonSetupRe is a meson setup call: "meson setup", or meson's old form
// with the build directory right after "meson".
var mesonSetupRe = regexp.MustCompile(`(^|[\s;&|(])meson\s+setup\b`)

// mesonSetupAt is the offset just after "meson setup" in text, or -1.
func mesonSetupAt(text string) int {
	if m := mesonSetupRe.FindStringIndex(text); m != nil {
		return m[1]
	}
	return -1
}

// mesonOptionRe is a meson option off by default: a boolean false or a
// feature disabled (meson_options.txt, meson.options).
var mesonOptionRe = regexp.MustCompile(`(?m)^\s*option\s*\(\s*'([\w-]+)'\s*,\s*type\s*:\s*'(boolean|feature)'\s*,\s*value\s*:\s*(false|'disabled')`)

// mesonTestOption is the option that builds the tests (build_tests,
// tests), off by default, and the value that turns it on.
func mesonTestOption(options string) (string, string) {
	for _, m := range mesonOptionRe.FindAllStringSubmatch(options, -1) {
		name := strings.ToUpper(strings.ReplaceAll(m[1], "-", "_"))
		if bashfile.HasTestWord(name) && !bashfile.NotTheTests.MatchString(name) {
			if m[2] == "feature" {
				return m[1], "enabled"
			}
			return m[1], "true"
		}
	}
	return "", ""
}

// meson turns a meson project's test option on at setup.
func (r testsDisabled) meson(d Diagnosis, ctx *Context, text string) Proposal {
	opts := ctx.readRepo("meson_options.txt") + "\n" + ctx.readRepo("meson.options")
	opt, val := mesonTestOption(opts)
	if opt == "" {
		return none(d, "the meson options have no test option that is off by default")
	}
	if strings.Contains(text, "-D"+opt+"=") {
		return none(d, "meson setup sets "+opt+" already")
	}
	at := mesonSetupAt(text)
	flag := "-D" + opt + "=" + val
	return edit(d, "the project builds its tests only with the meson option "+opt+" (off by default): set up with "+flag,
		bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Match: text, Command: text[:at] + " " + flag + text[at:], Why: why(r, d)})
}
