package build

import (
	"slices"
	"testing"
)

func cmakeTargets(t *testing.T, src string) []string {
	t.Helper()
	var f fileFacts
	if err := parseCMake("CMakeLists.txt", []byte(src), &f); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, tg := range f.targets {
		out = append(out, tg.kind+":"+tg.name)
	}
	return out
}

// libyaml's tests: a loop over items calls a function that declares the program.
func TestCMakeForeachOverAFunction(t *testing.T) {
	got := cmakeTargets(t, "function(add_yaml_executable name)\n  add_executable(${name} ${name}.c)\n  target_link_libraries(${name} yaml)\nendfunction()\n\n"+
		"foreach(name IN ITEMS\n  example-reformatter\n  run-parser\n  )\n  add_yaml_executable(${name})\nendforeach()\nadd_test(NAME version COMMAND test-version)\n")
	want := []string{"executable:${name}", "executable:example-reformatter", "executable:run-parser", "test:version"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

func TestCMakeForeachForms(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"set(EXAMPLES capitalize messagereader)\nforeach(ex ${EXAMPLES})\n add_executable(${ex} ${ex}/${ex}.cpp)\nendforeach()\n",
			[]string{"executable:capitalize", "executable:messagereader"}},
		{"set(L a;b)\nforeach(x IN LISTS L ITEMS c)\n add_executable(x_${x} ${x}.c)\nendforeach()\n",
			[]string{"executable:x_a", "executable:x_b", "executable:x_c"}},
		// nested loops
		{"foreach(a p q)\n foreach(b 1 2)\n  add_executable(${a}${b} m.c)\n endforeach()\nendforeach()\n",
			[]string{"executable:p1", "executable:p2", "executable:q1", "executable:q2"}},
		// what only configuring knows, and ranges, stay as written
		{"foreach(t ${TESTS})\n add_executable(${t} ${t}.c)\nendforeach()\nforeach(i RANGE 3)\n add_executable(n${i} m.c)\nendforeach()\n",
			[]string{"executable:${t}", "executable:n${i}"}},
	} {
		if got := cmakeTargets(t, c.src); !slices.Equal(got, c.want) {
			t.Errorf("%q:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}

// A top-level CMAKE_RUNTIME_OUTPUT_DIRECTORY under the build directory is
// a fact (jansson's bin/, libyaml's build directory itself), as is one in
// the source tree, from the build directory; one elsewhere
// or in a subdirectory's file is not.
func TestCMakeRuntimeOutputDir(t *testing.T) {
	for _, c := range []struct{ rel, src, want string }{
		{"CMakeLists.txt", "set(CMAKE_RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)\n", "bin"},
		{"CMakeLists.txt", "if(NOT DEFINED CMAKE_RUNTIME_OUTPUT_DIRECTORY)\n  set(CMAKE_RUNTIME_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})\nendif()\n", "."},
		{"CMakeLists.txt", "set(CMAKE_RUNTIME_OUTPUT_DIRECTORY ${OUT}/bin)\n", ""},
		{"CMakeLists.txt", "SET (CMAKE_RUNTIME_OUTPUT_DIRECTORY \"${PROJECT_BINARY_DIR}/${CMAKE_INSTALL_BINDIR}\")\n", "bin"},
		{"src/CMakeLists.txt", "set(CMAKE_RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)\n", ""},
		// in the source tree (miniz's bin/): from the build directory
		{"CMakeLists.txt", "set(CMAKE_RUNTIME_OUTPUT_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/bin)\n", "../bin"},
		{"CMakeLists.txt", "set(CMAKE_RUNTIME_OUTPUT_DIRECTORY \"${PROJECT_SOURCE_DIR}/out/${X}\")\n", ""},
		// through a variable of the project's own (tau's TAU_BIN_DIR)
		{"CMakeLists.txt", "set(TAU_BIN_DIR ${CMAKE_CURRENT_SOURCE_DIR}/build/bin)\nset(CMAKE_RUNTIME_OUTPUT_DIRECTORY   ${TAU_BIN_DIR})\n", "../build/bin"},
		// outside the checkout (fann's biicode block), then the default: no fact
		{"CMakeLists.txt", "IF(BIICODE)\n\tSET(CMAKE_RUNTIME_OUTPUT_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/../bin/fann/examples)\nENDIF()\n", ""},
	} {
		var f fileFacts
		if err := parseCMake(c.rel, []byte(c.src), &f); err != nil {
			t.Fatal(err)
		}
		if got, _ := f.props["runtime_output_dir"].(string); got != c.want {
			t.Errorf("%s %q: got %q, want %q", c.rel, c.src, got, c.want)
		}
	}
}
