package build

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/heragent/heragent/graph/embedded"
)

func TestDbg(t *testing.T) {
	repo := os.Getenv("DBG_REPO")
	if repo == "" {
		t.Skip()
	}
	s, _ := embedded.Open(context.Background(), filepath.Join(t.TempDir(), "g.db"))
	sum, err := Build(context.Background(), s, repo, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sum.Problems = sum.Problems[:min(len(sum.Problems), 10)]
	b, _ := json.MarshalIndent(sum, "", " ")
	t.Log(string(b))
}
