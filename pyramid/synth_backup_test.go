package pyramid

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// A program the build's tests run and that is compiled only from test
// sources is a test program (utf8proc's `case`); one of test/ sources
// that no test runs is a program (zlib's minigzip), and so is an example
// the suite runs (zlib's example); one built only with the tests is a
// test helper (dr_libs' wav_debugging).
func TestCMakeTestPrograms(t *testing.T) {
	files := map[string]string{
		"CMakeLists.txt": "project(u C)\nadd_library(u u.c)\nenable_testing()\n" +
			"add_executable(case test/tests.h test/tests.c u.h test/case.c)\nadd_test(u.testcase case)\n" +
			"add_executable(example test/example.c)\nadd_test(NAME example COMMAND $<TARGET_FILE:example>)\n" +
			"add_executable(minigzip test/minigzip.c)\n" +
			"option(U_BUILD_TESTS \"tests\" OFF)\nif(U_BUILD_TESTS)\n  add_executable(u_debugging test/debugging.c)\nendif()\n",
		"u.c":              "int u(void) { return 1; }\n",
		"u.h":              "int u(void);\n",
		"test/tests.c":     "int helper(void) { return 0; }\n",
		"test/case.c":      "#include <stdio.h>\nint main(void) { return 0; }\n",
		"test/example.c":   "#include <stdio.h>\nint main(void) { puts(\"ok\"); return 0; }\n",
		"test/minigzip.c":  "#include <stdio.h>\nint main(int argc, char **argv) { int c; while ((c = getchar()) != EOF) putchar(c); return 0; }\n",
		"test/debugging.c": "int main(void) { return 0; }\n",
	}
	all := strings.Join(programRuns(t, "u", []string{"cmake"}, files), " ")
	if strings.Contains(all, "/case") || !strings.Contains(all, "/example") || !strings.Contains(all, "/minigzip") || strings.Contains(all, "u_debugging") {
		t.Errorf("programs: %s", all)
	}
}

// A README's `go run|install MODULE/pkg@version` of the checkout's own
// module runs the package here (bbolt's `go run
// go.etcd.io/bbolt/cmd/bbolt@latest`). When the README documents a use,
// the probes of the repository's own programs still back it up (after
// it), without their --version and --help.
func TestDocumentedRunnableIsBackedUp(t *testing.T) {
	ix := tempIndex(t, "kv", map[string]string{
		"go.mod":         "module example.com/kv\n\ngo 1.19\n",
		"kv.go":          "package kv\n\nfunc Do() int { return 1 }\n",
		"cmd/kv/main.go": "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"ok\") }\n",
		"README.md":      "# kv\n\n```sh\ngo run example.com/kv/cmd/kv@latest hello\ngo install example.com/kv/cmd/kv@v1.2.0\n```\n",
	})
	p, err := Mine(context.Background(), ix, Options{Stacks: []string{"go"}})
	if err != nil {
		t.Fatal(err)
	}
	var runnable []string
	install := false
	for _, c := range p.Commands {
		if c.Level == Runnable {
			runnable = append(runnable, c.Text)
		}
		install = install || c.Text == "go install ./cmd/kv"
	}
	if !install {
		t.Errorf("no `go install ./cmd/kv`: %+v", p.Commands)
	}
	if len(runnable) < 2 || runnable[0] != "go run ./cmd/kv hello" || !slices.Contains(runnable[1:], "go run ./cmd/kv") {
		t.Errorf("runnable: %q", runnable)
	}
	for _, r := range runnable {
		if strings.HasSuffix(r, " --help") {
			t.Errorf("a synthesised last resort beside the documented use: %q", runnable)
		}
	}
}

// A program's input is the kind its name says, else the kind its source
// names most: a Markdown converter (cmark, which mentions the XML it can
// write) reads Markdown, xmltodict's script XML.
func TestSampleInput(t *testing.T) {
	for hint, want := range map[string]string{
		"./build/jq\njson json xml":                                       "JSON",
		"./build/json_parse\nxml xml":                                     "JSON",
		"./build/src/cmark_exe\nxml xml commonmark commonmark commonmark": "Markdown",
		"python xmltodict.py\njson xml xml":                               "XML",
		"./csvtool\njson json":                                            "CSV",
		"./wc\nint main() { getchar(); }":                                 "text",
		"go run ./cmd/shfmt\nshell json shell bash posix shell":           "shell script",
	} {
		if _, kind := sampleInput(hint); kind != want {
			t.Errorf("%q: %s, want %s", hint, kind, want)
		}
	}
}

