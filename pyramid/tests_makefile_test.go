package pyramid

import (
	"context"
	"strings"
	"testing"
)

// A project whose build never enters its test directory, and whose
// miners find no test command, makes the tests there with the Makefile
// that directory has: its run/test target when it has one, the unit
// tests' directory before another at the same depth; with a test command
// found, nothing is added.
func TestTestsMakefile(t *testing.T) {
	files := map[string]string{
		"CMakeLists.txt":                "project(q CXX)\nadd_library(q INTERFACE)\n",
		"q.h":                           "struct Q {};\n",
		"tests/stabtest/makefile":       "default: stabtest\nstabtest: stabtest.cpp\n\tg++ stabtest.cpp -o stabtest\n",
		"tests/unittests/makefile":      "default: unittests\nunittests: unittests.cpp\n\tg++ unittests.cpp -o unittests\nrun: unittests\n\t./unittests\n",
		"tests/unittests/unittests.cpp": "int main() { return 0; }\n",
	}
	ix := repoIndex(t, files)
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range p.Commands {
		if c.Bucket == Unit {
			got = append(got, c.Text)
		}
	}
	if strings.Join(got, "|") != "make -C tests/unittests run" {
		t.Errorf("unit commands %q", got)
	}
	files[".github/workflows/ci.yml"] = "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: ./run-tests.sh\n"
	files["run-tests.sh"] = "#!/bin/sh\nexit 0\n"
	p, err = Mine(context.Background(), repoIndex(t, files), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range p.Commands {
		if strings.HasPrefix(c.Text, "make -C tests") {
			t.Errorf("added beside a test command: %v", p.Commands)
		}
	}
}
