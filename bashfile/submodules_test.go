package bashfile_test

import (
	"strings"
	"testing"
)

// A test framework's submodule the checkout lacks is filled from the
// Debian package that ships its sources before the build; a fetched one
// is left alone.
func TestAbsentTestFrameworkSubmoduleIsFilledFromDebian(t *testing.T) {
	files := map[string]string{
		"CMakeLists.txt": "cmake_minimum_required(VERSION 3.16)\nproject(rj CXX)\nadd_library(rj src/rj.cc)\n",
		"src/rj.cc":      "int rj() { return 0; }\n",
		".gitmodules":    "[submodule \"thirdparty/gtest\"]\n\tpath = thirdparty/gtest\n\turl = https://github.com/google/googletest.git\n",
	}
	fill := "[ -e thirdparty/gtest/CMakeLists.txt ] || { rm -rf thirdparty/gtest && cp -r /usr/src/googletest thirdparty/gtest; }"
	script := planFor(t, files).File.Render()
	if !strings.Contains(script, fill) || !strings.Contains(script, "googletest") {
		t.Errorf("the absent submodule is not filled:\n%s", script)
	}
	files["thirdparty/gtest/CMakeLists.txt"] = "project(googletest)\n"
	if script := planFor(t, files).File.Render(); strings.Contains(script, fill) {
		t.Errorf("a fetched submodule is filled:\n%s", script)
	}
}
