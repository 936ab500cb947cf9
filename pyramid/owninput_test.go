package pyramid

import (
	"strings"
	"testing"
	"testing/fstest"
)

// libcyaml's Makefile builds build/debug/numerical from
// examples/numerical/main.c, whose directory holds its input: the program
// runs on it, from there, before any stdin or --help probe.
func TestOwnInputs(t *testing.T) {
	fsys := fstest.MapFS{
		"examples/numerical/main.c":         {Data: []byte("int main(int c, char **v) { return 0; }\n")},
		"examples/numerical/README.md":      {Data: []byte("# numerical\n")},
		"examples/numerical/fibonacci.yaml": {Data: []byte("fibonacci: [1, 1, 2]\n")},
		"examples/numerical/CMakeLists.txt": {Data: []byte("add_executable(numerical main.c)\n")},
		"examples/planner/main.c":           {Data: []byte("int main(void) { return 0; }\n")},
		"examples/planner/project.yaml":     {Data: []byte("name: p\nplan: [a, b]\n")},
		"examples/planner/invalid.yaml":     {Data: []byte("x\n")},
		"tools/gen/gen.c":                   {Data: []byte("int main(void) { return 0; }\n")},
		"docs/gen/notes.txt":                {Data: []byte("notes\n")},
		"src/cyaml.c":                       {Data: []byte("int f(void) { return 0; }\n")},
		"test/numerical/expected.yaml":      {Data: []byte("x: 1\n")},
		"test/numerical/numerical_test.c":   {Data: []byte("int main(void) { return 0; }\n")},
		"examples/nodata/main.c":            {Data: []byte("int main(void) { return 0; }\n")},
	}
	got := OwnInputs(fsys, []string{"build/debug/numerical", "build/debug/planner", "build/debug/gen", "build/debug/nodata"})
	want := map[string]OwnInput{
		"build/debug/planner": {Dir: "examples/planner", File: "project.yaml"},
	}
	// numerical is claimed twice (examples/ and test/): none
	if len(got) != len(want) || got["build/debug/planner"] != want["build/debug/planner"] {
		t.Fatalf("own inputs %+v, want %+v", got, want)
	}
	delete(fsys, "test/numerical/expected.yaml")
	got = OwnInputs(fsys, []string{"build/debug/numerical"})
	if got["build/debug/numerical"] != (OwnInput{Dir: "examples/numerical", File: "fibonacci.yaml"}) {
		t.Fatalf("numerical: %+v", got)
	}
	cs := BuiltProbes([]string{"build/debug/numerical"}, "libcyaml", FixtureInput{}, got)
	if len(cs) == 0 || cs[0].Text != "timeout 10 ../../build/debug/numerical fibonacci.yaml" || cs[0].Dir != "examples/numerical" || !strings.Contains(cs[0].Reason, "beside its source") {
		t.Fatalf("first probe %+v", cs[0])
	} // sources at the checkout's top: the program runs from there (rsync's
	// ./rsync, which ../rsync from the top missed: exit 127)
	cs = BuiltProbes([]string{"rsync"}, "rsync", FixtureInput{}, map[string]OwnInput{"rsync": {Dir: ".", File: "help-from-md.awk"}})
	if len(cs) == 0 || cs[0].Text != "timeout 10 ./rsync help-from-md.awk" || cs[0].Dir != "" {
		t.Fatalf("a top-level program's probe %+v", cs)
	}
}
