package build

import (
	"slices"
	"testing"
)

// A Makefile variable continued on the next line with a backslash
// (threadpool's `TARGETS = tests/thrdtest … \` then the libraries) is one
// value: the rule that names it depends on all of it.
func TestMakefileContinuedVariable(t *testing.T) {
	var f fileFacts
	if err := parseMakefile("Makefile", []byte("TARGETS = tests/a tests/b \\\n\tlibt.so libt.a\n\nall: $(TARGETS)\n\ntest: $(TARGETS)\n\t./tests/a\n"), &f); err != nil {
		t.Fatal(err)
	}
	want := []string{"tests/a", "tests/b", "libt.so", "libt.a"}
	for _, tg := range f.targets {
		if !slices.Equal(tg.sources, want) {
			t.Errorf("%s@%d: sources %q, want %q", tg.name, tg.line, tg.sources, want)
		}
	}
	if len(f.targets) != 2 || f.targets[0].line != 4 || f.targets[1].command != "./tests/a" {
		t.Errorf("targets %+v", f.targets)
	}
}
