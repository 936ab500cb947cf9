package pyramid

import (
	"context"
	"testing"
)

// `make examples` whose rule has no recipe builds the examples and runs
// none: a build step, not a Runnable command; `make demo`, whose recipe
// runs the program, stays a use.
func TestRecipelessMakeTargetIsABuild(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"Makefile":  "EXAMPLES=ex1 ex2\nall: lib\nlib:\n\tcc -c lib.c\nexamples: $(EXAMPLES)\nex1:\n\tcc -o ex1 ex1.c\ndemo: ex1\n\t./ex1 hello\n",
		"README.md": "# lib\n\n```sh\nmake examples\nmake demo\n```\n",
		"lib.c":     "int f(void) { return 0; }\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Level{}
	for _, c := range p.Commands {
		got[c.Text] = c.Level
	}
	if got["make examples"] != Installable || got["make demo"] != Runnable {
		t.Errorf("levels %v", got)
	}
}
