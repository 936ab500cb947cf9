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
