package bashfile

import (
	"path"
	"regexp"
	"strings"
	"unicode"
)

// The test build of a CMake project whose tests outweigh it.
//
// A CMake project that builds its test programs by default (fmt's
// FMT_TEST, nlohmann/json's JSON_BuildTests, CTest's BUILD_TESTING) spends
// most of its build on them when they outnumber the library's own
// translation units: nlohmann/json compiles ~100 test units for a
// header-only library, fmt 50 for 3. Built in the build section, they
// hold Installable back until the last one is compiled (a run with a
// 13-minute budget ended at level none with the library long built), and
// a dependency only the tests need (find_package(GTest)) fails the whole
// setup. Such a project is configured with its test option off: the build
// section builds what the project is, and the Testable commands turn the
// option on, build and run the tests (Layout.TestBuild), so the test
// build is charged to the level it proves. When the option is off by
// default (msgpack-c's MSGPACK_BUILD_TESTS, yaml-cpp's), the build section
// is left as it is and the Testable commands turn it on: no repair and
// no second setup to find that ctest has no tests.

// cmakeIfCondRe is an if() line and its condition; cmakeIfAnyRe any if()
// line (its condition may go on over lines); cmakeEndifRe an endif().
var (
	cmakeIfCondRe = regexp.MustCompile(`(?i)^\s*if\s*\((.*)\)\s*$`)
	cmakeIfAnyRe  = regexp.MustCompile(`(?i)^\s*if\s*\(`)
	cmakeEndifRe  = regexp.MustCompile(`(?i)^\s*endif\s*\(`)
)

// WalkCMakeIfs calls visit with each line of a CMake file that neither
// opens nor closes an if() block, and the conditions of the blocks around
// it, outermost first (an if() spread over lines counts with no
// condition); visit returns false to stop.
func WalkCMakeIfs(cmakeLists string, visit func(line string, conds []string) bool) {
	var stack []string
	for _, l := range strings.Split(cmakeLists, "\n") {
		switch {
		case cmakeIfCondRe.MatchString(l):
			stack = append(stack, cmakeIfCondRe.FindStringSubmatch(l)[1])
		case cmakeIfAnyRe.MatchString(l):
			stack = append(stack, "")
		case cmakeEndifRe.MatchString(l) && len(stack) > 0:
			stack = stack[:len(stack)-1]
		default:
			if !visit(l, stack) {
				return
			}
		}
	}
}

// testsAddedRe is a line that adds the tests: the test directory, a
// test, or CTest's switch.
var testsAddedRe = regexp.MustCompile(`(?i)\b(?:add_subdirectory\s*\(\s*"?(?:\$\{[\w_]+\}/)?(?:unit_?)?tests?\b|add_test\s*\(|enable_testing\s*\()`)

var guardWordRe = regexp.MustCompile(`\w+`)

// CMakeTestGuards are the words of the if() conditions around the lines
// that add the tests, upper case to as written: if(FOO_BUILD_TESTS) …
// add_subdirectory(tests) → FOO_BUILD_TESTS.
func CMakeTestGuards(cmakeLists string) map[string]string {
	guards := map[string]string{}
	WalkCMakeIfs(cmakeLists, func(l string, conds []string) bool {
		if testsAddedRe.MatchString(l) {
			for _, cond := range conds {
				for _, w := range guardWordRe.FindAllString(cond, -1) {
					guards[strings.ToUpper(w)] = w
				}
			}
		}
		return true
	})
	return guards
}

var (
	// cmakeReturnRe is return() outside a function: the rest of the file
	// is skipped.
	cmakeReturnRe = regexp.MustCompile(`(?i)^\s*return\s*\(\s*\)`)
	// cmakeNotRe is a condition that is one variable's negation.
	cmakeNotRe     = regexp.MustCompile(`(?i)^\s*NOT\s+(\w+)\s*$`)
	cmakeFuncRe    = regexp.MustCompile(`(?i)^\s*(?:function|macro)\s*\(`)
	cmakeEndFuncRe = regexp.MustCompile(`(?i)^\s*end(?:function|macro)\s*\(`)
)

