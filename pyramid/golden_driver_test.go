package pyramid

import (
	"context"
	"testing"
)

// A regression target that runs the project's program on its inputs and
// diffs the output against the expected files (lowdown's `regress`) is the
// suite's own driver; one that throws the comparison's status away
// (`|| true`) proves nothing by its exit.
func TestGoldenOutputRegressTargetIsADriver(t *testing.T) {
	regress := "regress: bins\n\t@tmp=`mktemp` ; rc=0 ; \\\n\tfor f in regress/*.md ; do \\\n\t\techo \"$$f\" ; \\\n" +
		"\t\t./lowdown -thtml $$f > $$tmp ; \\\n\t\tdiff -uw regress/`basename $$f .md`.html $$tmp || rc=$$((rc + 1)) ; \\\n\tdone ; \\\n\texit $$rc\n"
	masked := "regress: bins\n\tfor f in regress/*.md ; do ./lowdown $$f | diff -u $$f.html - || true ; done\n"
	for _, tc := range []struct {
		name, recipe string
		want         bool
	}{{"diff's status kept", regress, true}, {"diff's status thrown away", masked, false}} {
		t.Run(tc.name, func(t *testing.T) {
			e := repoEnv(t, map[string]string{
				"Makefile":       "bins: lowdown\n\nlowdown: main.o\n\t$(CC) -o $@ main.o\n\n" + tc.recipe,
				"main.c":         "int main(void) { return 0; }\n",
				"regress/a.md":   "# a\n",
				"regress/a.html": "<h1>a</h1>\n",
			})
			cs, err := mineMakefile(context.Background(), e)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cs {
				if c.Text == "make regress" {
					if c.Driver != tc.want {
						t.Fatalf("make regress: driver %v, want %v", c.Driver, tc.want)
					}
					return
				}
			}
			t.Fatalf("no make regress in %+v", cs)
		})
	}
}
