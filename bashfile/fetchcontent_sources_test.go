package bashfile_test

import (
	"strings"
	"testing"
)

// A test framework the project's CMake files download with FetchContent
// (cpp-peglib's test/CMakeLists.txt: googletest by URL) comes from the
// Debian package shipping its sources from the first configure; a
// dependency Debian ships no sources of, or one only a vendored project
// declares, is left to FetchContent.
func TestFetchContentTakesDebianSources(t *testing.T) {
	files := map[string]string{
		"CMakeLists.txt":               "cmake_minimum_required(VERSION 3.16)\nproject(peg CXX)\nadd_library(peg src/peg.cc)\nadd_subdirectory(test)\n",
		"src/peg.cc":                   "int peg() { return 0; }\n",
		"test/CMakeLists.txt":          "include(FetchContent)\nFetchContent_Declare(\n  googletest\n  URL https://github.com/google/googletest/archive/03597a0.zip\n)\nFetchContent_MakeAvailable(googletest)\nFetchContent_Declare(json URL https://github.com/nlohmann/json/x.zip)\n",
		"third_party/x/CMakeLists.txt": "FetchContent_Declare(gtest URL https://example.org/g.zip)\n",
		"third_party/x/src.cc":         "int x() { return 1; }\n",
	}
	script := planFor(t, files).File.Render()
	if !strings.Contains(script, "cmake -S . -B build -DFETCHCONTENT_SOURCE_DIR_GOOGLETEST=/usr/src/googletest\n") || !strings.Contains(script, " googletest") {
		t.Errorf("FetchContent is not given Debian's googletest sources:\n%s", script)
	}
	if strings.Contains(script, "FETCHCONTENT_SOURCE_DIR_JSON") || strings.Contains(script, "FETCHCONTENT_SOURCE_DIR_GTEST") {
		t.Errorf("a dependency without Debian sources, or a vendored project's, is pointed elsewhere:\n%s", script)
	}
}