// CMakeReturnGates are the variables whose being off ends the file before
// it adds its tests: if(NOT X) return() endif() above enable_testing() or
// add_subdirectory(tests) — simdjson's SIMDJSON_DEVELOPER_MODE, the
// developer mode of projects cmake-init made. Their names need not say
// "test".
func CMakeReturnGates(cmakeLists string) []string {
	var gates, pending []string
	inFunc := 0
	WalkCMakeIfs(cmakeLists, func(l string, conds []string) bool {
		switch {
		case cmakeFuncRe.MatchString(l):
			inFunc++
		case cmakeEndFuncRe.MatchString(l) && inFunc > 0:
			inFunc--
		case inFunc > 0:
		case cmakeReturnRe.MatchString(l) && len(conds) == 1:
			if m := cmakeNotRe.FindStringSubmatch(conds[0]); m != nil {
				pending = append(pending, m[1])
			}
		case testsAddedRe.MatchString(l):
			gates = pending
			return false
		}
		return true
	})
	return gates
}

// NotTheTests are words of options that switch on something beside the
// test suite: coverage, fuzzers, benchmarks, docs, installing the tests,
// tests that need containers (c-ares' CARES_BUILD_CONTAINER_TESTS), or
// where the test framework comes from (USE_SYSTEM_GTEST).
var NotTheTests = regexp.MustCompile(`COVERAGE|FUZZ|BENCH|PERF|EXAMPLE|DOC|INSTALL|SANITI|VALGRIND|MEMCHECK|LONG|SLOW|NETWORK|EXTRA|STRESS|CI_|SYSTEM|EXTERNAL|BUNDLED|THIRDPARTY|DOWNLOAD|CONTAINER|DOCKER`)

// testWord is a word of an option's name that means the tests.
var testWord = regexp.MustCompile(`^(UNIT)?TESTS?$|^TESTING$`)

// HasTestWord reports whether a word of name means the tests; words are
// separated by _ or a change to upper case (JSON_BuildTests: JSON, Build,
// Tests). YAML_USE_SYSTEM_GTEST has none, GTEST being a framework.
func HasTestWord(name string) bool {
	for _, w := range nameWords(name) {
		if testWord.MatchString(strings.ToUpper(w)) {
			return true
		}
	}
	return false
}

// nameWords splits an identifier at _ and at a lower-to-upper change.
func nameWords(name string) []string {
	var words []string
	start := 0
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case r == '_':
			words = append(words, string(rs[start:i]))
			start = i + 1
		case i > start && unicode.IsUpper(r) && unicode.IsLower(rs[i-1]):
			words = append(words, string(rs[start:i]))
			start = i
		}
	}
	return append(words, string(rs[start:]))
}

// optionDeclRe declares a CMake option and its default: option(X "…" D),
// cmake_dependent_option(X "…" D …), a project's macro around option()
// with the same arguments (mosquitto's option_env(X "…" D)), set(X D
// CACHE BOOL …).
var optionDeclRe = []*regexp.Regexp{
	regexp.MustCompile(`(?im)^\s*(?:\w+_)?option(?:_\w+)?\s*\(\s*(\w+)\s+"[^"]*"\s+([^\s)]+)`),
	// option(X "…") with no value is off (csv2's CSV2_BUILD_TESTS); not a
	// macro's call without one (libjpeg-turbo's report_option(WITH_TESTS "…"))
	regexp.MustCompile(`(?im)^\s*option\s*\(\s*(\w+)\s+"[^"]*"()\s*\)`),
	regexp.MustCompile(`(?im)^\s*set\s*\(\s*(\w+)\s+([^\s)]+)\s+CACHE\s+BOOL\b`),
}

var includeCTestRe = regexp.MustCompile(`(?im)^\s*include\s*\(\s*CTest\s*\)`)

