package pyramid

import (
	"context"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// A README's whole C++ program that includes the repository's own header
// is compiled against its include directory and run; a fragment without
// main, one including only system headers, or one including a header the
// repository has only in tests is not.
func TestCExamples(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"include/msgpack.hpp":      "#pragma once\n",
		"test/helper.hpp":          "#pragma once\n",
		"single_include/pk/pk.hpp": "#pragma once\n",
		"include/pk/pk.hpp":        "#pragma once\n",
		"README.md": "# msgpack\n\n```c++\n#include <msgpack.hpp>\n#include <iostream>\nint main()\n{\n    std::cout << 1 << std::endl;\n}\n```\n\n" +
			"```cpp\nmsgpack::sbuffer sbuf;\n```\n\n" +
			"```c\n#include <stdio.h>\nint main(void) { return 0; }\n```\n\n" +
			"```cpp\n#include \"helper.hpp\"\nint main() { return 0; }\n```\n\n" +
			"```cpp\n#include <pk/pk.hpp>\nint main() { return 0; }\n```\n",
	})
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 {
		t.Fatalf("examples %+v", cs)
	}
	if c := cs[0].Text; !strings.Contains(c, "> .heragent-example-1.cc && { c++ -o /tmp/heragent-example-1 .heragent-example-1.cc -Iinclude -pthread 2>/dev/null || {") ||
		!strings.Contains(c, "c++ -o /tmp/heragent-example-1 .heragent-example-1.cc -Iinclude -pthread -Wl,--start-group $L -Wl,--end-group $R $D $X -lm -fopenmp; }; } && timeout 60 /tmp/heragent-example-1") ||
		!strings.Contains(c, "    std::cout") {
		t.Errorf("first example: %s", c)
	}
	if c := cs[1].Text; !strings.Contains(c, " -Iinclude -pthread") {
		t.Errorf("an include/ directory is preferred to single_include/: %s", c)
	}
}

// A README function taking nothing, without its includes, becomes a
// program: the standard headers, the project's header, a main calling it.
func TestCFunctionProgram(t *testing.T) {
	ix := repoIndex(t, map[string]string{"CMakeLists.txt": "project(parson C)\n", "parson.h": "int json_x(void);\n", "parson.c": "int json_x(void){return 1;}\n", "tests/t.h": "\n"})
	e, err := newEnv(context.Background(), ix, bashfile.Layout{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	code := "void persistence_example(void) {\n    printf(\"%d\", json_x());\n}\n"
	got := cFunctionProgram(context.Background(), e, "c", code)
	if !strings.Contains(got, "#include <stdio.h>\n") || !strings.Contains(got, "#include \"parson.h\"\n") || !strings.HasSuffix(got, "int main(void) {\n    persistence_example();\n    return 0;\n}\n") {
		t.Errorf("program:\n%s", got)
	}
	if cFunctionProgram(context.Background(), e, "c", "void print_info(const char *user) {\n}\n") != "" {
		t.Error("a function that takes arguments is no program")
	}
}

// A header-only library whose README shows no program has its whole
// programs in its other documents (uthash's doc/userguide.txt, AsciiDoc
// listings): those are its real use.
func TestCExamplesFromTheDocs(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"src/uthash.h":      "#pragma once\n",
		"README.md":         "# uthash\n\nA hash table for C structures.\n",
		"doc/userguide.txt": "User guide\n==========\n\n.A string-keyed hash\n--------\n#include <stdio.h>\n#include \"uthash.h\"\n\nint main(int argc, char *argv[]) {\n    printf(\"ok\\n\");\n}\n--------\n",
	})
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || !strings.Contains(cs[0].Text, "cc -o /tmp/heragent-example-1 .heragent-example-1.c -Isrc") || cs[0].Why[0].File != "doc/userguide.txt" {
		t.Fatalf("examples %+v", cs)
	}
}

// A C library's README fencing its C as c++ (STC's `#define T Floats,
// float` before including the container) is compiled as C when C++
// refuses it; a C++ library's example is not.
func TestCExampleOfACLibraryFencedAsCxx(t *testing.T) {
	readme := "# stc\n\n```c++\n#include <stc/vec.h>\n#include <stdio.h>\nint main(void) { return 0; }\n```\n"
	for _, tc := range []struct {
		name  string
		files map[string]string
		asC   bool
	}{
		{"a C library", map[string]string{"include/stc/vec.h": "#pragma once\n", "src/vec.c": "int v;\n", "src/map.c": "int m;\n", "README.md": readme}, true},
		{"a C++ library", map[string]string{"include/stc/vec.h": "#pragma once\n", "src/vec.cpp": "int v;\n", "README.md": readme}, false},
	} {
		cs, err := mineExamples(context.Background(), repoEnv(t, tc.files))
		if err != nil || len(cs) != 1 {
			t.Fatalf("%s: examples %+v, %v", tc.name, cs, err)
		}
		if got := strings.Contains(cs[0].Text, "|| cc -o /tmp/heragent-example-1 -x c .heragent-example-1.cc -x none -Iinclude -pthread -Wl,--start-group $L"); got != tc.asC {
			t.Errorf("%s: compiled as C %v: %s", tc.name, got, cs[0].Text)
		}
	}
}
