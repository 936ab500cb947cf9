package pyramid

import (
	"github.com/heragent/heragent/bashfile"
	"reflect"
	"testing"
)

// splitShellCases are splitShell's table; FuzzSplitShell starts from them too.
var splitShellCases = []struct {
	name  string
	block string
	want  []shellCmd
}{
	{"lines", "make\nmake test\n", []shellCmd{{"make", "", 1}, {"make test", "", 2}}},
	{"comments and blanks", "# build\n\nmake # all\n", []shellCmd{{"make", "", 3}}},
	{"prompts drop output", "$ ./rev hello\nolleh\n$ make test\nok\n", []shellCmd{{"./rev hello", "", 1}, {"make test", "", 3}}},
	{"sudo", "sudo make install", []shellCmd{{"make install", "", 1}}},
	{"mkdir cd build", "mkdir build\ncd build\ncmake ..\nmake", []shellCmd{{"cmake ..", "build", 3}, {"make", "build", 4}}},
	{"ad-hoc build dir is build", "mkdir json-c-build && cd json-c-build\ncmake ..", []shellCmd{{"cmake ..", "build", 2}}},
	{"cd known", "cd tests\n./run.sh\ncd ..\nmake", []shellCmd{{"./run.sh", "tests", 2}, {"make", "", 4}}},
	{"cd elsewhere", "express /tmp/foo && cd /tmp/foo\nnpm start", []shellCmd{{"express /tmp/foo", "", 1}}},
	{"clone then cd", "git clone https://github.com/a/proj.git\ncd proj\nmake", []shellCmd{{"git clone https://github.com/a/proj.git", "", 1}, {"make", "", 3}}},
	{"continuation", "./configure \\\n  --prefix=/usr\nmake", []shellCmd{{"./configure --prefix=/usr", "", 1}, {"make", "", 3}}},
	{"the CI's checkout variable, from a working-directory", "cd build\ncmake $GITHUB_WORKSPACE/test -DX=1\ncmake --build .", []shellCmd{{"cmake ../test -DX=1", "build", 2}, {"cmake --build .", "build", 3}}},
	{"a working-directory's cd on the run's first line", "cd build; ctest", []shellCmd{{"ctest", "build", 1}}},
	{"an earlier step's build directory is the setup script's", "cd build-static-dbg\nctest --output-on-failure", []shellCmd{{"ctest --output-on-failure", "build", 2}}},
	{"a configuration's directory under the build directory", "cd build/Release; ctest -C Release", []shellCmd{{"ctest -C Release", "build", 1}}},
	{"cd into the checkout's directory by its variable", "cd $GITHUB_WORKSPACE/tests\n./run.sh", []shellCmd{{"./run.sh", "tests", 2}}},
	{"the checkout variable at the top", "cp ${GITHUB_WORKSPACE}/a.conf x.conf", []shellCmd{{"cp ./a.conf x.conf", "", 1}}},
	{"a build tool's -C at another conventional build directory", "meson setup builddir\nninja -C builddir test\nmake -C tests", []shellCmd{{"meson setup builddir", "", 1}, {"ninja -C build test", "", 2}, {"make -C tests", "", 3}}},
	{"unparsable prose", "Run this:\nmake test\nthen (enjoy", []shellCmd{{"Run this:", "", 1}, {"make test", "", 2}}}, // prose is left to the classifier
}

// A setup script that builds in the checkout (autotools' ./configure at
// the top) runs there what CI ran in a build directory of its own:
// ctags' `mkdir -p build.d`, `cd build.d && make check`, `make -C build.d
// check`; a source directory under it is the checkout's.
func TestSplitShellInTreeBuild(t *testing.T) {
	ws := workspace{known: func(d string) bool { return d == "tests" }, buildDir: ".", isDir: func(d string) bool { return d == "tests" }}
	block := "mkdir -p build.d\ncd build.d && ./ctags --help\nmake -C build.d check\ncd build/tests && ./run.sh\nmake -C tests"
	want := []shellCmd{{"./ctags --help", "", 2}, {"make check", "", 3}, {"./run.sh", "tests", 4}, {"make -C tests", "tests", 5}}
	if got := splitShell(block, ws); !reflect.DeepEqual(got, want) {
		t.Errorf("splitShell(%q)\n got  %+v\n want %+v", block, got, want)
	}
}

