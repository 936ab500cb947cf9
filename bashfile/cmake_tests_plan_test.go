package bashfile_test

import (
	"strings"
	"testing"
)

// A CMake project whose tests outnumber its own sources and are behind an
// option on by default is built with the option off; the layout carries
// the test build for the Testable commands. With fewer tests, or tests
// not behind an option, the build is as before.
func TestHeavyTestsAreBuiltByTheTestableLevel(t *testing.T) {
	cmake := "cmake_minimum_required(VERSION 3.16)\nproject(geo C)\noption(GEO_BUILD_TESTS \"tests\" ON)\nadd_library(geo src/geo.c)\nif(GEO_BUILD_TESTS)\n  enable_testing()\n  add_subdirectory(tests)\nendif()\n"
	files := map[string]string{
		"CMakeLists.txt":       cmake,
		"src/geo.c":            "int geo(void) { return 1; }\n",
		"tests/CMakeLists.txt": "add_executable(t1 t1.c)\nadd_test(NAME t1 COMMAND t1)\n",
		"tests/t1.c":           "int main(void) { return 0; }\n",
	}
	plan := planFor(t, files)
	script := plan.File.Render()
	if !strings.Contains(script, "cmake -S . -B build -DGEO_BUILD_TESTS=OFF") {
		t.Errorf("the build section does not turn the tests off:\n%s", script)
	}
	if got, want := plan.Layout.TestBuild["cmake"], `cmake build -DGEO_BUILD_TESTS=ON && cmake --build build --parallel "$(nproc)"`; got != want {
		t.Errorf("Layout.TestBuild = %q, want %q", got, want)
	}

	// off by default: the build section is as before, the Testable
	// commands turn the tests on (no repair, no second setup)
	files["CMakeLists.txt"] = strings.Replace(cmake, `"tests" ON`, `"tests" OFF`, 1)
	plan = planFor(t, files)
	if script := plan.File.Render(); strings.Contains(script, "-DGEO_BUILD_TESTS") || plan.Layout.TestBuild["cmake"] == "" {
		t.Errorf("tests off by default: TestBuild %v and\n%s", plan.Layout.TestBuild, script)
	}
	files["CMakeLists.txt"] = cmake

	files["src/geo2.c"] = "int geo2(void) { return 2; }\n" // the tests no longer outweigh the library
	plan = planFor(t, files)
	if script := plan.File.Render(); strings.Contains(script, "GEO_BUILD_TESTS") || plan.Layout.TestBuild != nil {
		t.Errorf("light tests are built by the build section; got TestBuild %v and\n%s", plan.Layout.TestBuild, script)
	}

	// light tests off by default (c-ares): built by the Testable commands
	// too, not found missing by ctest and repaired with a second setup
	files["CMakeLists.txt"] = strings.Replace(cmake, `"tests" ON`, `"tests" OFF`, 1)
	plan = planFor(t, files)
	if script := plan.File.Render(); strings.Contains(script, "-DGEO_BUILD_TESTS") || plan.Layout.TestBuild["cmake"] == "" {
		t.Errorf("light tests off by default: TestBuild %v and\n%s", plan.Layout.TestBuild, script)
	}
	files["CMakeLists.txt"] = cmake

	delete(files, "src/geo2.c")
	files["CMakeLists.txt"] = strings.Replace(cmake, "if(GEO_BUILD_TESTS)", "if(1)", 1)
	if plan = planFor(t, files); plan.Layout.TestBuild != nil {
		t.Errorf("tests behind no option: TestBuild %v", plan.Layout.TestBuild)
	}
}