// cmakeTestSwitch is the option of a top-level CMakeLists.txt that
// guards the lines adding the tests, and whether it is on by default (its
// default ON or a variable such as ${FMT_MASTER_PROJECT}, or CTest's
// BUILD_TESTING). An option off by default comes first: the tests are off
// and it is what turns them on (msgpack-c's MSGPACK_BUILD_TESTS beside
// CTest's BUILD_TESTING); among the others the project's own before
// CTest's. "" when the tests are not behind one.
func cmakeTestSwitch(cmakeLists string) (string, bool) {
	guards := CMakeTestGuards(cmakeLists)
	declared := map[string]string{} // upper-case name → default
	for _, re := range optionDeclRe {
		for _, m := range re.FindAllStringSubmatch(cmakeLists, -1) {
			def := strings.ToUpper(m[2])
			if def == "" {
				def = "OFF"
			}
			if _, ok := declared[strings.ToUpper(m[1])]; !ok || m[2] != "" {
				declared[strings.ToUpper(m[1])] = def
			}
		}
	}
	if includeCTestRe.MatchString(cmakeLists) && declared["BUILD_TESTING"] == "" {
		declared["BUILD_TESTING"] = "ON"
	}
	var derived []string // the options a guard the project sets is set from
	for g := range guards {
		if _, ok := declared[g]; !ok {
			derived = append(derived, setOnUnder(cmakeLists, g)...)
		}
	}
	for _, w := range derived {
		guards[strings.ToUpper(w)] = w
	}
	best, bestOn, prefix := "", false, CMakeProjectPrefix(cmakeLists)
	for g, w := range guards {
		def, ok := declared[g]
		if !ok && !setsVariable(cmakeLists, w) {
			// a variable nothing declares or sets is off until the
			// command line sets it (xiph/ogg's if(BUILD_TESTING) without
			// include(CTest))
			def, ok = "OFF", true
		}
		// the project's own name may hold such a word (google/benchmark's
		// BENCHMARK_ENABLE_TESTING)
		if !ok || !HasTestWord(w) || NotTheTests.MatchString(strings.TrimPrefix(g, prefix)) || negatedRe.MatchString(g) {
			continue
		}
		on := def != "OFF" && def != "FALSE" && def != "0"
		if gate := DependentGate(cmakeLists, g); on && gate != "" {
			w, on = gate, false // on only under an option that is off (Catch2's CATCH_DEVELOPMENT_BUILD)
		}
		switch {
		case best == "",
			bestOn && !on,
			on == bestOn && g != "BUILD_TESTING" && (strings.ToUpper(best) == "BUILD_TESTING" || w < best):
			best, bestOn = w, on
		}
	}
	return best, bestOn
}

// setsVariable reports whether the file sets the variable name itself:
// set(X …), an option(X …) or a project's macro around one.
func setsVariable(cmakeLists, name string) bool {
	re := regexp.MustCompile(`(?im)^\s*(?:set|\w*option\w*)\s*\(\s*` + regexp.QuoteMeta(name) + `\b`)
	return re.MatchString(cmakeLists)
}

// offOptionRe is option(X "…" OFF).
var offOptionRe = regexp.MustCompile(`(?im)^\s*option\s*\(\s*(\w+)\s+"[^"]*"\s+OFF\s*\)`)

// dependentOptionRe is cmake_dependent_option(X "…" D "conditions" F).
var dependentOptionRe = regexp.MustCompile(`(?is)\bcmake_dependent_option\s*\(\s*(\w+)\s+"[^"]*"\s+(ON|OFF)\s+"([^"]*)"\s+(?:ON|OFF)\s*\)`)

// offOptions are the options declared off by default, upper case to as
// written.
func offOptions(cmakeLists string) map[string]string {
	off := map[string]string{}
	for _, m := range offOptionRe.FindAllStringSubmatch(cmakeLists, -1) {
		off[strings.ToUpper(m[1])] = m[1]
	}
	return off
}

// offConditions are the options off by default among a dependent
// option's conditions.
func offConditions(conds string, off map[string]string) []string {
	var out []string
	for _, c := range strings.Split(conds, ";") {
		if g, ok := off[strings.ToUpper(strings.TrimSpace(c))]; ok {
			out = append(out, g)
		}
	}
	return out
}

// DependentGate is the option, off by default, without which the
// dependent option name, on by default, is forced off: Catch2's
// cmake_dependent_option(CATCH_BUILD_TESTING "…" ON
// "CATCH_DEVELOPMENT_BUILD" OFF) with option(CATCH_DEVELOPMENT_BUILD … OFF)
// builds no tests until CATCH_DEVELOPMENT_BUILD is on. "" when every
// condition holds by default (libuv's BUILD_TESTING;LIBUV_BUILD_SHARED).
func DependentGate(cmakeLists, name string) string {
	for _, m := range dependentOptionRe.FindAllStringSubmatch(cmakeLists, -1) {
		if m[2] == "ON" && strings.EqualFold(m[1], name) {
			if gs := offConditions(m[3], offOptions(cmakeLists)); len(gs) > 0 {
				return gs[0]
			}
		}
	}
	return ""
}

// negatedRe is an option that turns the tests off when on.
var negatedRe = regexp.MustCompile(`(^|_)(DISABLE|NO|SKIP|WITHOUT)(_|$)`)

