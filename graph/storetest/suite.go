// Package storetest is the conformance suite every graph.Store backend
// passes: call Run from the backend's tests with a factory that returns a
// fresh, empty store (or a store with fresh repository names).
package storetest

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/heragent/heragent/graph"
)

// Factory returns an empty store and a prefix for repository names, so
// backends sharing one database (Neo4j) can isolate runs. reopen, when not
// nil, closes the store and opens it again (to check persistence).
type Factory func(t *testing.T) (s graph.Store, repoPrefix string, reopen func() graph.Store)

func fileNode(path, lang string, size int) graph.Node {
	return graph.Node{ID: "file:" + path, Label: graph.File, Owner: path, Props: graph.Props{
		"path": path, "language": lang, "size": int64(size), "kind": "source", "generated": false,
		"tags": []string{"a", "b"},
	}}
}

// Run runs the suite.
func Run(t *testing.T, factory Factory) {
	ctx := context.Background()
	t.Run("ApplyAndQuery", func(t *testing.T) {
		s, p, _ := factory(t)
		repo := p + "r1"
		b := graph.Batch{
			Nodes: []graph.Node{
				fileNode("a.c", "C", 10), fileNode("b.h", "C", 5),
				{ID: "sym:a.c#main", Label: graph.Symbol, Owner: "a.c", Props: graph.Props{"name": "main", "kind": "main", "line": 3}},
				{ID: "chunk:README.md#0", Label: graph.TextChunk, Owner: "README.md", Props: graph.Props{"text": "Build with CMake then run ctest", "order": 0}},
				{ID: "chunk:README.md#1", Label: graph.TextChunk, Owner: "README.md", Props: graph.Props{"text": "cmake cmake cmake", "order": 1}},
			},
			Edges: []graph.Edge{
				{From: "file:a.c", To: "sym:a.c#main", Type: graph.Defines, Owner: "a.c"},
				{From: "chunk:README.md#0", To: "chunk:README.md#1", Type: graph.NextChunk, Owner: "README.md"},
			},
		}
		must(t, s.Apply(ctx, repo, b))
		ns, err := s.Nodes(ctx, repo, graph.NodeQuery{Label: graph.File})
		must(t, err)
		if len(ns) != 2 || ns[0].ID != "file:a.c" || ns[1].ID != "file:b.h" {
			t.Fatalf("files = %v", ids(ns))
		}
		want := graph.Props{"path": "a.c", "language": "C", "size": int64(10), "kind": "source", "generated": false, "tags": []string{"a", "b"}}
		if !reflect.DeepEqual(ns[0].Props, want) || ns[0].Owner != "a.c" || ns[0].Label != graph.File {
			t.Fatalf("props round trip: got %#v want %#v", ns[0].Props, want)
		}
		ns, err = s.Nodes(ctx, repo, graph.NodeQuery{Label: graph.Symbol, Props: map[string]any{"kind": "main", "line": 3}})
		must(t, err)
		if len(ns) != 1 || ns[0].Props.Int("line") != 3 {
			t.Fatalf("props query: %v", ids(ns))
		}
		ns, err = s.Nodes(ctx, repo, graph.NodeQuery{IDs: []string{"file:b.h", "nope"}})
		must(t, err)
		if len(ns) != 1 || ns[0].ID != "file:b.h" {
			t.Fatalf("ids query: %v", ids(ns))
		}
		owner := "README.md"
		ns, err = s.Nodes(ctx, repo, graph.NodeQuery{Owner: &owner})
		must(t, err)
		if len(ns) != 2 {
			t.Fatalf("owner query: %v", ids(ns))
		}
		es, err := s.Edges(ctx, repo, graph.EdgeQuery{From: "file:a.c"})
		must(t, err)
		if len(es) != 1 || es[0].To != "sym:a.c#main" || es[0].Type != graph.Defines || es[0].Owner != "a.c" {
			t.Fatalf("edges from: %+v", es)
		}
		es, err = s.Edges(ctx, repo, graph.EdgeQuery{Type: graph.NextChunk, To: "chunk:README.md#1"})
		must(t, err)
		if len(es) != 1 {
			t.Fatalf("edges by type+to: %+v", es)
		}
		hits, err := s.SearchText(ctx, repo, "CMAKE", 10)
		must(t, err)
		if len(hits) != 2 || hits[0].ID != "chunk:README.md#1" {
			t.Fatalf("search ranking: %v", ids(hits))
		}
		hits, err = s.SearchText(ctx, repo, "cmake ctest", 10)
		must(t, err)
		if len(hits) != 1 || hits[0].ID != "chunk:README.md#0" {
			t.Fatalf("search all terms: %v", ids(hits))
		}
		c, err := s.Counts(ctx, repo)
		must(t, err)
		if c.Nodes[graph.File] != 2 || c.Nodes[graph.TextChunk] != 2 || c.Edges[graph.Defines] != 1 || c.Edges[graph.NextChunk] != 1 {
			t.Fatalf("counts: %+v", c)
		}
	})
	t.Run("ReplaceByOwner", func(t *testing.T) {
		s, p, _ := factory(t)
		repo := p + "r2"
		must(t, s.Apply(ctx, repo, graph.Batch{
			Nodes: []graph.Node{fileNode("a.c", "C", 1), {ID: "sym:a.c#f", Label: graph.Symbol, Owner: "a.c", Props: graph.Props{"name": "f"}}, fileNode("b.c", "C", 2)},
			Edges: []graph.Edge{{From: "file:a.c", To: "sym:a.c#f", Type: graph.Defines, Owner: "a.c"}, {From: "file:b.c", To: "file:a.c", Type: graph.Contains, Owner: "b.c"}},
		}))
		must(t, s.Apply(ctx, repo, graph.Batch{
			DeleteOwners: []string{"a.c"},
			Nodes:        []graph.Node{fileNode("a.c", "C", 7), {ID: "sym:a.c#g", Label: graph.Symbol, Owner: "a.c", Props: graph.Props{"name": "g"}}},
			Edges:        []graph.Edge{{From: "file:a.c", To: "sym:a.c#g", Type: graph.Defines, Owner: "a.c"}},
		}))
		ns, err := s.Nodes(ctx, repo, graph.NodeQuery{Label: graph.Symbol})
		must(t, err)
		if len(ns) != 1 || ns[0].ID != "sym:a.c#g" {
			t.Fatalf("symbols after replace: %v", ids(ns))
		}
		ns, err = s.Nodes(ctx, repo, graph.NodeQuery{IDs: []string{"file:a.c"}})
		must(t, err)
		if len(ns) != 1 || ns[0].Props.Int("size") != 7 {
			t.Fatalf("file after replace: %+v", ns)
		}
		es, err := s.Edges(ctx, repo, graph.EdgeQuery{})
		must(t, err)
		if len(es) != 2 {
			t.Fatalf("edges after replace: %+v", es)
		}
		must(t, s.Apply(ctx, repo, graph.Batch{DeleteOwners: []string{"a.c", "b.c"}}))
		c, err := s.Counts(ctx, repo)
		must(t, err)
		if len(c.Nodes) != 0 || len(c.Edges) != 0 {
			t.Fatalf("counts after delete: %+v", c)
		}
	})
	t.Run("Isolation", func(t *testing.T) {
		s, p, _ := factory(t)
		must(t, s.Apply(ctx, p+"x", graph.Batch{Nodes: []graph.Node{fileNode("a.c", "C", 1)}}))
		must(t, s.Apply(ctx, p+"y", graph.Batch{Nodes: []graph.Node{fileNode("a.c", "Go", 2), fileNode("b.go", "Go", 3)}}))
		nx, err := s.Nodes(ctx, p+"x", graph.NodeQuery{})
		must(t, err)
		ny, err := s.Nodes(ctx, p+"y", graph.NodeQuery{})
		must(t, err)
		if len(nx) != 1 || nx[0].Props.Str("language") != "C" || len(ny) != 2 {
			t.Fatalf("isolation: x=%v y=%v", nx, ny)
		}
		repos, err := s.Repositories(ctx)
		must(t, err)
		if !contains(repos, p+"x") || !contains(repos, p+"y") {
			t.Fatalf("repositories: %v", repos)
		}
		must(t, s.DeleteRepository(ctx, p+"x"))
		nx, err = s.Nodes(ctx, p+"x", graph.NodeQuery{})
		must(t, err)
		ny, err = s.Nodes(ctx, p+"y", graph.NodeQuery{})
		must(t, err)
		if len(nx) != 0 || len(ny) != 2 {
			t.Fatalf("after delete: x=%v y=%v", nx, ny)
		}
	})
	t.Run("Rejects", func(t *testing.T) {
		s, p, _ := factory(t)
		if err := s.Apply(ctx, p+"r", graph.Batch{Nodes: []graph.Node{{ID: "x", Label: "Evil`) DETACH DELETE n //"}}}); err == nil {
			t.Fatal("invalid label accepted")
		}
		if err := s.Apply(ctx, p+"r", graph.Batch{Edges: []graph.Edge{{From: "a", To: "b", Type: "X]->() DELETE"}}}); err == nil {
			t.Fatal("invalid edge type accepted")
		}
		if err := s.Apply(ctx, p+"r", graph.Batch{Nodes: []graph.Node{{ID: "x", Label: graph.File, Props: graph.Props{"bad": 1.5}}}}); err == nil {
			t.Fatal("float property accepted")
		}
	})
	t.Run("HostileData", func(t *testing.T) {
		s, p, _ := factory(t)
		repo := p + "q'uote\"} DETACH DELETE n"
		evil := "'; MATCH (n) DETACH DELETE n; //\x00`{}"
		must(t, s.Apply(ctx, repo, graph.Batch{Nodes: []graph.Node{{ID: evil, Label: graph.TextChunk, Owner: evil, Props: graph.Props{"text": evil}}}}))
		ns, err := s.Nodes(ctx, repo, graph.NodeQuery{Props: map[string]any{"text": evil}})
		must(t, err)
		if len(ns) != 1 || ns[0].ID != evil || ns[0].Owner != evil {
			t.Fatalf("hostile round trip: %+v", ns)
		}
	})
	t.Run("Persistence", func(t *testing.T) {
		s, p, reopen := factory(t)
		if reopen == nil {
			t.Skip("backend has no reopen")
		}
		must(t, s.Apply(ctx, p+"p", graph.Batch{Nodes: []graph.Node{fileNode("a.c", "C", 42)}, Edges: []graph.Edge{{From: "file:a.c", To: "file:a.c", Type: graph.Includes, Owner: "a.c"}}}))
		s = reopen()
		ns, err := s.Nodes(ctx, p+"p", graph.NodeQuery{Label: graph.File})
		must(t, err)
		if len(ns) != 1 || ns[0].Props.Int("size") != 42 || !reflect.DeepEqual(ns[0].Props.Strs("tags"), []string{"a", "b"}) {
			t.Fatalf("after reopen: %+v", ns)
		}
		es, err := s.Edges(ctx, p+"p", graph.EdgeQuery{Type: graph.Includes})
		must(t, err)
		if len(es) != 1 {
			t.Fatalf("edges after reopen: %+v", es)
		}
	})
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func ids(ns []graph.Node) []string {
	var s []string
	for _, n := range ns {
		s = append(s, fmt.Sprintf("%s", n.ID))
	}
	return s
}

func contains(s []string, x string) bool {
	for _, e := range s {
		if e == x {
			return true
		}
	}
	return false
}
