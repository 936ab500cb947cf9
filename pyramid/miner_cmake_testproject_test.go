package pyramid

import (
	"context"
	"strings"
	"testing"
)

// A test directory that is a CMake project of its own, not added by the
// top-level CMakeLists.txt, is built apart and its test programs run; one
// the top level adds, or one enabling ctest, is run as such.
func TestCMakeTestProject(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"CMakeLists.txt":       "cmake_minimum_required(VERSION 3.10)\nproject(lib CXX)\nadd_library(lib INTERFACE)\n",
		"include/lib.h":        "#pragma once\n",
		"tests/CMakeLists.txt": "cmake_minimum_required(VERSION 3.10)\nproject(lib_tests)\nadd_executable(lib_tests main.cpp map_tests.cpp)\nfind_package(Boost REQUIRED COMPONENTS unit_test_framework)\nadd_subdirectory(../ ${CMAKE_CURRENT_BINARY_DIR}/lib)\n",
		"tests/main.cpp":       "#define BOOST_TEST_MODULE t\n#include <boost/test/unit_test.hpp>\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := `cmake -S tests -B build-tests && cmake --build build-tests --parallel "$(nproc)" && ./build-tests/lib_tests`
	found := false
	for _, c := range p.Commands {
		found = found || c.Text == want && c.Level == Testable && c.Bucket == Unit
	}
	if !found {
		t.Fatalf("commands %v", texts(p.Commands))
	}
	if !addsSubdir("add_subdirectory(${CMAKE_CURRENT_SOURCE_DIR}/tests)\n", "tests") || addsSubdir("add_subdirectory(src)\n", "tests") {
		t.Error("addsSubdir")
	}
	added := repoIndex(t, map[string]string{
		"CMakeLists.txt":       "cmake_minimum_required(VERSION 3.10)\nproject(lib C)\nadd_library(lib lib.c)\nadd_subdirectory(tests)\n",
		"lib.c":                "int f(void) { return 0; }\n",
		"tests/CMakeLists.txt": "project(lib_tests)\nadd_executable(lib_tests t.c)\n",
	})
	p, err = Mine(context.Background(), added, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range p.Commands {
		if strings.Contains(c.Text, "build-tests") {
			t.Errorf("a test project the top level adds: %q", c.Text)
		}
	}
}
