package repair

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

func TestTestOptionIsTheSuites(t *testing.T) {
	for _, tc := range []struct{ lists, want string }{
		{"PROJECT (msgpack-c LANGUAGES C)\nOPTION (MSGPACK_BUILD_TESTS \"Build msgpack tests.\" OFF)\n", "MSGPACK_BUILD_TESTS"},
		{"project(json-c C)\noption(ENABLE_TEST_COVERAGE \"coverage\" OFF)\noption(JSONC_BUILD_TESTS \"tests\" OFF)\n", "JSONC_BUILD_TESTS"},
		{"project(Foo)\noption(FOO_ENABLE_FUZZ_TESTS \"fuzz\" OFF)\noption(FOO_INSTALL_TESTS \"install\" OFF)\nset(BUILD_TESTING OFF CACHE BOOL \"tests\")\n", "BUILD_TESTING"},
		{"project(bar)\noption(BAR_WITH_PERF_TESTS \"perf\" OFF)\n", ""},
		{"project(baz)\noption(BAZ_BUILD_TESTS \"tests\" ON)\n", ""},
		// a dependency's switch is not the tests (GTEST is a framework, not a word for tests)
		{"project(YAML_CPP)\noption(YAML_USE_SYSTEM_GTEST \"Use system googletest\" OFF)\ncmake_dependent_option(YAML_CPP_BUILD_TESTS\n  \"Enable yaml-cpp tests\" OFF\n  \"BUILD_TESTING;YAML_CPP_MAIN_PROJECT\" OFF)\nif(YAML_CPP_BUILD_TESTS)\n  add_subdirectory(test)\nendif()\n", "YAML_CPP_BUILD_TESTS"},
		// the tests' option is forced off until a development switch is on (Catch2)
		{"project(Catch2)\noption(CATCH_DEVELOPMENT_BUILD \"Build tests, enable warnings\" OFF)\ncmake_dependent_option(CATCH_BUILD_TESTING \"Build the SelfTest project\" ON \"CATCH_DEVELOPMENT_BUILD\" OFF)\nif (BUILD_TESTING AND CATCH_BUILD_TESTING AND NOT_SUBPROJECT)\n  add_subdirectory(tests)\nendif()\n", "CATCH_DEVELOPMENT_BUILD"},
		// a guard the project declares with its own macro (gflags)
		{"project(gflags)\ngflags_define (BOOL BUILD_TESTING \"Enable tests\" OFF OFF)\nif (BUILD_TESTING)\n  include (CTest)\n  add_subdirectory (test)\nendif ()\n", "BUILD_TESTING"},
		// the option guarding the test directory wins over a plainer name
		// off, a developer mode ends the file before its tests (simdjson, cmake-init's projects)
		{"project(simdjson)\nif(is_top_project)\n  option(SIMDJSON_DEVELOPER_MODE \"Enable targets for developing simdjson\" OFF)\nendif()\nadd_library(simdjson src/simdjson.cpp)\nif(NOT SIMDJSON_DEVELOPER_MODE)\n  return()\nelseif(NOT is_top_project)\n  message(AUTHOR_WARNING \"dev\")\nendif()\nenable_testing()\nadd_subdirectory(tests)\n", "SIMDJSON_DEVELOPER_MODE"},
		// a return() in a function, or one whose condition is not an option's negation, gates nothing
		{"project(p)\noption(P_FAST \"fast\" OFF)\nfunction(f)\n  if(NOT P_FAST)\n    return()\n  endif()\nendfunction()\nenable_testing()\n", ""},
		{"project(c-ares)\noption(BUILD_TESTING \"tests\" OFF)\noption(CARES_BUILD_CONTAINER_TESTS \"containers\" OFF)\noption(CARES_TESTS \"tests\" OFF)\nIF (CARES_TESTS)\n  ADD_SUBDIRECTORY (test)\nENDIF ()\n", "CARES_TESTS"},
	} {
		if got := testOption(tc.lists); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.lists, got, tc.want)
		}
	}
}

