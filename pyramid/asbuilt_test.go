package pyramid

import (
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// A subdirectory's program run where an in-source build leaves it
// (fann's CI: ./tests/fann_tests after `cmake .`) goes to the same path
// under the build directory, never to a program of that name elsewhere.
func TestOutOfTreeSubdirectoryProgram(t *testing.T) {
	e := repoEnv(t, map[string]string{"CMakeLists.txt": "project(fann)\n"})
	e.layout = bashfile.LayoutOf([]string{"cmake"})
	e.inSource["tests/fann_tests"] = "./build/tests/fann_tests"
	e.progs["tool"] = "./build/bin/tool"
	for in, want := range map[string]string{
		"./tests/fann_tests":   "./build/tests/fann_tests",
		"./tests/tool --x":     "./tests/tool --x",
		"./other/fann_tests a": "./other/fann_tests a",
	} {
		if got := e.outOfTree(in); got != want {
			t.Errorf("outOfTree(%q) = %q, want %q", in, got, want)
		}
	}
}
