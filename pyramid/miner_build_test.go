package pyramid

import (
	"context"
	"slices"
	"testing"

	"github.com/heragent/heragent/retrieval"
)

func TestRunsItsPrograms(t *testing.T) {
	targets := map[string]retrieval.Target{"test_g": {}, "test_fast": {}, "bench": {}}
	tests := []struct {
		name string
		t    retrieval.Target
		want bool
	}{
		// http-parser's Makefile
		{"its linked test programs", retrieval.Target{Command: "$(HELPER) ./test_g$(BINEXT)\n$(HELPER) ./test_fast$(BINEXT)", Sources: []string{"test_g", "test_fast"}}, true},
		{"with @ and arguments", retrieval.Target{Command: "@./test_g -v", Sources: []string{"test_g"}}, true},
		{"a program it does not depend on", retrieval.Target{Command: "./bench", Sources: []string{"test_g"}}, false},
		{"a script", retrieval.Target{Command: "./test_g\nsh run-tests.sh", Sources: []string{"test_g"}}, false},
		{"a program no rule links", retrieval.Target{Command: "./runner", Sources: []string{"runner"}}, false},
		{"no recipe", retrieval.Target{Sources: []string{"test_g"}}, false},
		// pigz's Makefile: checks of its program written in the recipe
		{"checks of its program", retrieval.Target{Command: "./test_g -kf x.c ; ./test_g -t x.c.gz\nprintf \"x\" | ./test_g -cdf | wc -c | test `cat` -eq 1\n-@if test \"`which compress`\" != \"\"; then \\\n  compress -f < x.c | ./unpigz | cmp - x.c ;\\\nfi\n@rm -f x.c.gz", Sources: []string{"test_g"}}, true},
		{"a check of another program", retrieval.Target{Command: "./test_g\nprintf x | gzip | cmp - y", Sources: []string{"test_g"}}, false},
		{"only chores", retrieval.Target{Command: "@echo testing\nrm -f x", Sources: []string{"test_g"}}, false},
		// LMDB's libraries/liblmdb/Makefile: `test: all`, all linking them
		{"programs it needs through all", retrieval.Target{Command: "rm -rf testdb && mkdir testdb\n./mtest && ./mdb_stat testdb", Sources: []string{"all"}}, true},
		{"a program all does not make", retrieval.Target{Command: "mkdir testdb && ./mtest && ./bench", Sources: []string{"all"}}, false},
		{"a chore then a script", retrieval.Target{Command: "mkdir d && sh run.sh", Sources: []string{"all"}}, false},
		// threadpool's Makefile: programs it links in tests/
		{"linked programs in a directory", retrieval.Target{Command: "./tests/shutdown\n./tests/thrdtest", Sources: []string{"tests/shutdown", "tests/thrdtest"}}, true},
		{"a script in a directory", retrieval.Target{Command: "./tests/run.sh", Sources: []string{"tests/shutdown"}}, false},
	}
	targets["tests/shutdown"] = retrieval.Target{Sources: []string{"tests/shutdown.o"}}
	targets["tests/thrdtest"] = retrieval.Target{}
	targets["all"] = retrieval.Target{Sources: []string{"mtest", "mdb_stat", "all"}}
	targets["mtest"] = retrieval.Target{Sources: []string{"mtest.o"}}
	targets["mdb_stat"] = retrieval.Target{}
	for _, tt := range tests {
		if got := runsItsPrograms(tt.t, targets); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// A test target that only links its program of the same name (optparse's
// `test : test.c` → `$(CC) … -o $@ test.c`) runs nothing when made: the
// program is run after it, and it is the suite's driver.
func TestMakeTestTargetThatOnlyLinks(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"Makefile":   "CFLAGS = -ansi\n\ntest : test.c optparse.h\n\t$(CC) $(CFLAGS) $(LDFLAGS) -o $@ test.c $(LDLIBS)\n\nclean :\n\trm -f test\n",
		"test.c":     "int main(void) { return 0; }\n",
		"optparse.h": "int f(void);\n",
	})
	cs, err := mineMakefile(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.Bucket == Unit && (c.Text != "make test && ./test" || !c.Driver) {
			t.Fatalf("test command %+v", c)
		}
	}
	if !slices.ContainsFunc(cs, func(c Command) bool { return c.Text == "make test && ./test" }) {
		t.Fatalf("commands %+v", cs)
	}
}

// A conventional test target whose program the default build already
// made and ran (strdup's `check: test`, `test` linking ./test and running
// it) would run nothing when made again: its program is removed first,
// and the target is the suite's driver.
func TestMakeSelfRunningTestTarget(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"Makefile": "CFLAGS = -std=c99\n\ncheck: test\n\ntest: strdup.o test.o\n\t$(CC) $^ -o $@\n\t./test\n\n%.o: %.c\n\t$(CC) $< -c -o $@ $(CFLAGS)\n\n.PHONY: check\n",
		"test.c":   "int main(void) { return 0; }\n",
		"strdup.c": "int f(void) { return 0; }\n",
	})
	cs, err := mineMakefile(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"rm -f test && make test": false, "rm -f test && make check": false}
	for _, c := range cs {
		if _, ok := want[c.Text]; ok && c.Driver {
			want[c.Text] = true
		}
	}
	for text, seen := range want {
		if !seen {
			t.Fatalf("no driver %q in %+v", text, cs)
		}
	}
}
