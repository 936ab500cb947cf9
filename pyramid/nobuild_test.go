package pyramid

import (
	"context"
	"strings"
	"testing"
)

// A header-only library with no build system and no tests (rxi's sj.h
// beside demo/) still has its build: each header compiles on its own.
func TestHeaderOnlyWithoutTests(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"sj.h":        "#pragma once\ntypedef struct { char *start; } sj_Value;\n",
		"demo/rect.c": "#include <stdio.h>\n#include \"../sj.h\"\nint main(void) { return 0; }\n",
		// an application's headers beside the library (minimp3's player/)
		"player/gui.h": "#include <SDL2/SDL.h>\n",
		"player/gui.c": "#include \"gui.h\"\nint main(void) { return 0; }\n",
		"README.md":    "# sj.h\n\nA tiny JSON parser.\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Commands) == 0 || p.Commands[0].Text != "cc -fsyntax-only -I. sj.h" || p.Commands[0].Bucket != Build {
		t.Errorf("commands %v, want the header check first", p.Commands)
	}
}

// A .h header of C++ (fast-cpp-csv-parser's csv.h: templates, <string>)
// is checked by the C++ compiler: cc reads a .h as C and fails on it.
func TestHeaderOnlyOfCxxInDotH(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"csv.h":     "#include <string>\n#include <cstdio>\nnamespace io {\ntemplate<unsigned column_count>\nclass CSVReader {\npublic:\n  explicit CSVReader(const std::string &name) {}\n};\n}\n",
		"README.md": "# Fast C++ CSV Parser\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Commands) == 0 || p.Commands[0].Text != "c++ -x c++ -fsyntax-only -I. csv.h" {
		t.Errorf("commands %v, want the header checked as C++", p.Commands)
	}
}

// A README's compiler call making the program from the checkout's source
// (rswier/c4: `gcc -o c4 c4.c`, in an indented block) is the build; the
// reader's own program (`gcc -o app main.c`) is no command of the
// checkout.
func TestDocumentedCompilerCall(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"c4.c":      "#include <stdio.h>\nint main(int argc, char **argv) { return 0; }\n",
		"hello.c":   "#include <stdio.h>\nint main() { printf(\"hello\\n\"); return 0; }\n",
		"README.md": "# c4\n\nTry the following:\n\n    gcc -o c4 c4.c\n    ./c4 hello.c\n\nOr in your program:\n\n    gcc -o app main.c\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var build, run, reader bool
	for _, c := range p.Commands {
		switch {
		case c.Text == "gcc -o c4 c4.c":
			build = c.Bucket == Build
		case c.Text == "./c4 hello.c", c.Text == "gcc -o c4 c4.c -lm && ./c4 hello.c": // the run with its block's compile (docs_compilerun.go)
			run = run || c.Level == Runnable
		case strings.Contains(c.Text, "main.c"):
			reader = true
		}
	}
	if !build || !run || reader {
		t.Errorf("build %v, run %v, reader's program %v: %v", build, run, reader, p.Commands)
	}
}