// A project that finds its test framework in a submodule nobody fetched
// builds no tests and says nothing; the submodule is filled from the
// Debian package that ships its sources before any option is touched.
func TestTestsDisabledByAnAbsentFrameworkSubmodule(t *testing.T) {
	repo := fstest.MapFS{
		".gitmodules":         {Data: []byte("[submodule \"thirdparty/gtest\"]\n\tpath = thirdparty/gtest\n\turl = https://github.com/google/googletest.git\n")},
		"CMakeLists.txt":      {Data: []byte("project(RapidJSON CXX)\noption(RAPIDJSON_BUILD_THIRDPARTY_GTEST \"Use gtest in thirdparty/gtest\" OFF)\nadd_subdirectory(test)\n")},
		"test/CMakeLists.txt": {Data: []byte("find_package(GTestSrc)\nIF(GTESTSRC_FOUND)\n  enable_testing()\nENDIF()\n")},
	}
	f := bashfile.New()
	why := bashfile.Provenance{Source: "test"}
	f.Append(bashfile.Build, "cmake -S . -B build -DCMAKE_BUILD_TYPE=Release", why)
	ps := Propose(&Context{File: f, Repo: repo}, Failure{Phase: PhaseCommand, Command: "ctest --test-dir build", Log: "Test project /repo/build\nNo tests were found!!!\n"})
	if len(ps) == 0 || ps[0].Action != ActionEdit {
		t.Fatalf("proposals %+v", ps)
	}
	g := f.Clone()
	for _, e := range ps[0].Edits {
		g.Apply(e)
	}
	script := g.Render()
	if !strings.Contains(script, "cp -r /usr/src/googletest thirdparty/gtest") || strings.Contains(script, "THIRDPARTY_GTEST=ON") {
		t.Errorf("repaired Bash File:\n%s", script)
	}
	// once filled, the option search takes over
	if ps := Propose(&Context{File: g, Repo: repo}, Failure{Phase: PhaseCommand, Command: "ctest --test-dir build", Log: "No tests were found!!!\n"}); len(ps) > 0 && ps[0].Action == ActionEdit && strings.Contains(strings.Join(editCommands(ps[0]), " "), "googletest") {
		t.Errorf("the submodule is filled again: %+v", ps[0])
	}
}

func editCommands(p Proposal) []string {
	var out []string
	for _, e := range p.Edits {
		out = append(out, e.Command)
	}
	return out
}

// meson: `meson test` says "No tests defined." when the project's test
// option is off (toml++'s build_tests): set up with it on.
func TestMesonTestsDisabled(t *testing.T) {
	repo := fstest.MapFS{"meson_options.txt": {Data: []byte("option('devel', type: 'boolean', value: false, description: 'dev')\noption('build_tests',\t\t\ttype: 'boolean', value: false,\tdescription: 'Build tests')\noption('use_vendored_libs', type: 'boolean', value: true)\n")}}
	f := bashfile.New()
	f.Append(bashfile.Build, "[ -f build/build.ninja ] || meson setup build", bashfile.Provenance{Source: "meson"})
	ps := Propose(&Context{File: f, Repo: repo}, Failure{Phase: PhaseCommand, Command: "meson test -C build", Log: "ninja: Entering directory `/repo/build'\nninja: no work to do.\nNo tests defined.\n"})
	if len(ps) != 1 || ps[0].Action != ActionEdit || ps[0].Edits[0].Command != "[ -f build/build.ninja ] || meson setup -Dbuild_tests=true build" {
		t.Fatalf("proposals %+v", ps)
	}
}

