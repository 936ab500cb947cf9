package repair

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

// #include "doctest.h" from a submodule nobody fetched: Debian's
// doctest-dev ships it as doctest/doctest.h, so installing the package is
// not enough — its directory joins the compiler's search path (CPATH) in
// the same repair; when the package is there already, CPATH alone.
func TestHeaderInASubdirectoryGoesOnCPATH(t *testing.T) {
	f := Failure{Phase: PhaseSetup, ExitCode: 2, Log: readLog(t, "missing-header/doctest-in-subdir-toml11.log")}
	index := MapIndex{Headers: map[string][]string{"doctest.h": {"doctest-dev", "libpwiz-dev"}}, IncludeDirs: map[string]string{"doctest.h": "/usr/include/doctest"}}
	file := bashfile.New()
	file.Append(bashfile.Build, "cmake -S . -B build", bashfile.Provenance{Source: "test"})
	ps := Propose(&Context{File: file, Index: index}, f)
	if len(ps) != 1 || ps[0].Action != ActionEdit || len(ps[0].Edits) != 2 || !strings.HasPrefix(ps[0].Edits[1].Command, `persist_env CPATH "/usr/include/doctest$(pkg-config --cflags-only-I $(dpkg -L doctest-dev `) {
		t.Fatalf("proposals %+v", ps)
	}
	g := file.Clone()
	g.Apply(ps[0].Edits[0]) // the package only, as an older repair left it
	ps = Propose(&Context{File: g, Index: index}, f)
	if len(ps) != 1 || ps[0].Action != ActionEdit || len(ps[0].Edits) != 1 || !strings.Contains(ps[0].Edits[0].Command, "CPATH") {
		t.Fatalf("with the package installed: %+v", ps)
	}
}

// dirIndex knows each package's include directory of a header.
type dirIndex struct {
	MapIndex
	dirs map[string]string // package → directory
}

func (d dirIndex) HeaderDir(_, pkg string) string { return d.dirs[pkg] }

// json.h is json-c's and json-parser's (and others'): json-builder's
// CMakeLists.txt adds -I../json-parser, so json-parser's package is the
// one installed; with no directory named, the index's order stands.
func TestHeaderOfTheLibraryTheBuildNames(t *testing.T) {
	f := Failure{Phase: PhaseSetup, ExitCode: 2, Log: readLog(t, "missing-header/json-h-json-builder.log")}
	index := dirIndex{MapIndex{Headers: map[string][]string{"json.h": {"libjson-c-dev", "libcpprest-dev", "libjsoncpp-dev", "libjsonparser-dev"}}},
		map[string]string{"libjson-c-dev": "/usr/include/json-c", "libcpprest-dev": "/usr/include/cpprest", "libjsoncpp-dev": "/usr/include/jsoncpp/json", "libjsonparser-dev": "/usr/include/json-parser"}}
	for cmake, want := range map[string]string{
		"set (CMAKE_C_FLAGS \"-std=c89 -I../json-parser ${CMAKE_C_FLAGS}\")\n": "libjsonparser-dev",
		"add_library(jsonbuilder json-builder.c)\n":                            "libjson-c-dev",
	} {
		repo := fstest.MapFS{"CMakeLists.txt": {Data: []byte(cmake)}, "README.md": {Data: []byte("A builder for json.h's values.\n")}}
		ps := Propose(&Context{File: sampleFile(t), Index: index, Repo: repo}, f)
		if len(ps) != 1 || ps[0].Action != ActionEdit || len(ps[0].Edits) == 0 || !slices.Contains(ps[0].Edits[0].Packages, want) {
			t.Fatalf("%q: proposals %+v, want %s", cmake, ps, want)
		}
	}
}

// A header only an unrelated library ships in a subdirectory of its own
// (winpr2's /usr/include/winpr2/winpr/collections.h) is no candidate for
// a project that names no such library: ape's tests include the
// collections.h its own split script writes. Named by the build, or named
// after the header (lua5.4/lua.h), it is.
func TestHeaderInAnUnrelatedSubdirectory(t *testing.T) {
	log := "tests/tests.c:5:10: fatal error: collections.h: No such file or directory\n    5 | #include \"collections.h\"\ncompilation terminated.\n"
	f := Failure{Phase: PhaseCommand, ExitCode: 1, Log: log}
	index := dirIndex{MapIndex{Headers: map[string][]string{"collections.h": {"libwinpr2-dev"}, "lua.h": {"liblua5.4-dev"}}},
		map[string]string{"libwinpr2-dev": "/usr/include/winpr2/winpr", "liblua5.4-dev": "/usr/include/lua5.4"}}
	for _, tc := range []struct {
		log, build, want string
	}{
		{log, "all:\n\tcc -o t tests/tests.c\n", ""},
		{log, "all:\n\tcc $(pkg-config --cflags winpr) -o t tests/tests.c\n", "libwinpr2-dev"},
		{strings.ReplaceAll(log, "collections.h", "lua.h"), "all:\n\tcc -o t t.c -llua\n", "liblua5.4-dev"},
	} {
		f.Log = tc.log
		repo := fstest.MapFS{"Makefile": {Data: []byte(tc.build)}}
		got := ""
		for _, p := range Propose(&Context{File: sampleFile(t), Index: index, Repo: repo}, f) {
			if p.Diagnosis.Kind == MissingHeader && p.Action == ActionEdit && len(p.Edits[0].Packages) > 0 {
				got = p.Edits[0].Packages[0]
			}
		}
		if got != tc.want {
			t.Errorf("%q: installs %q, want %q (%+v)", tc.build, got, tc.want, Propose(&Context{File: sampleFile(t), Index: index, Repo: repo}, f))
		}
	}
}
