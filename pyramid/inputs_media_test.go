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
