package pyramid

import (
	"context"
	"strings"
	"testing"
)

// A CI test step runs a program only a Makefile beside it makes
// (concurrentqueue's build/bin/unittests, whose rule ends in the
// Windows-only $(EXT)): the command makes it first with that rule. A
// program the checkout has, or one no rule makes, is run as it is.
func TestProgramMadeFirstByItsMakefileRule(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"build/makefile": "include makefile.inc\ntests: bin/unittests$(EXT)\nbin/unittests$(EXT): ../t.cpp\n\tg++ ../t.cpp -o bin/unittests$(EXT)\n",
		".github/workflows/ci.yml": "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n" +
			"      - run: ./bin/unittests --iterations 1\n        working-directory: build\n" +
			"      - run: ./scripts/run.sh\n" +
			"      - run: ./bin/other --x\n        working-directory: build\n",
		"scripts/run.sh": "#!/bin/sh\necho hi\n",
		"t.cpp":          "int main() { return 0; }\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range p.Commands {
		switch {
		case strings.HasSuffix(c.Text, "./bin/unittests --iterations 1"):
			found = true
			if c.Text != "make bin/unittests && ./bin/unittests --iterations 1" || c.Dir != "build" {
				t.Errorf("unittests: %q in %q", c.Text, c.Dir)
			}
		case strings.Contains(c.Text, "make ") && (strings.Contains(c.Text, "run.sh") || strings.Contains(c.Text, "other")):
			t.Errorf("made first without a rule: %q", c.Text)
		}
	}
	if !found {
		t.Fatalf("no unittests command in %v", p.Commands)
	}
}

// A README runs a server an example's own Makefile makes (cpp-httplib's
// `cd example && make wsecho && ./wsecho`, wsecho.cc listening on 8080):
// the command is a server probe, made in the foreground before the probe
// starts waiting; the entrypoint makes and serves it.
func TestServerMadeFirstThenProbed(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"CMakeLists.txt":    "project(x CXX)\n",
		"README.md":         "# x\n\n## Browser test\n\n```sh\ncd example && make wsecho && ./wsecho\n```\n",
		"example/Makefile":  "all: wsecho\nwsecho : wsecho.cc\n\t$(CXX) -o wsecho wsecho.cc\n",
		"example/wsecho.cc": "#include \"../x.h\"\nint main(void) {\n  Server svr;\n  svr.listen(\"localhost\", 8080);\n}\n",
		"x.h":               "struct Server { void listen(const char*, int) {} };\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range p.Commands {
		if c.Background && strings.Contains(c.Text, "./wsecho") {
			if !strings.HasPrefix(c.Text, "make wsecho && { set -m;") || c.Serve != "make wsecho && ./wsecho" || c.Dir != "example" || !strings.Contains(c.Text, "127.0.0.1:8080") {
				t.Errorf("%q serving %q in %q", c.Text, c.Serve, c.Dir)
			}
			return
		}
	}
	t.Fatalf("no server probe in %v", p.Commands)
}

// A command's build steps run before the server it starts.
func TestBuildPrefix(t *testing.T) {
	for _, tc := range []struct{ in, build, run string }{
		{"make wsecho && ./wsecho", "make wsecho", "./wsecho"},
		{"cmake --build build && make srv && ./srv --port 9000", "cmake --build build && make srv", "./srv --port 9000"},
		{"./srv && make x", "", "./srv && make x"},
		{"make", "", "make"},
	} {
		if b, r := buildPrefix(tc.in); b != tc.build || r != tc.run {
			t.Errorf("%q: %q, %q", tc.in, b, r)
		}
	}
}
