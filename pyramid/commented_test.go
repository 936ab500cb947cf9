package pyramid

import (
	"context"
	"testing"
)

// hashmap.c's README: a program run its comment calls the tests is the
// suite, one it calls a benchmark is no use; an uncommented run and one
// with another comment stay uses.
func TestDocsCommentNamesTheCommand(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"README.md": "# hm\n\n## Testing\n\n```sh\n$ cc -DHASHMAP_TEST hashmap.c && ./a.out              # run tests\n" +
			"$ cc -DHASHMAP_TEST -O3 hashmap.c && BENCH=1 ./a.out  # run benchmarks\n```\n\n## Use\n\n```sh\n./hm input.txt # prints the map\n./hm other.txt\n```\n",
		"hashmap.c": "int main(void) { return 0; }\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Bucket{}
	for _, c := range p.Commands {
		if !c.Synth {
			got[c.Text] = c.Bucket
		}
	}
	if got["cc -DHASHMAP_TEST hashmap.c && ./a.out"] != Unit {
		t.Errorf("the commented tests: %v", got)
	}
	if _, ok := got["cc -DHASHMAP_TEST -O3 hashmap.c && BENCH=1 ./a.out"]; ok {
		t.Errorf("the commented benchmark is kept: %v", got)
	}
	for _, text := range []string{"./hm input.txt", "./hm other.txt"} {
		for c, b := range got {
			if len(c) >= len(text) && c[len(c)-len(text):] == text && b != Entry {
				t.Errorf("%s: %s, want entry", c, b)
			}
		}
	}
}

func TestCommented(t *testing.T) {
	entry := verdict{Bucket: Entry}
	for _, tc := range []struct {
		comment string
		bucket  Bucket
		drop    bool
	}{
		{" run tests", Unit, false}, {"runs the unit tests.", Unit, false}, {"run the test suite", Unit, false},
		{"run benchmarks", "", true}, {"prints the map", Entry, false}, {"", Entry, false},
		{"test the installation works", Entry, false},
	} {
		v := commented(entry, tc.comment)
		if v.Bucket != tc.bucket || (v.Drop != "") != tc.drop {
			t.Errorf("%q: %+v", tc.comment, v)
		}
	}
	if v := commented(verdict{Bucket: Build}, "run tests"); v.Bucket != Build {
		t.Errorf("a build its comment calls tests: %+v", v)
	}
}
