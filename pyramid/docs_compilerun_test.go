package pyramid

import (
	"context"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// tg's README compiles an example with cc and runs ./a.out: the run is
// mined with its compile.
func TestDocumentedCompileThenRun(t *testing.T) {
	ix := tempIndex(t, "tg", map[string]string{
		"tg.c":                  "int tg_geom(void) { return 1; }\n",
		"tg.h":                  "int tg_geom(void);\n",
		"examples/intersects.c": "#include \"tg.h\"\nint main(void) { return tg_geom() - 1; }\n",
		"README.md":             "# tg\n\nBuild and run the example:\n\n```sh\n$ cc -I. examples/intersects.c tg.c\n$ ./a.out 'POINT(15 15)' 'POLYGON((10 10,20 10,20 20,10 20,10 10))'\n```\n",
	})
	e, err := newEnv(context.Background(), ix, bashfile.Layout{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs := fromShell(e, "$ cc -I. examples/intersects.c tg.c\n$ ./a.out 'POINT(15 15)' 'POLYGON((10 10,20 10,20 20,10 20,10 10))'\n", "readme", "README.md", 6, "section Build and run")
	found := false
	for _, c := range cs {
		if strings.HasPrefix(c.Text, "cc -I. examples/intersects.c tg.c -lm && ./a.out 'POINT(15 15)'") && c.Bucket == Entry {
			found = true
		}
	}
	if !found {
		t.Fatalf("commands %+v", cs)
	}
	for _, tc := range []struct{ cmd, want string }{
		{"gcc -o demo demo.c", "demo"}, {"cc -c tg.c", ""}, {"cc -o build/demo demo.c", ""}, {"make demo", ""}, {"cc x.c && ./a.out", ""}, {"cc --version", ""},
	} {
		if got := compiledProgram(tc.cmd); got != tc.want {
			t.Errorf("compiledProgram(%q) = %q, want %q", tc.cmd, got, tc.want)
		}
	}
}

// A CI step that compiles a test program at the top and runs it from the
// tests' directory (json-parser: `c89 … tests/test.c -o json-test`, `cd
// tests`, `../json-test`): the run carries its compile, made from the top.
func TestCICompileThenRunElsewhere(t *testing.T) {
	ix := tempIndex(t, "jp", map[string]string{
		"json.c":           "int json_parse(void) { return 0; }\n",
		"json.h":           "int json_parse(void);\n",
		"tests/test.c":     "#include \"json.h\"\nint main(void) { return json_parse(); }\n",
		"tests/valid.json": "{}\n",
	})
	e, err := newEnv(context.Background(), ix, bashfile.Layout{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs := fromShell(e, "c89 -ansi -Wall -I. json.c tests/test.c -lm -o json-test\ncd tests\n../json-test\n", "ci", ".github/workflows/main.yml", 10, "job build-gcc")
	var got *Command
	for i, c := range cs {
		if strings.HasSuffix(c.Text, "../json-test") {
			got = &cs[i]
		}
	}
	if got == nil || got.Text != "(cd .. && c89 -ansi -Wall -I. json.c tests/test.c -lm -o json-test) && ../json-test" || got.Dir != "tests" || got.Bucket != Unit {
		t.Fatalf("commands %+v", cs)
	}
}
