package build

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/graph"
	"github.com/heragent/heragent/graph/embedded"
)

var update = flag.Bool("update", false, "rewrite the golden summaries")

const fixtures = "../../testdata/repos"

func openStore(t *testing.T) *embedded.Store {
	t.Helper()
	s, err := embedded.Open(context.Background(), filepath.Join(t.TempDir(), "graph.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// stable strips what varies between runs and machines.
func stable(s *Summary) []byte {
	c := *s
	c.Root, c.Seconds = "", 0
	b, _ := json.MarshalIndent(c, "", "  ")
	return append(b, '\n')
}

func TestFixtureSummaries(t *testing.T) {
	entries, err := os.ReadDir(fixtures)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		t.Run(e.Name(), func(t *testing.T) {
			ctx := context.Background()
			s := openStore(t)
			sum, err := Build(ctx, s, filepath.Join(fixtures, e.Name()), Options{Name: e.Name()})
			if err != nil {
				t.Fatal(err)
			}
			got := stable(sum)
			golden := filepath.Join("testdata", "golden", e.Name()+".json")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("read golden (run with -update): %v", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("summary differs from %s (run with -update to accept):\n%s", golden, got)
			}
			if sum.Files == 0 || sum.Parsed != sum.Files {
				t.Errorf("cold build: files %d parsed %d", sum.Files, sum.Parsed)
			}
			// An unchanged repository is not parsed again and yields the same graph.
			again, err := Build(ctx, s, filepath.Join(fixtures, e.Name()), Options{Name: e.Name()})
			if err != nil {
				t.Fatal(err)
			}
			if again.Parsed != 0 || again.Unchanged != sum.Files {
				t.Errorf("rebuild parsed %d, unchanged %d of %d", again.Parsed, again.Unchanged, sum.Files)
			}
			a, b := *again, *sum
			a.Parsed, a.Unchanged, b.Parsed, b.Unchanged = 0, 0, 0, 0
			if !bytes.Equal(stable(&a), stable(&b)) {
				t.Errorf("rebuild summary differs:\n%s\nvs\n%s", stable(&a), stable(&b))
			}
			if _, err := os.Stat(filepath.Join(fixtures, e.Name(), ".heragent")); err == nil {
				t.Error("the build wrote into the repository")
			}
		})
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBadInput builds a repository full of traps; every one is recorded
// with a reason and the build goes on.
func TestBadInput(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	outside := t.TempDir()
	write(t, filepath.Join(root, "main.c"), "#include <stdio.h>\nint main(void) { return 0; }\n")
	write(t, filepath.Join(root, "package.json"), `{"name": "broken", "dependencies": {"left-pad": "1.0.0",`)
	write(t, filepath.Join(root, "latin1.c"), "/* caf\xe9 */\nint f(void) { return 1; }\n")
	write(t, filepath.Join(outside, "secret.txt"), "do not read")
	big := bytes.Repeat([]byte("int x;\n"), 50<<20/7)
	if err := os.WriteFile(filepath.Join(root, "generated.c"), big, 0o644); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(root, "blob.bin"), "\x00\x01\x02\x03binary\x00")
	write(t, filepath.Join(root, "locked.h"), "int locked;\n")
	if err := os.Chmod(filepath.Join(root, "locked.h"), 0); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{
		"loop-a": "loop-b", "loop-b": "loop-a", // symlink loop
		"escape.txt": filepath.Join(outside, "secret.txt"), // symlink out of the repo
		"dangling":   "nowhere",
		"dirloop":    ".", // a directory symlink to itself
		"alias.c":    "main.c",
	} {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	s := openStore(t)
	done := make(chan struct{})
	var sum *Summary
	var err error
	go func() {
		sum, err = Build(ctx, s, root, Options{Name: "bad"})
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("build did not finish")
	}
	if err != nil {
		t.Fatal(err)
	}
	reasons := map[string]string{}
	for _, p := range sum.Problems {
		reasons[p.Path] = p.Reason
	}
	want := map[string]string{
		"generated.c":  "oversized",
		"blob.bin":     "binary",
		"loop-a":       "symlink-broken",
		"loop-b":       "symlink-broken",
		"dangling":     "symlink-broken",
		"escape.txt":   "symlink-outside",
		"dirloop":      "symlink-not-file",
		"alias.c":      "symlink",
		"package.json": "invalid: parse package.json",
		"latin1.c":     "invalid: invalid UTF-8",
	}
	if os.Geteuid() != 0 { // root reads mode-0 files anyway
		want["locked.h"] = "unreadable"
	}
	for p, w := range want {
		if !strings.HasPrefix(reasons[p], w) {
			t.Errorf("%s: reason %q, want prefix %q", p, reasons[p], w)
		}
	}
	syms, err := s.Nodes(ctx, "bad", graph.NodeQuery{Label: graph.Symbol})
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, n := range syms {
		names[n.Props.Str("name")] = true
	}
	if !names["main"] || !names["f"] {
		t.Errorf("symbols of the good files missing: %v", names)
	}
	files, err := s.Nodes(ctx, "bad", graph.NodeQuery{Label: graph.File})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.Contains(f.Props.Str("path"), "secret") {
			t.Errorf("file outside the repository indexed: %s", f.ID)
		}
	}
}

// TestIncrementalChange edits, adds and removes files and checks only
// those are parsed and the graph follows.
func TestIncrementalChange(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	write(t, filepath.Join(root, "a.c"), "#include \"b.h\"\nint a(void) { return 1; }\n")
	write(t, filepath.Join(root, "b.h"), "int a(void);\n")
	write(t, filepath.Join(root, "c.py"), "def c():\n    pass\n")
	s := openStore(t)
	if _, err := Build(ctx, s, root, Options{Name: "inc"}); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(root, "a.c"), "#include \"b.h\"\nint a2(void) { return 2; }\n")
	write(t, filepath.Join(root, "d.go"), "package main\n\nfunc main() {}\n")
	if err := os.Remove(filepath.Join(root, "c.py")); err != nil {
		t.Fatal(err)
	}
	// Same content, new mtime: not re-parsed.
	future := time.Now().Add(time.Hour)
	if err := os.Chtimes(filepath.Join(root, "b.h"), future, future); err != nil {
		t.Fatal(err)
	}
	sum, err := Build(ctx, s, root, Options{Name: "inc"})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Parsed != 2 || sum.Removed != 1 || sum.Unchanged != 1 {
		t.Fatalf("parsed %d removed %d unchanged %d, want 2 1 1", sum.Parsed, sum.Removed, sum.Unchanged)
	}
	syms, _ := s.Nodes(ctx, "inc", graph.NodeQuery{Label: graph.Symbol})
	var names []string
	for _, n := range syms {
		names = append(names, n.Props.Str("name"))
	}
	if strings.Join(names, ",") != "a2,main" {
		t.Errorf("symbols after change = %v", names)
	}
	res, _ := s.Edges(ctx, "inc", graph.EdgeQuery{Type: graph.ResolvesTo})
	if len(res) != 1 || res[0].To != "file:b.h" {
		t.Errorf("resolution after change = %+v", res)
	}
}
