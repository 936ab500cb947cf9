package bashfile

import (
	"testing"

	"github.com/heragent/heragent/retrieval"
)

func TestGatesTests(t *testing.T) {
	tests := []struct {
		d    retrieval.Dependency
		want bool
	}{
		{retrieval.Dependency{Name: "Python3", Path: "test/CMakeLists.txt"}, true},               // cmark's spec tests
		{retrieval.Dependency{Name: "Python3", Path: "src/jsontestrunner/CMakeLists.txt"}, true}, // jsoncpp's runner
		{retrieval.Dependency{Name: "GTest", Path: "test/CMakeLists.txt"}, true},                 // zlib-ng
		{retrieval.Dependency{Name: "cunit", Path: "cmake/FindCUnit.cmake"}, true},               // a framework anywhere
		{retrieval.Dependency{Name: "cmocka", Path: "configure.ac"}, true},
		{retrieval.Dependency{Name: "PNG", Path: "test/benchmarks/CMakeLists.txt"}, false},
		{retrieval.Dependency{Name: "benchmark", Path: "test/benchmarks/CMakeLists.txt"}, false},
		{retrieval.Dependency{Name: "ZLIB", Path: "CMakeLists.txt"}, false},
		{retrieval.Dependency{Name: "Python3", Path: "cmake/ci.cmake"}, false},
		{retrieval.Dependency{Name: "libfuzzer", Path: "tests/fuzz/meson.build"}, false},
		{retrieval.Dependency{Name: "Python3", Path: "third/latest/CMakeLists.txt"}, false},
		{retrieval.Dependency{Name: "Python3", Path: "googletest/CMakeLists.txt"}, false},
		{retrieval.Dependency{Name: "Python3", Path: "api-tests/CMakeLists.txt"}, true},
	}
	for _, tt := range tests {
		if got := gatesTests(tt.d); got != tt.want {
			t.Errorf("%s in %s: %v, want %v", tt.d.Name, tt.d.Path, got, tt.want)
		}
	}
}

func TestInterpreterOnly(t *testing.T) {
	for _, tt := range []struct {
		d    retrieval.Dependency
		want bool
	}{
		{retrieval.Dependency{Name: "Python3", Components: []string{"Interpreter"}}, true},
		{retrieval.Dependency{Name: "Python3", Components: []string{"Interpreter", "Development"}}, false},
		{retrieval.Dependency{Name: "Python3"}, false},
		{retrieval.Dependency{Name: "Ruby", Components: []string{"Interpreter"}}, false},
	} {
		if got := interpreterOnly(tt.d); got != tt.want {
			t.Errorf("%+v: %v, want %v", tt.d, got, tt.want)
		}
	}
}
