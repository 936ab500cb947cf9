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

// Another absent submodule the top CMakeLists.txt adds (leveldb's
// benchmark) is fetched before the build, and a failed fetch is no
// failure of its own; a checkout without .git, or a submodule the build
// does not add, is not fetched.
func TestAbsentSubmoduleTheBuildAddsIsFetched(t *testing.T) {
	files := map[string]string{
		"CMakeLists.txt": "cmake_minimum_required(VERSION 3.16)\nproject(ldb CXX)\nadd_library(ldb db.cc)\nif(LDB_BENCH)\n  add_subdirectory(\"third_party/benchmark\")\nendif()\n",
		"db.cc":          "int db() { return 0; }\n",
		".gitmodules":    "[submodule \"third_party/benchmark\"]\n\tpath = third_party/benchmark\n[submodule \"docs/theme\"]\n\tpath = docs/theme\n",
	}
	init := "git -c safe.directory='*' submodule update --init --recursive || log "
	if script := planFor(t, files).File.Render(); strings.Contains(script, init) {
		t.Errorf("a copy without .git fetches submodules:\n%s", script)
	}
	files[".git/HEAD"] = "ref: refs/heads/main\n"
	script := planFor(t, files).File.Render()
	if !strings.Contains(script, init) || !strings.Contains(script, " git ca-certificates") {
		t.Errorf("the submodule the build adds is not fetched:\n%s", script)
	}
	files["CMakeLists.txt"] = "cmake_minimum_required(VERSION 3.16)\nproject(ldb CXX)\nadd_library(ldb db.cc)\n"
	if script := planFor(t, files).File.Render(); strings.Contains(script, init) {
		t.Errorf("a submodule the build does not add is fetched:\n%s", script)
	}
}
