package retrieval

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/graph/build"
	"github.com/heragent/heragent/graph/embedded"
)

func index(t *testing.T, fixture string) *Index {
	t.Helper()
	s, err := embedded.Open(context.Background(), filepath.Join(t.TempDir(), "graph.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ix, _, err := Build(context.Background(), filepath.Join("..", "testdata", "repos", fixture), s, build.Options{Name: fixture})
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

func TestCCMake(t *testing.T) {
	ctx := context.Background()
	ix := index(t, "c-cmake")

	un, err := ix.UnresolvedIncludes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var zlib *UnresolvedInclude
	for i := range un {
		if un[i].Header == "checksum.h" {
			t.Errorf("checksum.h is in the repository but unresolved")
		}
		if un[i].Header == "zlib.h" {
			zlib = &un[i]
		}
	}
	if zlib == nil || !zlib.System || len(zlib.Includers) != 1 || zlib.Includers[0] != (Location{"src/checksum.c", 3}) {
		t.Fatalf("zlib.h unresolved include = %+v", zlib)
	}
	inc, err := ix.Includers(ctx, "checksum.h")
	if err != nil {
		t.Fatal(err)
	}
	if len(inc) != 3 || inc[0].Resolved != "include/checksum.h" {
		t.Errorf("includers of checksum.h = %+v", inc)
	}

	eps, err := ix.EntryPoints(ctx)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	for _, e := range eps {
		found[e.Kind+":"+e.Path+":"+e.Name] = true
	}
	for _, w := range []string{"main:src/main.c:main", "main:tests/test_checksum.c:main", "executable:CMakeLists.txt:checksum-cli"} {
		if !found[w] {
			t.Errorf("entry point %s missing from %v", w, found)
		}
	}

	tests, err := ix.Targets(ctx, "test")
	if err != nil {
		t.Fatal(err)
	}
	if len(tests) != 2 || tests[0].Name != "checksum" || tests[0].Command != "test_checksum" || tests[0].Line != 16 {
		t.Errorf("cmake tests = %+v", tests)
	}
	cm, err := ix.FindFiles(ctx, FileQuery{Glob: "CMakeLists.txt"})
	if err != nil || len(cm) != 1 || cm[0].Facts["enable_testing"] != true || cm[0].Kind != "build" {
		t.Errorf("CMakeLists.txt facts = %+v (%v)", cm, err)
	}

	steps, err := ix.CISteps(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != 3 || steps[1].Job != "build" || steps[1].Line != 15 || !strings.HasPrefix(steps[1].Text, "cmake -S . -B build") ||
		len(steps[1].Matrix) != 1 || steps[1].Matrix[0] != "cc=gcc,clang" {
		t.Errorf("ci steps = %+v", steps)
	}

	docs, err := ix.DocSections(ctx, "ctest")
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 1 || docs[0].Heading != "Build and test" || len(docs[0].Code) != 1 || docs[0].Code[0].Lang != "sh" ||
		docs[0].Code[0].Line != 8 || docs[0].Code[0].EndLine != 10 {
		t.Errorf("docs(ctest) = %+v", docs)
	}
	hits, err := ix.SearchText(ctx, "ctest output-on-failure", 5)
	if err != nil || len(hits) != 2 {
		t.Errorf("search = %+v (%v)", hits, err)
	}
}

func TestInvolvedFiles(t *testing.T) {
	ctx := context.Background()
	ix := index(t, "c-make")
	txt, err := ix.ReadFile(ctx, "Makefile", 4, 5, false)
	if err != nil || txt != "all: rev\n\n" {
		t.Fatalf("ReadFile = %q, %v", txt, err)
	}
	if _, err := ix.ReadFile(ctx, "./Makefile", 0, 0, false); !errors.Is(err, ErrAlreadyServed) {
		t.Errorf("second read: %v, want ErrAlreadyServed", err)
	}
	if _, err := ix.ReadFile(ctx, "../../go.mod", 0, 0, true); err == nil {
		t.Error("read outside the repository allowed")
	}
	files, err := ix.FindFiles(ctx, FileQuery{Kind: "build", ExcludeInvolved: true})
	if err != nil || len(files) != 0 {
		t.Errorf("build files excluding involved = %+v", files)
	}
	if got := ix.Involved(); len(got) != 1 || got[0] != "Makefile" {
		t.Errorf("involved = %v", got)
	}
	targets, err := ix.Targets(ctx, "make")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tg := range targets {
		names = append(names, tg.Name)
	}
	if strings.Join(names, ",") != "all,rev,test_rev,test,clean" {
		t.Errorf("make targets = %v", names)
	}
	if targets[3].Command != "./test_rev" {
		t.Errorf("test recipe = %q", targets[3].Command)
	}
}

func TestManifestFacts(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		fixture, file string
		facts         map[string]any
		deps          []string // ecosystem:name:constraint
		entry         string   // kind:path:name
	}{
		{"node-npm", "package.json", map[string]any{"engines_node": ">=18", "main": "lib/slug.js"}, nil, "bin:package.json:slug"},
		{"go-mod", "go.mod", map[string]any{"go": "1.19", "module": "example.com/hello"}, nil, "main:main.go:main"},
		{"python-pyproject", "pyproject.toml", map[string]any{"build_backend": "setuptools.build_meta", "python_requires": ">=3.9"},
			[]string{"pypi:setuptools:>=61", "pypi:pytest:>=7"}, "bin:pyproject.toml:wordcount"},
		{"python-requirements", "requirements.txt", nil, []string{"pypi:PyYAML:>=5.4"}, "main:main.py:__main__"},
		{"c-meson", "meson.build", map[string]any{"project": "calc"}, []string{"meson:threads:"}, "executable:meson.build:calc"},
		{"c-autotools", "configure.ac", map[string]any{"project": "wordfreq", "automake": true},
			[]string{"autoconf-header:ctype.h:", "autoconf-header:stdlib.h:", "autoconf-lib:m:"}, "executable:Makefile.am:wordfreq"},
		{"cpp-cmake-gtest", "CMakeLists.txt", map[string]any{"project": "shapes"}, []string{"cmake:GTest:", "cmake:Threads:"}, "main:src/main.cpp:main"},
		{"multi-stack", "CMakeLists.txt", nil, nil, "main:python/norm.py:__main__"},
	}
	for _, c := range cases {
		t.Run(c.fixture, func(t *testing.T) {
			ix := index(t, c.fixture)
			fs, err := ix.FindFiles(ctx, FileQuery{Glob: c.file})
			if err != nil || len(fs) != 1 {
				t.Fatalf("FindFiles(%s) = %+v, %v", c.file, fs, err)
			}
			for k, v := range c.facts {
				if fs[0].Facts[k] != v {
					t.Errorf("fact %s = %v, want %v (all: %v)", k, fs[0].Facts[k], v, fs[0].Facts)
				}
			}
			deps, err := ix.DeclaredDependencies(ctx, "")
			if err != nil {
				t.Fatal(err)
			}
			have := map[string]bool{}
			for _, d := range deps {
				have[d.Ecosystem+":"+d.Name+":"+d.Constraint] = true
			}
			for _, d := range c.deps {
				if !have[d] {
					t.Errorf("dependency %s missing from %v", d, have)
				}
			}
			eps, err := ix.EntryPoints(ctx)
			if err != nil {
				t.Fatal(err)
			}
			ok := false
			for _, e := range eps {
				ok = ok || e.Kind+":"+e.Path+":"+e.Name == c.entry
			}
			if !ok {
				t.Errorf("entry point %s missing from %+v", c.entry, eps)
			}
		})
	}
}

func TestTestSymbols(t *testing.T) {
	ctx := context.Background()
	for fixture, want := range map[string][]string{
		"go-mod":           {"TestGreet"},
		"cpp-cmake-gtest":  {"TEST(Rect,Area)", "TEST(Rect,Perimeter)"},
		"python-pyproject": {"test_count", "test_main"},
		"node-npm":         {"slug joins words", "slug trims dashes"},
	} {
		ix := index(t, fixture)
		ns, err := ix.Store.Nodes(ctx, ix.Repo, symbolQuery("test"))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, n := range ns {
			got = append(got, n.Props.Str("name"))
		}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s: test symbols = %v, want %v", fixture, got, want)
		}
	}
}

func TestFileTree(t *testing.T) {
	ix := index(t, "go-mod")
	tree, err := ix.FileTree(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	want := "go-mod/\n  .github/ (1 files)\n  greeter/ (2 files)\n  README.md  [doc]\n  expect.json  [config]\n  go.mod  [manifest]\n  main.go  [source]\n"
	if got := tree.Render(); got != want {
		t.Errorf("tree:\n%s\nwant:\n%s", got, want)
	}
}

// TestStacksMatchExpect checks the stacks every fixture's expect.json names.
func TestStacksMatchExpect(t *testing.T) {
	dirs, err := os.ReadDir(filepath.Join("..", "testdata", "repos"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join("..", "testdata", "repos", d.Name(), "expect.json"))
		if err != nil {
			t.Fatalf("%s: %v", d.Name(), err)
		}
		var exp struct {
			Stacks []string `json:"stacks"`
			Level  string   `json:"level"`
		}
		if err := json.Unmarshal(b, &exp); err != nil {
			t.Fatalf("%s/expect.json: %v", d.Name(), err)
		}
		got, err := index(t, d.Name()).Stacks(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(got, ",") != strings.Join(exp.Stacks, ",") {
			t.Errorf("%s: stacks %v, expect.json says %v", d.Name(), got, exp.Stacks)
		}
	}
}

func TestProjectName(t *testing.T) {
	for fixture, want := range map[string]string{"c-library": "ringbuf", "go-mod": "hello", "c-make": "c-make"} {
		if got := index(t, fixture).ProjectName(context.Background()); got != want {
			t.Errorf("%s: %q, want %q", fixture, got, want)
		}
	}
}
