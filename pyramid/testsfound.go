package pyramid

import (
	"context"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/heragent/heragent/graph"
	"github.com/heragent/heragent/retrieval"
)

// CountTests is roughly how many tests the repository has: the knowledge
// graph's test symbols (graph.SymTest — Go Test* functions of _test.go
// files, Python test_* functions and methods, gtest TEST/TEST_F/TEST_P,
// C test_* functions of test files, JUnit @Test methods, Rust #[test]
// functions, JavaScript it()/test()/describe() calls) less those that are
// not tests a test run counts. Vendored directories are not in the graph.
// It is 0 when the graph has none or cannot be read: a Testable run is
// then graded by its command alone (GradeTestable).
func CountTests(ctx context.Context, ix *retrieval.Index) int {
	if ix == nil || ix.Store == nil {
		return 0
	}
	syms, err := ix.Store.Nodes(ctx, ix.Repo, graph.NodeQuery{Label: graph.Symbol, Props: map[string]any{"kind": string(graph.SymTest)}})
	if err != nil {
		return 0
	}
	deps, n := dependencyModules(ctx, ix), 0
	for _, s := range syms {
		if p := s.Props.Str("path"); realTest(s.Props.Str("name"), p) && !slices.ContainsFunc(deps, func(d string) bool { return strings.HasPrefix(p, d+"/") }) {
			n++
		}
	}
	return n
}

// dependencyModules are the directories of the nested Go modules the
// root module imports: a dependency kept in the checkout with a go.mod of
// its own (go-jmespath's internal/testify, 356 tests found where its 32
// ran), whose tests are that project's — `go test ./...` from the root
// does not enter them. A nested module that imports the root instead (an
// extension, an example) is the project's and stays counted.
func dependencyModules(ctx context.Context, ix *retrieval.Index) []string {
	mods, err := ix.FindFiles(ctx, retrieval.FileQuery{Glob: "**/go.mod"})
	if err != nil || !slices.ContainsFunc(mods, func(f retrieval.FileInfo) bool { return f.Path == "go.mod" }) {
		return nil
	}
	var nested []string
	for _, f := range mods {
		if f.Path != "go.mod" {
			nested = append(nested, path.Dir(f.Path))
		}
	}
	inNested := func(p string) bool {
		return slices.ContainsFunc(nested, func(d string) bool { return strings.HasPrefix(p, d+"/") })
	}
	dirOf := map[string]string{} // module path → its directory
	for _, f := range mods {
		if mod, _ := f.Facts["module"].(string); f.Path != "go.mod" && mod != "" {
			dirOf[mod] = path.Dir(f.Path)
		}
	}
	by, err := ix.ImportersOf(ctx, slices.Collect(maps.Keys(dirOf)))
	if err != nil {
		return nil
	}
	var out []string
	for mod, dir := range dirOf {
		if slices.ContainsFunc(by[mod], func(p string) bool { return !inNested(p) }) {
			out = append(out, dir)
		}
	}
	return out
}

// realTest reports whether a test symbol is a test a runner counts. Go's
// benchmarks, examples and fuzz targets are test symbols of the graph
// but `go test` does not count them as tests (examples without an Output
// comment do not even run), and TestMain is the package's test harness.
//
// JavaScript describe() blocks cannot be told apart: the graph names a
// test call by its first argument (the title) and records neither the
// callee nor the nesting, so describe("parser", …) and it("parses", …)
// look alike. They are counted anyway: the graph's walker does not
// descend into a call's callback, so the it()/test() calls nested in a
// describe are not in the graph and the describe stands for them (an
// under-count for suites of nested tests, never an over-count).
func realTest(name, path string) bool {
	if strings.HasSuffix(path, "_test.go") {
		for _, p := range []string{"Benchmark", "Example", "Fuzz"} {
			if strings.HasPrefix(name, p) {
				return false
			}
		}
		return name != "TestMain"
	}
	return name != ""
}