// The test option is declared in a subproject the top-level file adds
// (googletest: gmock_build_tests in googlemock/), not at the top.
func TestTestOptionOfASubproject(t *testing.T) {
	repo := fstest.MapFS{
		"CMakeLists.txt":                    {Data: []byte("project(googletest-distribution)\noption(BUILD_GMOCK \"Builds the googlemock subproject\" ON)\nif(BUILD_GMOCK)\n  add_subdirectory( googlemock )\nelse()\n  add_subdirectory( googletest )\nendif()\n")},
		"googlemock/CMakeLists.txt":         {Data: []byte("project(gmock VERSION 1.17.0 LANGUAGES CXX C)\noption(gmock_build_tests \"Build all of Google Mock's own tests.\" OFF)\nif (gmock_build_tests)\n  enable_testing()\nendif()\n")},
		"third_party/x/CMakeLists.txt":      {Data: []byte("option(X_BUILD_TESTS \"x\" OFF)\n")},
		"googletest/CMakeLists.txt":         {Data: []byte("project(gtest)\noption(gtest_build_tests \"Build all of gtest's own tests.\" OFF)\n")},
		"googlemock/test/CMakeLists.txt":    {Data: []byte("\n")},
		"googletest/samples/CMakeLists.txt": {Data: []byte("\n")},
	}
	f := bashfile.New()
	f.Append(bashfile.Build, "cmake -S . -B build", bashfile.Provenance{Source: "test"})
	ps := Propose(&Context{File: f, Repo: repo}, Failure{Phase: PhaseCommand, Command: "ctest --test-dir build", Log: "Test project /repo/build\nNo tests were found!!!\n"})
	if len(ps) == 0 || ps[0].Action != ActionEdit || !strings.Contains(ps[0].Edits[0].Command, "-Dgmock_build_tests=ON") {
		t.Fatalf("proposals %+v", ps)
	}
	if got := cmakeSubdirs("add_subdirectory(third_party/x)\nadd_subdirectory(\"src\")\nadd_subdirectory(${X_DIR})\nadd_subdirectory(src)\n"); strings.Join(got, " ") != "src" {
		t.Errorf("cmakeSubdirs = %v", got)
	}
}

// libgd: the Bash File configures with BUILD_TESTS=OFF (its Testable
// commands turn it on and build the tests), and tests/CMakeLists.txt sits
// whole in `if (BUILD_TEST)`, a variable only the project's CI sets:
// ctest finds no test until it is set too. A repair's OFF stays said so.
func TestTestsDirectoryGuardedByItsOwnVariable(t *testing.T) {
	repo := fstest.MapFS{
		"CMakeLists.txt":       {Data: []byte("project(GD)\nOPTION(BUILD_TESTS \"Build tests\" 1)\nif (BUILD_TESTS)\n\tENABLE_TESTING()\nendif(BUILD_TESTS)\nadd_subdirectory(src)\nif(BUILD_TESTS)\nadd_subdirectory(tests)\nendif (BUILD_TESTS)\n")},
		"tests/CMakeLists.txt": {Data: []byte("# the tests\nif (BUILD_TEST)\n\tSET(DART_TESTING_TIMEOUT 15)\n\tforeach(DIR ${TESTS_DIRS})\n\t\tadd_subdirectory(${DIR})\n\tendforeach()\nendif(BUILD_TEST)\n")},
	}
	log := Failure{Phase: PhaseCommand, Command: "cmake build -DBUILD_TESTS=ON && ctest --test-dir build", Log: "Test project /repo/build\nNo tests were found!!!\n"}
	f := bashfile.New()
	f.Append(bashfile.Build, "cmake -S . -B build -DBUILD_TESTS=OFF", bashfile.Provenance{Source: "cmake"})
	ps := Propose(&Context{File: f, Repo: repo}, log)
	if len(ps) == 0 || ps[0].Action != ActionEdit || !strings.Contains(ps[0].Edits[0].Command, "-DBUILD_TEST=ON") {
		t.Fatalf("proposals %+v", ps)
	}
	// the same OFF put there by a repair: said so, not turned around
	g := bashfile.New()
	g.Append(bashfile.Build, "cmake -S . -B build -DBUILD_TESTS=OFF", bashfile.Provenance{Source: "repair:fetch-content"})
	repo["tests/CMakeLists.txt"] = &fstest.MapFile{Data: []byte("add_test(NAME a COMMAND a)\n")}
	ps = Propose(&Context{File: g, Repo: repo}, log)
	if len(ps) == 0 || ps[0].Action != ActionNone || !strings.Contains(ps[0].Reason, "an earlier repair") {
		t.Fatalf("after a repair: %+v", ps)
	}
}
