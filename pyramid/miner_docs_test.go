package pyramid

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// A project documented in reST man sections (OpenVPN's doc/man-sections,
// Pygments' doc/docs) keeps its uses in literal blocks of documents two
// levels down: those that run the project's own program are mined; a
// configuration in a literal block, and other programs in deep documents,
// are not.
func TestDocsLiteralBlocksAndDeepDocs(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"configure.ac":                 "AC_INIT([greet], [1.0])\nAM_INIT_AUTOMAKE\nAC_PROG_CC\nAC_CONFIG_FILES([Makefile src/Makefile])\nAC_OUTPUT\n",
		"Makefile.am":                  "SUBDIRS = src\n",
		"src/Makefile.am":              "bin_PROGRAMS = greet\ngreet_SOURCES = greet.c\n",
		"src/greet.c":                  "int main(void) { return 0; }\n",
		"doc/man-sections/options.rst": "Options\n=======\n--genkey file\n  Write a key.\n\n  Examples:\n  ::\n\n     $ greet --genkey secret.key\n\n--self-test\n  Typical usage::\n\n     greet --self-test\n\n  A configuration::\n\n     remote 10.0.0.1\n     make install\n",
		"doc/dev/hacking.md":           "# Hacking\n\n```sh\nvalgrind ./src/greet\nmake check\n```\n",
	})
	got := minedDocTexts(t, e)
	want := []string{"./src/greet --genkey secret.key @ docs doc/man-sections/options.rst:9", "./src/greet --self-test @ docs doc/man-sections/options.rst:14"}
	if !slices.Equal(got, want) {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}

// minedDocTexts are the documents' commands mined in e, each with where.
func minedDocTexts(t *testing.T, e *env) []string {
	t.Helper()
	cs, err := mineDocs(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cs {
		got = append(got, c.Text+" @ "+c.Why[0].Where())
	}
	return got
}

// Sphinx documents in documentation/ (pyserial) are mined as doc/'s are;
// a deeper one keeps the runs of the project's own Python modules.
func TestDocumentationDirectory(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"setup.py":                     "from setuptools import setup\nsetup(name='serial', packages=['serial'])\n",
		"serial/__init__.py":           "",
		"serial/tools/list_ports.py":   "print('no ports found')\n",
		"documentation/tools.rst":      "Tools\n=====\n\n- List all ports::\n\n    $ python -m serial.tools.list_ports -v\n    /dev/ttyS0\n",
		"documentation/guide/more.rst": "More\n====\n\n::\n\n    $ python -m serial.tools.list_ports\n    $ python -m http.server\n",
	})
	got := minedDocTexts(t, e)
	want := []string{"python -m serial.tools.list_ports @ docs documentation/guide/more.rst:6", "python -m serial.tools.list_ports -v @ docs documentation/tools.rst:6"}
	if !slices.Equal(got, want) {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}

// A docs example running ./tests, where tests/ is the checkout's test
// directory, is the reader's own test program (Catch2's command-line.md).
func TestDocsProgramThatIsADirectoryIsDropped(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"CMakeLists.txt": "project(x)\nadd_executable(tool main.c)\n",
		"tests/t.cpp":    "int main(){}\n",
		"docs/usage.md":  "# Usage\n\n```sh\n./tests \"Test 1\"\n./tool --list\n```\n",
	})
	cs, err := mineDocs(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if strings.HasPrefix(c.Text, "./tests") {
			t.Fatalf("mined %q, a directory of the checkout", c.Text)
		}
	}
}

// A block showing a program's --help (rimraf's "rimraf version 6.0.1",
// then its usage and options) is output, but for the line asking for it.
func TestHelpOutputBlock(t *testing.T) {
	help := "rimraf version 6.0.1\n\nUsage: rimraf <path> [<path> ...]\nDeletes all files and folders at \"path\", recursively.\n\nOptions:\n  -h --help            Display this usage info\n"
	if !helpOutput(help) || helpAsked(help) != "" {
		t.Errorf("rimraf's help: %v %q", helpOutput(help), helpAsked(help))
	}
	if got := helpAsked("foo --help\nUsage: foo [OPTIONS]\n"); got != "foo --help" {
		t.Errorf("the line asking: %q", got)
	}
	if helpOutput("$ foo --help\nUsage: foo [OPTIONS]\n") {
		t.Error("a console session with a prompt is commands")
	}
}

// A test directory's README says how the suite runs: its test commands
// are mined (mpack's test/README.md runs tools/unit.sh under "Running
// the unit tests", a script the tools directory alone would make a CI
// helper; tinyobjloader's tests/README runs make check in tests/), its
// other commands are not.
func TestTestDirectoryReadme(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"src/mp.c":        "int f(void) { return 0; }\n",
		"tools/unit.sh":   "#!/bin/sh\nninja -f .build/unit/build.ninja\n",
		"tools/lint.sh":   "#!/bin/sh\n",
		"test/README.md":  "# Unit Tests\n\n## Dependencies\n\n```sh\nsudo apt-get install ninja-build\n./configure.py --gen\n```\n\n## Running the unit tests\n\n```sh\ntools/unit.sh\n```\n\n## Other\n\n```sh\ntools/lint.sh\n```\n",
		"test/Makefile":   "check:\n\t./run\n",
		"tests/README.md": "# Tests\n\n    $ make check\n",
		"tests/Makefile":  "check:\n\t./run\n",
	})
	cs, err := mineDocs(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cs {
		got = append(got, c.Text+" @ "+c.Dir+" "+string(c.Bucket))
	}
	want := []string{"tools/unit.sh @  unit", "make check @ tests unit"}
	if !slices.Equal(got, want) {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}

// A project whose hand-written configure writes the Makefile (entr's
// copies Makefile.linux) has no Makefile before the build: its README's
// indented build steps are what say how it tests; with a committed
// Makefile they are not taken.
func TestDocsBuildStepsWhenConfigureWritesTheMakefile(t *testing.T) {
	files := map[string]string{
		"configure":      "#!/bin/sh\ncp Makefile.linux Makefile\n",
		"Makefile.linux": "include Makefile.bsd\n",
		"entr.c":         "int main(void){return 0;}\n",
		"README.md":      "# entr\n\nSource Installation\n-------------------\n\n    ./configure\n    make test\n    make install\n",
	}
	texts := func(files map[string]string) []string {
		cs, err := mineDocs(context.Background(), repoEnv(t, files))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, c := range cs {
			out = append(out, c.Text)
		}
		return out
	}
	if got := texts(files); !slices.Contains(got, "make test") {
		t.Errorf("configure writes the Makefile: mined %q, want make test", got)
	}
	files["Makefile"] = "all:\n\tcc -o entr entr.c\n"
	if got := texts(files); slices.Contains(got, "make test") {
		t.Errorf("a committed Makefile: mined %q from the README", got)
	}
}
