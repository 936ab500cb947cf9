package pyramid

import (
	"context"
	"slices"
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

// A header-only library without a build system (thread-pool's
// include/BS_thread_pool.hpp, tests/BS_thread_pool_test.cpp): its
// headers compile on their own as its build, its test program compiles
// with their directory on the include path — even beside a documented
// command of no stack heragent knows, which only that compile would make.
func TestHeaderOnlyOwnTests(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"include/pool.hpp":    "#pragma once\nnamespace pool { inline int answer() { return 42; } }\n",
		"tests/pool_test.cpp": "#include \"pool.hpp\"\nint main() { return pool::answer() == 42 ? 0 : 1; }\n",
		"README.md":           "# pool\n\nRun the tests:\n\n```sh\nbuild/pool_test\n```\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var build, unit string
	for _, c := range p.Commands {
		switch {
		case c.Bucket == Build && strings.Contains(c.Text, "-fsyntax-only"):
			build = c.Text
		case c.Bucket == Unit && strings.HasPrefix(c.Text, "mkdir -p build/tests"):
			unit = c.Text
		}
	}
	if build != "c++ -x c++ -fsyntax-only -Iinclude include/pool.hpp" {
		t.Errorf("header build %q", build)
	}
	if !strings.Contains(unit, "c++ -I. -Itests -Iinclude tests/pool_test.cpp  -o build/tests/pool_test") {
		t.Errorf("test command %q (all: %v)", unit, p.Commands)
	}
}

// A header-only library whose tests build themselves (hedley's hedley.h
// beside test/Makefile, whose default goal compiles them): its header
// compiles as its build, make in test/ is its test run.
func TestHeaderOnlyTestDirMakefile(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"hedley.h":      "#if !defined(HEDLEY_VERSION)\n#define HEDLEY_VERSION 15\n#endif\n",
		"test/Makefile": "TESTS = likely\nall: $(TESTS)\n",
		"test/likely.c": "#include \"../hedley.h\"\nint main(void) { return 0; }\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var build, unit Command
	for _, c := range p.Commands {
		switch {
		case c.Bucket == Build && strings.Contains(c.Text, "-fsyntax-only"):
			build = c
		case c.Bucket == Unit && c.Text == "make":
			unit = c
		}
	}
	if build.Text != "cc -fsyntax-only -I. hedley.h" || unit.Dir != "test" {
		t.Errorf("build %q, test %+v (all: %v)", build.Text, unit, p.Commands)
	}
}

// A README's cmake and meson commands for a project of the reader's own
// are dropped from a checkout without CMakeLists.txt or meson.build: they
// would stop the build sequence before the header check.
func TestForeignBuildCommandsDropped(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"include/pool.hpp":    "#pragma once\n",
		"tests/pool_test.cpp": "#include \"pool.hpp\"\nint main() { return 0; }\n",
		"README.md":           "# pool\n\nWith CMake:\n\n```sh\ncmake -B build\ncmake --build build\nmeson wrap install pool\ncmake -P tools/fetch.cmake\n```\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range p.Commands {
		if strings.HasPrefix(c.Text, "cmake -B") || strings.HasPrefix(c.Text, "cmake --build") || strings.HasPrefix(c.Text, "meson") {
			t.Errorf("kept %q", c.Text)
		}
	}
}

// A library whose sources all sit in one directory below src/ (mpack's
// src/mpack/*.c, the checkout named otherwise) is compiled from there;
// sources spread over two such directories are a project whose build
// the pyramid does not know.
func TestSourcesBelowSrc(t *testing.T) {
	for files, want := range map[*map[string]string]bool{
		{"src/mp/mp-reader.c": "int r(void) { return 0; }\n", "src/mp/mp-writer.c": "int w(void) { return 0; }\n", "src/mp/mp.h": "int r(void);\n"}:                  true,
		{"src/mp/mp-reader.c": "int r(void) { return 0; }\n", "src/other/o.c": "int o(void) { return 0; }\n", "src/mp/mp.h": "int r(void);\n", "README.md": "# x\n"}: false,
	} {
		p, err := Mine(context.Background(), repoIndex(t, *files), Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := slices.ContainsFunc(p.Commands, func(c Command) bool {
			return c.Bucket == Build && strings.Contains(c.Text, "cc -c -Isrc/mp src/mp/mp-reader.c -o build/objects/src_mp_mp-reader.c.o")
		})
		if got != want {
			t.Errorf("%v: compiled %v, want %v (%v)", *files, got, want, p.Commands)
		}
	}
}

// A test program reading its fixtures by paths relative to its own
// directory (tidwall/json.c's tests/test_json.c: "testfiles/%s", its
// run.sh cd-ing there) runs from that directory; one naming no such
// path runs from the top.
func TestOwnTestProgramReadsBeside(t *testing.T) {
	for code, want := range map[string]string{
		"#include \"json.h\"\nint main(void) { char p[64]; snprintf(p, 64, \"testfiles/%s\", \"a.json\"); return json(); }\n": "(cd tests && timeout 300 ../build/tests/test_json) < /dev/null",
		"#include \"json.h\"\nint main(void) { return json(); }\n":                                                            "timeout 300 ./build/tests/test_json < /dev/null",
	} {
		p, err := Mine(context.Background(), repoIndex(t, map[string]string{
			"json.c":                 "#include \"json.h\"\nint json(void) { return 0; }\n",
			"json.h":                 "int json(void);\n",
			"tests/test_json.c":      code,
			"tests/testfiles/a.json": "{}\n",
		}), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(p.Commands, func(c Command) bool { return c.Bucket == Unit && strings.Contains(c.Text, want) }) {
			t.Errorf("no test command running %q: %v", want, p.Commands)
		}
	}
}
