package pyramid

import (
	"context"
	"strings"
	"testing"
)

// A documented image program's input the reader is expected to have
// (primitive's `primitive -i input.png -o output.png`) is the project's
// smallest image of that kind, copied to the name; the output is none.
func TestOwnMediaStandsIn(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"Makefile":           "all:primitive\n\nprimitive:main.c\n\t$(CC) main.c -o $@\n",
		"main.c":             "int main(int argc, char *argv[]) { return 0; }\n",
		"examples/large.png": strings.Repeat("x", 400),
		"examples/small.png": "\x89PNG small",
		"examples/photo.jpg": "jpg",
		"README.md":          "# primitive\n\n```\n./primitive -i input.png -o output.png -n 100\n```\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range p.Commands {
		if strings.Contains(c.Text, "-i input.png") {
			if !strings.HasPrefix(c.Text, "cp examples/small.png input.png && ") || strings.Contains(c.Text, "output.png &&") {
				t.Errorf("command %q", c.Text)
			}
			return
		}
	}
	t.Errorf("no use of the program: %v", p.Commands)
}

// imaging's README program opens "testdata/flowers.png", which the
// checkout has, and "test.jpg", which it does not: the first is copied
// into the scratch module from the checkout, the project's own JPEG
// stands in for the second.
func TestGoExampleImages(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"go.mod":                "module example.com/imaging\n\ngo 1.21\n",
		"imaging.go":            "package imaging\n\nfunc Open(name string) error { return nil }\n",
		"testdata/flowers.png":  "\x89PNG flowers",
		"testdata/branches.jpg": "jpg",
		"README.md":             "# imaging\n\n```go\npackage main\n\nimport \"example.com/imaging\"\n\nfunc main() {\n\t_ = imaging.Open(\"testdata/flowers.png\")\n\t_ = imaging.Open(\"test.jpg\")\n}\n```\n",
	})
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 {
		t.Fatalf("want the README's program, got %+v", cs)
	}
	for _, want := range []string{`cp "$r"/testdata/flowers.png testdata/flowers.png`, `cp "$r"/testdata/branches.jpg test.jpg`} {
		if !strings.Contains(cs[0].Text, want) {
			t.Errorf("lacks %q:\n%s", want, cs[0].Text)
		}
	}
}