func TestSplitShell(t *testing.T) {
	ws := workspace{known: func(d string) bool { return d == "tests" || buildDirs[d] }, buildDir: "build", isDir: func(d string) bool { return d == "tests" }}
	for _, tt := range splitShellCases {
		t.Run(tt.name, func(t *testing.T) {
			got := splitShell(tt.block, ws)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("splitShell(%q)\n got  %+v\n want %+v", tt.block, got, tt.want)
			}
		})
	}
}

func TestCanonicalMergesSpellings(t *testing.T) {
	same := [][2]Command{
		{{Text: "ctest --test-dir build"}, {Text: "ctest --output-on-failure", Dir: "build"}},
		{{Text: "meson test -C build"}, {Text: "meson test", Dir: "build"}},
		{{Text: "python3 -m pytest"}, {Text: "pytest -q"}},
		{{Text: "npm run test"}, {Text: "npm test"}},
		{{Text: "make test"}, {Text: "VERBOSE=1 make USE_VALGRIND=0 test"}},
		{{Text: "make"}, {Text: "make -j\"$(nproc)\" V=1"}},
	}
	for _, p := range same {
		if canonical(p[0]) != canonical(p[1]) {
			t.Errorf("canonical(%q) = %q, canonical(%q in %q) = %q", p[0].Text, canonical(p[0]), p[1].Text, p[1].Dir, canonical(p[1]))
		}
	}
}

func TestFit(t *testing.T) {
	e := fixtureEnv(t, "c-cmake")
	tests := []struct {
		text, dir string
		wantDir   string
		ok        bool
	}{
		{"ctest --output-on-failure", "", "build", true},
		{"cmake --build .", "", "build", true},
		{"make test", "", "build", true},
		{"ctest --test-dir build", "", "", true},
		{"cmake ../checksum", "build", "build", false}, // a sibling checkout that is not here
		{"./build/checksum-cli hello", "", "", true},
		{"cat ../../etc/passwd", "", "", false},
		{"npm start", "", "", false}, // no package.json script
		{"flask run", "", "", false}, // no app
	}
	for _, tt := range tests {
		dir, ok := e.fit(tt.text, tt.dir, nil)
		if dir != tt.wantDir || ok != tt.ok {
			t.Errorf("fit(%q, %q) = %q, %v; want %q, %v", tt.text, tt.dir, dir, ok, tt.wantDir, tt.ok)
		}
	}
}

// A setup script building in the checkout makes no conventional build
// directory: CI's `cd build` before `make check` is the checkout's top
// there, and a checkout's own build/ stays a directory of it.
func TestInTreeWorkspace(t *testing.T) {
	e := testEnv(t, "intree", map[string]string{"configure.ac": "AC_INIT([x], [1])\n", "tools/build/gen.sh": "#!/bin/sh\n"}, "")
	e.layout = bashfile.Layout{BuildDirs: map[string]string{"autotools": bashfile.InTree}}
	ws := e.workspace()
	if ws.buildDir != "." || e.exists("build") {
		t.Fatalf("in-tree workspace: build dir %q, build/ exists %v", ws.buildDir, e.exists("build"))
	}
	got := splitShell("cd build && make check\ncd tools/build && ./gen.sh", ws)
	if want := []shellCmd{{"make check", "", 1}, {"./gen.sh", "tools/build", 2}}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	e.layout = bashfile.Layout{BuildDirs: map[string]string{"cmake": "build"}}
	if !e.exists("build") || e.workspace().buildDir != "build" {
		t.Errorf("an out-of-tree build's directory")
	}
}
