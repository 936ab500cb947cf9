package neo4jstore

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/graph"
	"github.com/heragent/heragent/graph/storetest"
)

// fakeSession records every statement and answers reads with nothing.
type fakeSession struct{ stmts []Statement }

func (f *fakeSession) Write(_ context.Context, st []Statement) error {
	f.stmts = append(f.stmts, st...)
	return nil
}
func (f *fakeSession) Read(_ context.Context, st Statement) ([]map[string]any, error) {
	f.stmts = append(f.stmts, st)
	return nil, nil
}
func (f *fakeSession) Close(context.Context) error { return nil }

// TestNoInterpolation drives every method with hostile data and checks
// that none of it reaches Cypher text, only parameters.
func TestNoInterpolation(t *testing.T) {
	ctx := context.Background()
	f := &fakeSession{}
	s, err := New(ctx, f, 2)
	if err != nil {
		t.Fatal(err)
	}
	const evil = "EVIL'\"`})-[:X]->() DETACH DELETE n //"
	owner := evil + "owner"
	nodes := []graph.Node{}
	for i := 0; i < 5; i++ {
		nodes = append(nodes, graph.Node{ID: fmt.Sprintf("%s%d", evil, i), Label: graph.File, Owner: owner,
			Props: graph.Props{"path": evil, "fact_" + evil: evil, "list": []string{evil}}})
	}
	must(t, s.Apply(ctx, evil+"repo", graph.Batch{DeleteOwners: []string{owner}, Nodes: nodes,
		Edges: []graph.Edge{{From: evil + "0", To: evil + "1", Type: graph.Contains, Owner: owner}}}))
	_, err = s.Nodes(ctx, evil, graph.NodeQuery{Label: graph.File, IDs: []string{evil}, Owner: &owner, Props: map[string]any{evil: evil}})
	must(t, err)
	_, err = s.Edges(ctx, evil, graph.EdgeQuery{Type: graph.Contains, From: evil, To: evil})
	must(t, err)
	_, err = s.SearchText(ctx, evil, evil, 3)
	must(t, err)
	_, err = s.Counts(ctx, evil)
	must(t, err)
	must(t, s.DeleteRepository(ctx, evil))
	if len(f.stmts) < 10 {
		t.Fatalf("only %d statements recorded", len(f.stmts))
	}
	unwinds := 0
	for _, st := range f.stmts {
		if strings.Contains(st.Cypher, "EVIL") {
			t.Errorf("user data interpolated into Cypher: %s", st.Cypher)
		}
		if strings.HasPrefix(st.Cypher, "UNWIND $rows") {
			unwinds++
			if rows := st.Params["rows"].([]any); len(rows) > 2 {
				t.Errorf("batch of %d rows exceeds batch size 2", len(rows))
			}
		}
	}
	if unwinds != 4 { // 5 nodes in batches of 2 → 3, plus 1 edge batch
		t.Errorf("UNWIND statements = %d, want 4", unwinds)
	}
	if !strings.Contains(f.stmts[0].Cypher, "REQUIRE n._uid IS UNIQUE") {
		t.Errorf("first statement is not the uniqueness constraint: %s", f.stmts[0].Cypher)
	}
}

func TestRejectsUnknownLabels(t *testing.T) {
	s, err := New(context.Background(), &fakeSession{}, 0)
	must(t, err)
	if err := s.Apply(context.Background(), "r", graph.Batch{Nodes: []graph.Node{{ID: "x", Label: "File) DETACH DELETE (n"}}}); err == nil {
		t.Fatal("unknown label accepted")
	}
	if err := s.Apply(context.Background(), "r", graph.Batch{Nodes: []graph.Node{{ID: "x", Label: graph.File, Props: graph.Props{"_uid": "y"}}}}); err == nil {
		t.Fatal("reserved property accepted")
	}
}

// TestConformance runs the shared suite against a real server when
// HERAGENT_NEO4J_URI is set (user/password from HERAGENT_NEO4J_USER and
// HERAGENT_NEO4J_PASSWORD).
func TestConformance(t *testing.T) {
	uri := os.Getenv("HERAGENT_NEO4J_URI")
	if uri == "" {
		t.Skip("HERAGENT_NEO4J_URI not set")
	}
	user := os.Getenv("HERAGENT_NEO4J_USER")
	if user == "" {
		user = "neo4j"
	}
	f := func(t *testing.T) (graph.Store, string, func() graph.Store) {
		ctx := context.Background()
		open := func() graph.Store {
			s, err := Open(ctx, Config{URI: uri, User: user, Password: os.Getenv("HERAGENT_NEO4J_PASSWORD"), Database: os.Getenv("HERAGENT_NEO4J_DATABASE")})
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		s := open()
		cur := s
		prefix := fmt.Sprintf("conformance-%d-", time.Now().UnixNano())
		t.Cleanup(func() {
			repos, _ := cur.Repositories(ctx)
			for _, r := range repos {
				if strings.HasPrefix(r, prefix) {
					cur.DeleteRepository(ctx, r)
				}
			}
			cur.Close()
		})
		return s, prefix, func() graph.Store { cur.Close(); cur = open(); return cur }
	}
	storetest.Run(t, f)
	storetest.RunBuild(t, f, filepath.Join("..", "..", "testdata", "repos"))
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
