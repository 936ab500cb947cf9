package embedded

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"

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

func TestOpenRecoversCorruptFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "graph.db")
	if err := os.WriteFile(path, []byte("this is not a bbolt file, it is garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("open over a corrupt file: %v", err)
	}
	defer s.Close()
	if repos, _ := s.Repositories(ctx); len(repos) != 0 {
		t.Errorf("recovered store not empty: %v", repos)
	}
	if _, err := os.Stat(path + ".corrupt"); err != nil {
		t.Errorf("corrupt file not kept aside: %v", err)
	}
	// A corrupt blob (valid bbolt, bad content) is recovered the same way.
	if err := s.db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists([]byte("r"))
		if err != nil {
			return err
		}
		return b.Put([]byte("o:x"), []byte{99, 1, 2})
	}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s2, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("open over a corrupt blob: %v", err)
	}
	s2.Close()
}
