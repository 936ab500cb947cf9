package pyramid

import (
	"context"
	"strings"
	"testing"
)

// A README that builds and tests a subproject in a build directory of its
// own (dragonbox's build/subproject/test) tests with the whole sequence:
// the directory made, the subproject configured and built there, then
// ctest — the Bash File's build of the top project never makes it.
func TestDocumentedSubprojectTestBuild(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"CMakeLists.txt":                 "cmake_minimum_required(VERSION 3.14)\nproject(dragonbox CXX)\nadd_library(dragonbox INTERFACE)\n",
		"subproject/test/CMakeLists.txt": "cmake_minimum_required(VERSION 3.14)\nproject(dragonbox_tests CXX)\nenable_testing()\nadd_executable(t t.cpp)\nadd_test(t t)\n",
		"subproject/test/t.cpp":          "int main() { return 0; }\n",
		"README.md": "# dragonbox\n\n## Build each subproject independently\n\n```\ngit clone https://github.com/jk-jeon/dragonbox\ncd dragonbox\n" +
			"mkdir -p build/subproject/test\ncd build/subproject/test\ncmake ../../../subproject/test\ncmake --build .\nctest .\n```\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := `mkdir -p build/subproject/test && cd build/subproject/test && cmake ../../../subproject/test && cmake --build . --parallel "$(nproc)" && ctest`
	for _, c := range p.Commands {
		if c.Bucket == Unit && strings.HasPrefix(c.Text, want) && c.Dir == "" {
			return
		}
	}
	t.Errorf("no Unit command builds the subproject first: %v", p.Commands)
}
