package pyramid

import (
	"context"
	"testing"
)

// `make examples` whose rule has no recipe builds the examples and runs
// none: a build step, not a Runnable command, as is one that only makes
// a build target elsewhere (lz4's `$(MAKE) -C $(EXDIR) all`); `make demo`,
// whose recipe runs the program, stays a use, and so does a sub-make of a
// target that is no build (`$(MAKE) -C examples test`).
func TestRecipelessMakeTargetIsABuild(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"Makefile":  "EXAMPLES=ex1 ex2\nall: lib\nlib:\n\tcc -c lib.c\nexamples: $(EXAMPLES)\nex1:\n\tcc -o ex1 ex1.c\ndemo: ex1\n\t./ex1 hello\nexample: lib\n\t$(MAKE) -C $(EXDIR) all\nrun: lib\n\t$(MAKE) -C examples test\n",
		"README.md": "# lib\n\n```sh\nmake examples\nmake demo\nmake example\nmake run\n```\n",
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
	if got["make examples"] != Installable || got["make demo"] != Runnable || got["make example"] != Installable || got["make run"] != Runnable {
		t.Errorf("levels %v", got)
	}
}
