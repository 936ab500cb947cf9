package export

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/graph"
	"github.com/heragent/heragent/graph/embedded"
)

func TestCypherString(t *testing.T) {
	for in, want := range map[string]string{
		"plain":                 "'plain'",
		"it's":                  `'it\'s'`,
		`back\slash`:            `'back\\slash'`,
		"two\nlines\t!":         `'two\nlines\t!'`,
		"nul\x00x":              `'nul\u0000x'`,
		"}) DETACH DELETE n //": "'}) DETACH DELETE n //'",
	} {
		if got := cypherString(in); got != want {
			t.Errorf("cypherString(%q) = %s, want %s", in, got, want)
		}
	}
	if got := cypherKey("we`ird"); got != "`we``ird`" {
		t.Errorf("cypherKey = %s", got)
	}
}

func TestWrite(t *testing.T) {
	ctx := context.Background()
	s, err := embedded.Open(ctx, filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Apply(ctx, "r", graph.Batch{
		Nodes: []graph.Node{
			{ID: "file:a'b.c", Label: graph.File, Owner: "a'b.c", Props: graph.Props{"path": "a'b.c", "size": int64(3), "tags": []string{"x"}}},
			{ID: "sym:a'b.c#f@1", Label: graph.Symbol, Owner: "a'b.c", Props: graph.Props{"name": "f", "line": int64(1)}},
		},
		Edges: []graph.Edge{{From: "file:a'b.c", To: "sym:a'b.c#f@1", Type: graph.Defines, Owner: "a'b.c"}},
	}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"json", "dot", "cypher"} {
		var b bytes.Buffer
		if err := Write(ctx, &b, s, "r", f); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out := b.String()
		switch f {
		case "json":
			var v struct {
				Nodes []graph.Node `json:"nodes"`
				Edges []graph.Edge `json:"edges"`
			}
			if err := json.Unmarshal(b.Bytes(), &v); err != nil || len(v.Nodes) != 2 || len(v.Edges) != 1 {
				t.Errorf("json export: %v %s", err, out)
			}
		case "dot":
			if !strings.Contains(out, `"file:a'b.c" -> "sym:a'b.c#f@1" [label="DEFINES"]`) {
				t.Errorf("dot export:\n%s", out)
			}
		case "cypher":
			if !strings.Contains(out, "`path`: 'a\\'b.c'") || !strings.Contains(out, "SET n:File;") || !strings.Contains(out, "MERGE (a)-[r:DEFINES]->(b)") {
				t.Errorf("cypher export:\n%s", out)
			}
		}
	}
	if err := Write(ctx, &bytes.Buffer{}, s, "r", "xml"); err == nil {
		t.Error("unknown format accepted")
	}
}
