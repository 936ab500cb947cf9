package pyramid

import (
	"context"
	"strings"
	"testing"
)

// A README that builds in build/ and then enters the tests' directory
// (csv2: `cd build` … `cd test` … `./csv2_test`) runs the test program
// in the build tree's test/, where CMake builds test/CMakeLists.txt's
// program; the tests' option, declared without a value, is off, so it
// is turned on first.
func TestDocumentedTestProgramInBuildTree(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"CMakeLists.txt":      "cmake_minimum_required(VERSION 3.8)\nproject(csv2)\noption(CSV2_BUILD_TESTS \"Build tests\")\nadd_library(csv2 INTERFACE)\nif(CSV2_BUILD_TESTS)\n  add_subdirectory(test)\nendif()\n",
		"test/CMakeLists.txt": "add_executable(csv2_test main.cpp)\n",
		"test/main.cpp":       "int main() { return 0; }\n",
		"include/csv2.hpp":    "#pragma once\n",
		"README.md":           "# csv2\n\n## Compiling Tests\n\n```bash\nmkdir build && cd build\ncmake -DCSV2_BUILD_TESTS=ON ..\nmake\ncd test\n./csv2_test\n```\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range p.Commands {
		if strings.HasSuffix(c.Text, "./csv2_test") {
			if c.Dir != "build/test" || c.Level != Testable {
				t.Errorf("%q in %q at %s, want build/test, testable", c.Text, c.Dir, c.Level)
			}
			return
		}
	}
	t.Errorf("no ./csv2_test in %v", p.Commands)
}