// projectNameRe is the project() name, the usual prefix of its options.
var projectNameRe = regexp.MustCompile(`(?im)^\s*project\s*\(\s*([\w.+-]+)`)

// CMakeProjectPrefix is the project's name as its options start, upper case
// with a trailing _ (BENCHMARK_); "" without a project().
func CMakeProjectPrefix(cmakeLists string) string {
	m := projectNameRe.FindStringSubmatch(cmakeLists)
	if m == nil {
		return ""
	}
	return strings.ToUpper(strings.NewReplacer("-", "_", ".", "_", "+", "X").Replace(m[1])) + "_"
}

// compiledExts are the extensions of C/C++ translation units.
var compiledExts = map[string]bool{".c": true, ".cc": true, ".cpp": true, ".cxx": true, ".c++": true, ".C": true}

// testsOutweigh reports whether the project's test translation units are
// at least as many as its own (helper directories left out).
func (r *repo) testsOutweigh() bool {
	tests, own := 0, 0
	for _, f := range r.files {
		if f.Skipped != "" || !compiledExts[path.Ext(f.Path)] || auxPath(f.Path) {
			continue
		}
		if f.Kind == "test" || testPath(f.Path) {
			tests++
		} else if f.Kind == "source" {
			own++
		}
	}
	return tests > 0 && tests >= own
}

// CMakeTestBuild is the command that builds the tests a Bash File
// configured off in the CMake build directory dir: the option turned on
// in the cached configuration (the setup's other -D settings and repairs
// stay), the build, and the target the tests need beside ALL when there is
// one.
func CMakeTestBuild(dir, option, depsTarget string) string {
	s := "cmake " + dir + " -D" + option + "=ON && cmake --build " + dir + ` --parallel "$(nproc)"`
	if depsTarget != "" {
		s += " && cmake --build " + dir + " --target " + depsTarget + ` --parallel "$(nproc)"`
	}
	return s
}

// setOnUnder is the words of the if() conditions around a set(name ON)
// of cmakeLists: a guard the project derives from its options (curl:
// if(BUILD_TESTING AND Perl_FOUND) set(CURL_BUILD_TESTING ON)).
func setOnUnder(cmakeLists, name string) []string {
	re := regexp.MustCompile(`(?i)^\s*set\s*\(\s*` + regexp.QuoteMeta(name) + `\s+(ON|TRUE|1)\s*\)`)
	var out []string
	WalkCMakeIfs(cmakeLists, func(l string, conds []string) bool {
		if re.MatchString(l) {
			for _, c := range conds {
				out = append(out, guardWordRe.FindAllString(c, -1)...)
			}
		}
		return true
	})
	return out
}

// NoTestProgram begins what the test subset prints when CTest runs no
// program of the build directory (pybind11's tests run pytest; a
// project's tests may all be scripts): there is no one program to build
// alone, which is not a failure of the environment. The lookup's grep
// then finds nothing and fails, which pipefail makes the assignment's
// status: the check follows the assignment with ';', not '&&'.
const NoTestProgram = "heragent: CTest lists no test program built in"

// CMakeTestSubset is a Testable command for when the whole test build does
// not fit the run's time: it turns the tests on, builds the program of
// the first test CTest lists in the build directory (CTestTestfile.cmake
// names it by path before it is built; its file name is its target's) and
// runs the tests that program runs. repoDir is the checkout's directory in
// the sandbox, dir the build directory relative to it.
func CMakeTestSubset(repoDir, dir, option string) string {
	abs := path.Join(repoDir, dir) + "/"
	find := `grep -rh --include=CTestTestfile.cmake`
	name := `sed -E 's/^add_test\((\[=\[)?([^] ]+).*/\2/; s/[][\.*^$+?(){}|]/\\&/g'`
	return "cmake " + dir + " -D" + option + "=ON" +
		` && { exe=$(` + find + ` -o '^add_test([^"]* "` + abs + `[^"]*"' ` + dir + ` | grep -o '"` + abs + `[^"]*"' | head -n 1 | tr -d '"')` +
		`; [ -n "$exe" ] || { echo "` + NoTestProgram + ` ` + dir + `/" >&2; false; }; }` +
		` && names=$(` + find + ` -F "\"$exe\"" ` + dir + ` | ` + name + ` | paste -sd '|')` +
		` && cmake --build ` + dir + ` --target "${exe##*/}" --parallel "$(nproc)"` +
		` && ctest --test-dir ` + dir + ` --output-on-failure -R "^($names)\$"`
}
