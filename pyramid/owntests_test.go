package pyramid

import (
	"context"
	"strings"
	"testing"
)

// A C library without a build system and with test programs of its own
// beside its sources (crypto-algorithms' aes_test.c, slre's unit_test.c):
// one Unit command builds each with the library's objects (not those of
// a source holding a main) and reports it as automake does; a test of a
// framework, or a file without a main, is none.
func TestOwnTestPrograms(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"aes.c":        "#include \"aes.h\"\nint aes(void) { return 1; }\n",
		"aes.h":        "int aes(void);\n",
		"demo.c":       "#include \"aes.h\"\nint main(void) { return aes(); }\n",
		"aes_test.c":   "#include <stdio.h>\n#include \"aes.h\"\nint main()\n{\n\tprintf(\"AES Tests: %s\\n\", aes() ? \"SUCCEEDED\" : \"FAILED\");\n\treturn 0;\n}\n",
		"test_util.c":  "int helper(void) { return 0; }\n",
		"gtest_test.c": "#include <gtest/gtest.h>\nint main() { return 0; }\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range p.Commands {
		if c.Bucket != Unit {
			continue
		}
		for _, want := range []string{"cc -I. aes_test.c build/objects/aes.c.o -o build/tests/aes_test -lm", "echo \"$r: aes_test\"", "(FAILED|FAILURE|FAIL)", "exit $rc"} {
			if !strings.Contains(c.Text, want) {
				t.Errorf("no %q in %s", want, c.Text)
			}
		}
		for _, not := range []string{"demo.c.o", "test_util", "gtest_test"} {
			if strings.Contains(c.Text, not) {
				t.Errorf("%q in %s", not, c.Text)
			}
		}
		return
	}
	t.Fatalf("no test command in %v", p.Commands)
}
