package retrieval

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/graph/build"
	"github.com/heragent/heragent/graph/embedded"
	"github.com/heragent/heragent/internal/testrepo"
)

// A pyproject.toml of tools' settings alone makes no Python stack: a C++
// header library with one (thread-pool's) has none; with a project
// table it is Python's.
func TestStacksSkipAToolConfigPyproject(t *testing.T) {
	for pyproject, want := range map[string]string{
		"[tool.pyright]\npythonVersion = \"3.13\"\n": "",
		"[project]\nname = \"pool\"\n":               "python",
	} {
		s, err := embedded.Open(context.Background(), filepath.Join(t.TempDir(), "graph.db"))
		if err != nil {
			t.Fatal(err)
		}
		dir := testrepo.Write(t, map[string]string{
			"pyproject.toml":      pyproject,
			"include/pool.hpp":    "#pragma once\n",
			"tests/pool_test.cpp": "#include \"pool.hpp\"\nint main() { return 0; }\n",
		})
		ix, _, err := Build(context.Background(), dir, s, build.Options{Name: "pool"})
		if err != nil {
			t.Fatal(err)
		}
		got, err := ix.Stacks(context.Background())
		s.Close()
		if err != nil || strings.Join(got, ",") != want {
			t.Errorf("%q: stacks %v (%v), want %q", pyproject, got, err, want)
		}
	}
}

// A Go package of GOPATH's days whose packages sit one level down
// (go-spew's spew/) is a Go stack; beside another build system, or with
// a go.mod somewhere below, or in a helper directory, it is not.
func TestStacksGoPackagesBelowTheRoot(t *testing.T) {
	for name, tc := range map[string]struct {
		files map[string]string
		want  string
	}{
		"below":        {map[string]string{"spew/spew.go": "package spew\n", "README.md": "go get github.com/x/spew\n"}, "go"},
		"cmake beside": {map[string]string{"CMakeLists.txt": "project(x)\n", "bind/x.go": "package bind\n", "x.c": "int x;\n"}, "cmake"},
		"module below": {map[string]string{"lib/go.mod": "module x\n", "lib/x.go": "package x\n"}, ""},
		"helper only":  {map[string]string{"tools/gen.go": "package main\n"}, ""},
	} {
		s, err := embedded.Open(context.Background(), filepath.Join(t.TempDir(), "graph.db"))
		if err != nil {
			t.Fatal(err)
		}
		ix, _, err := Build(context.Background(), testrepo.Write(t, tc.files), s, build.Options{Name: "x"})
		if err != nil {
			t.Fatal(err)
		}
		got, err := ix.Stacks(context.Background())
		s.Close()
		if err != nil || strings.Join(got, ",") != tc.want {
			t.Errorf("%s: stacks %v (%v), want %q", name, got, err, tc.want)
		}
	}
}
