package bashfile

import "testing"

func TestCMakeTestSwitch(t *testing.T) {
	for _, tt := range []struct {
		name, cmake, want string
		on                bool
	}{
		{"a variable nothing declares is off (xiph/ogg: BUILD_TESTING without include(CTest))", "project(ogg C)\nif(BUILD_TESTING)\n  add_executable(test_bitwise src/bitwise.c)\n  add_test(NAME test_bitwise COMMAND test_bitwise)\nendif()\n", "BUILD_TESTING", false},
		{"no value: off (csv2, indicators)", `option(CSV2_BUILD_TESTS "Build csv2 tests + enable CTest")
option(CSV2_SAMPLES "Build csv2 samples")
if(CSV2_BUILD_TESTS)
  add_subdirectory(test)
endif()`, "CSV2_BUILD_TESTS", false},
		{"a macro's call without a value is no declaration (libjpeg-turbo)", `option(WITH_TESTS "Enable regression tests"
  TRUE)
if(WITH_TESTS)
  add_subdirectory(test)
endif()
report_option(WITH_TESTS "Regression tests")`, "WITH_TESTS", true},
		{"default from a variable (fmt)", `option(FMT_FUZZ "Fuzz" OFF)
option(FMT_TEST "Generate the test target." ${FMT_MASTER_PROJECT})
if (FMT_TEST)
  enable_testing()
  add_subdirectory(test)
endif ()
if (FMT_FUZZ)
  add_subdirectory(test/fuzzing)
endif ()`, "FMT_TEST", true},
		{"camel case, dependent option (nlohmann/json)", `cmake_dependent_option(JSON_BuildTests "Build the unit tests when BUILD_TESTING is enabled." ON "BUILD_TESTING;JSON_MainProject" OFF)
if (JSON_BuildTests)
    include(CTest)
    enable_testing()
    add_subdirectory(tests)
endif()`, "JSON_BuildTests", true},
		{"an option through the project's own macro (mosquitto)", "option_env(WITH_DOCS \"Build documentation?\" ON)\noption_env(WITH_TESTS \"Enable tests\" ON)\nif(WITH_TESTS)\n  enable_testing()\n  add_subdirectory(test)\nendif()", "WITH_TESTS", true},
		{"a dependent option forced off under an option off by default (Catch2)", `option(CATCH_DEVELOPMENT_BUILD "Build tests, enable warnings, enable Werror, etc" OFF)
include(CMakeDependentOption)
cmake_dependent_option(CATCH_BUILD_TESTING "Build the SelfTest project" ON "CATCH_DEVELOPMENT_BUILD" OFF)
if (BUILD_TESTING AND CATCH_BUILD_TESTING AND NOT_SUBPROJECT)
  add_subdirectory(tests)
endif()`, "CATCH_DEVELOPMENT_BUILD", false},
		{"CTest's switch", "include(CTest)\nif(BUILD_TESTING)\n  add_subdirectory(tests)\nendif()", "BUILD_TESTING", true},
		{"the project's own before CTest's (libuv)", `include(CTest)
option(LIBUV_BUILD_TESTS "Build the unit tests when BUILD_TESTING is enabled" ON)
if(LIBUV_BUILD_TESTS AND BUILD_TESTING)
  add_test(NAME uv_test COMMAND uv_run_tests)
endif()`, "LIBUV_BUILD_TESTS", true},
		{"a guard derived from an option (curl)", `option(BUILD_TESTING "Build tests" ON)
if(BUILD_TESTING AND Perl_FOUND)
  set(CURL_BUILD_TESTING ON)
else()
  set(CURL_BUILD_TESTING OFF)
endif()
if(CURL_BUILD_TESTING)
  add_subdirectory(tests)
endif()`, "BUILD_TESTING", true},
		{"off by default: the one that turns them on (msgpack-c)", `include(CTest)
option(MSGPACK_BUILD_TESTS "Build tests" OFF)
if(MSGPACK_BUILD_TESTS AND BUILD_TESTING)
  add_subdirectory(test)
endif()`, "MSGPACK_BUILD_TESTS", false},
		{"the project's name holds a word of another option (google/benchmark)", `project (benchmark VERSION 1.9.4 LANGUAGES CXX)
option(BENCHMARK_ENABLE_TESTING "Enable testing of the benchmark library." ON)
if (BENCHMARK_ENABLE_TESTING)
  enable_testing()
  add_subdirectory(test)
endif()`, "BENCHMARK_ENABLE_TESTING", true},
		{"an option that turns the tests off", `option(FOO_DISABLE_TESTS "no tests" OFF)
if(NOT FOO_DISABLE_TESTS)
  add_subdirectory(tests)
endif()`, "", false},
		{"tests not behind an option", "enable_testing()\nadd_subdirectory(tests)", "", false},
		{"container tests beside the tests (c-ares)", `OPTION (CARES_BUILD_TESTS   "Build and run tests" OFF)
OPTION (CARES_BUILD_CONTAINER_TESTS "Build and run container tests (implies CARES_BUILD_TESTS, Linux only)" OFF)
IF (CARES_BUILD_TESTS OR CARES_BUILD_CONTAINER_TESTS)
	ENABLE_TESTING ()
	ADD_SUBDIRECTORY (test)
ENDIF ()`, "CARES_BUILD_TESTS", false},
		{"an option beside the tests", `option(FOO_BENCHMARKS "benchmarks" ON)
if(FOO_BENCHMARKS)
  add_subdirectory(tests)
endif()`, "", false},
	} {
		if got, on := cmakeTestSwitch(tt.cmake); got != tt.want || on != tt.on {
			t.Errorf("%s: cmakeTestSwitch = %q %v, want %q %v", tt.name, got, on, tt.want, tt.on)
		}
	}
}

func TestHasTestWord(t *testing.T) {
	for name, want := range map[string]bool{"JSON_BuildTests": true, "FMT_TEST": true, "BUILD_TESTING": true, "YAML_USE_SYSTEM_GTEST": false, "ENABLE_CJSON_TEST": true, "LATEST": false} {
		if got := HasTestWord(name); got != want {
			t.Errorf("HasTestWord(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestCMakeTestBuild(t *testing.T) {
	if got, want := CMakeTestBuild("build", "FMT_TEST", ""), `cmake build -DFMT_TEST=ON && cmake --build build --parallel "$(nproc)"`; got != want {
		t.Errorf("CMakeTestBuild = %q, want %q", got, want)
	}
	if got, want := CMakeTestBuild("sub/build", "BUILD_TESTING", "testdeps"), `cmake sub/build -DBUILD_TESTING=ON && cmake --build sub/build --parallel "$(nproc)" && cmake --build sub/build --target testdeps --parallel "$(nproc)"`; got != want {
		t.Errorf("CMakeTestBuild = %q, want %q", got, want)
	}
}
