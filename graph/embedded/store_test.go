package embedded

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/heragent/heragent/graph"
	"github.com/heragent/heragent/graph/storetest"
)

// factory opens a fresh store file; reopen closes and opens it again.
func factory(t *testing.T) (graph.Store, string, func() graph.Store) {
	path := filepath.Join(t.TempDir(), "graph.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	cur := s
	t.Cleanup(func() { cur.Close() })
	return s, "", func() graph.Store {
		cur.Close()
		n, err := Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		cur = n
		return n
	}
}

func TestConformance(t *testing.T) { storetest.Run(t, factory) }

func TestBuildConformance(t *testing.T) {
	storetest.RunBuild(t, factory, filepath.Join("..", "..", "testdata", "repos"))
}
