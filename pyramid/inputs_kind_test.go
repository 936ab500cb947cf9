package pyramid

import (
	"context"
	"strings"
	"testing"
)

// A documented use naming the reader's file by its kind only
// (`easyjson -all <file>.go`) runs on the project's own file of that
// kind: an example's, not a test module or a stub; a kind the project has
// none of is a file named as the placeholder, written as a sample.
func TestKindPlaceholderIsTheProjectsFile(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"Makefile":           "all:conv\n\nconv:main.c\n\t$(CC) main.c -o $@\n",
		"main.c":             "int main(int argc, char *argv[]) { return 0; }\n",
		"lib.go":             "package conv\n" + strings.Repeat("// x\n", 100),
		"tests/stub.go":      "package tests\n",
		"tests/data.go":      "package tests\n\ntype Data struct {\n" + strings.Repeat("\tA int\n", 60) + "}\n",
		"tests/data_test.go": "package tests\n" + strings.Repeat("// x\n", 60),
		"README.md":          "# conv\n\n```sh\n./conv -all <file>.go\n./conv <input.csv>\n```\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var goUse, csvUse bool
	for _, c := range p.Commands {
		goUse = goUse || strings.HasSuffix(c.Text, "./conv -all tests/data.go")
		csvUse = csvUse || strings.Contains(c.Text, "> input.csv && ./conv input.csv")
	}
	if !goUse || !csvUse {
		t.Errorf("uses of the program on files of the kinds: %v", p.Commands)
	}
}

// A documented use naming an input of a kind no sample is written for
// (stylus's style.styl, pug's index.pug) gets the project's own file of
// that kind copied to the name — a test case, not a crasher kept to make
// the program fail.
func TestInputOfTheProjectsOwnKind(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"Makefile":                  "all:conv\n\nconv:main.c\n\t$(CC) main.c -o $@\n",
		"main.c":                    "int main(int argc, char *argv[]) { return 0; }\n",
		"test/cases/crash/big.styl": "body\n  color red\n",
		"test/cases/nested.styl":    "body\n  color: red\n  a\n    color: blue\n" + strings.Repeat("// x\n", 10),
		"README.md":                 "# conv\n\n```sh\n./conv site.styl\n```\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range p.Commands {
		found = found || strings.HasSuffix(c.Text, "cp test/cases/nested.styl site.styl && ./conv site.styl")
	}
	if !found {
		t.Errorf("the use on the project's own file of the kind: %v", p.Commands)
	}
}
