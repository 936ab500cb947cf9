package pyramid

import (
	"context"
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
	n := 0
	for _, s := range syms {
		if realTest(s.Props.Str("name"), s.Props.Str("path")) {
			n++
		}
	}
	return n
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