// A library's example programs kept in its tests directory (libyaml's
// tests/example-deconstructor.c, declared in a loop) are its examples;
// the directory's other programs stay test helpers. An example that
// reads stdin is given an input of the kind it handles.
func TestExamplesBesideTheTests(t *testing.T) {
	files := map[string]string{
		"CMakeLists.txt": "project(yaml C)\nadd_library(yaml src/api.c)\ninclude(CTest)\nif(BUILD_TESTING)\n  add_subdirectory(tests)\nendif()\n",
		"tests/CMakeLists.txt": "function(add_yaml_executable name)\n  add_executable(${name} ${name}.c)\nendfunction()\n" +
			"foreach(name IN ITEMS example-deconstructor run-parser)\n  add_yaml_executable(${name})\nendforeach()\n",
		"src/api.c":                     "int yaml_parse(void) { return 1; }\n",
		"tests/example-deconstructor.c": "#include <stdio.h>\n#include <yaml.h>\nint main(void) { yaml_parser_set_input_file(&p, stdin); /* YAML events */ return 0; }\n",
		"tests/run-parser.c":            "#include <stdio.h>\nint main(int argc, char **argv) { FILE *f = fopen(argv[1], \"rb\"); return f == 0; }\n",
	}
	ctx := context.Background()
	e, err := newEnv(ctx, tempIndex(t, "yaml", files), bashfile.Layout{BuildDirs: map[string]string{"cmake": "build"}}, []string{"cmake"})
	if err != nil {
		t.Fatal(err)
	}
	cs, err := synthesize(ctx, e)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, c := range cs {
		texts = append(texts, c.Text)
	}
	all := strings.Join(texts, "\n")
	if !slices.ContainsFunc(texts, func(s string) bool {
		return strings.HasPrefix(s, "printf 'name: heragent") && strings.HasSuffix(s, "| ./build/tests/example-deconstructor")
	}) || strings.Contains(all, "run-parser") {
		t.Errorf("probes:\n%s", all)
	}
	if exampleBeside("example-x", "third_party/lib/tests", nil) || exampleBeside("example-x", "docs/examples", nil) || exampleBeside("run-parser", "tests", nil) ||
		exampleBeside("parse_examples", "tests", map[string]bool{"parse_examples": true}) || !exampleBeside("example-x", "tests", nil) {
		t.Errorf("exampleBeside")
	}
}

// A project that sets CMAKE_RUNTIME_OUTPUT_DIRECTORY has every program
// there (jansson's build/bin/simple_parse), not in the build tree's copy
// of its source directory.
func TestCMakeRuntimeOutputDirectory(t *testing.T) {
	ix := tempIndex(t, "j", map[string]string{
		"CMakeLists.txt":          "project(j C)\nset(CMAKE_RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)\nadd_subdirectory(examples)\n",
		"examples/CMakeLists.txt": "add_executable(simple_parse simple_parse.c)\n",
		"examples/simple_parse.c": "int main(void) { return 0; }\n",
	})
	e, err := newEnv(context.Background(), ix, bashfile.Layout{BuildDirs: map[string]string{"cmake": "build"}}, []string{"cmake"})
	if err != nil {
		t.Fatal(err)
	}
	if got := e.invocation("simple_parse", "examples/CMakeLists.txt"); got != "./build/bin/simple_parse" {
		t.Errorf("invocation %q", got)
	}
}

// add_subdirectory(src build) builds src's programs under build/ of the
// adding directory's binary directory (lighttpd's build/build/lighttpd),
// nested add_subdirectory calls under their parent's.
func TestCMakeSubdirectoryBinaryDir(t *testing.T) {
	ix := tempIndex(t, "l", map[string]string{
		"CMakeLists.txt":           "project(l C)\nadd_subdirectory(src build)\nadd_subdirectory(tools)\n",
		"src/CMakeLists.txt":       "add_executable(lighttpd server.c)\nadd_subdirectory(angel out)\n",
		"src/server.c":             "int main(void) { return 0; }\n",
		"src/angel/CMakeLists.txt": "add_executable(angel angel.c)\n",
		"src/angel/angel.c":        "int main(void) { return 0; }\n",
		"tools/CMakeLists.txt":     "add_executable(tool tool.c)\n",
		"tools/tool.c":             "int main(void) { return 0; }\n",
	})
	e, err := newEnv(context.Background(), ix, bashfile.Layout{BuildDirs: map[string]string{"cmake": "build"}}, []string{"cmake"})
	if err != nil {
		t.Fatal(err)
	}
	for prog, want := range map[string][2]string{
		"lighttpd": {"src/CMakeLists.txt", "./build/build/lighttpd"},
		"angel":    {"src/angel/CMakeLists.txt", "./build/build/out/angel"},
		"tool":     {"tools/CMakeLists.txt", "./build/tools/tool"},
	} {
		if got := e.invocation(prog, want[0]); got != want[1] {
			t.Errorf("%s: invocation %q, want %q", prog, got, want[1])
		}
	}
}

// A distribution whose module is compiled (ultrajson's setup.py:
// Extension("ujson", …), no ujson.py or package) is imported by that name:
// its README's examples that import it are its real uses.
func TestPyPackageOfACompiledModule(t *testing.T) {
	ix := tempIndex(t, "u", map[string]string{
		"pyproject.toml":           "[project]\nname = \"ujson\"\n",
		"setup.py":                 "from setuptools import Extension, setup\nmodule1 = Extension(\"ujson\", sources=[\"src/ujson/python/ujson.c\"])\nsetup(ext_modules=[module1])\n",
		"src/ujson/python/ujson.c": "int f(void) { return 0; }\n",
		"tests/test_ujson.py":      "import ujson\n",
	})
	e, err := newEnv(context.Background(), ix, bashfile.Layout{}, []string{"python"})
	if err != nil {
		t.Fatal(err)
	}
	if got := pyPackage(context.Background(), e); got != "ujson" {
		t.Errorf("pyPackage %q", got)
	}
}
