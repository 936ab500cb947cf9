package pyramid

import (
	"testing"
)

// libconfig's example reads "example.cfg", which sits beside its source:
// it runs there; an example that names no file there runs from the top.
func TestExampleRunsBesideItsData(t *testing.T) {
	files := map[string]string{
		"CMakeLists.txt":              "project(config CXX)\nset(CMAKE_RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/out)\nadd_library(config lib/config.c)\nadd_subdirectory(examples/c++)\n",
		"lib/config.c":                "int config_read(void) { return 0; }\n",
		"examples/c++/CMakeLists.txt": "add_executable(c++_example1 example1.cpp)\nadd_executable(c++_example3 example3.cpp)\n",
		"examples/c++/example1.cpp":   "int main() { cfg.readFile(\"example.cfg\"); return 0; }\n",
		"examples/c++/example3.cpp":   "int main() { cfg.writeFile(\"updated.cfg\"); return 0; }\n",
		"examples/c++/example.cfg":    "name = \"x\";\n",
	}
	got := map[string]string{}
	for _, c := range synthesized(t, testEnv(t, "config", files, "build", "cmake")) {
		got[c.Text] = c.Dir
	}
	if d, ok := got["../../build/out/c++_example1"]; !ok || d != "examples/c++" {
		t.Errorf("example1: %v", got)
	}
	if d, ok := got["./build/out/c++_example3"]; !ok || d != "" {
		t.Errorf("example3: %v", got)
	}
}
