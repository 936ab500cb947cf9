package storetest

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/heragent/heragent/graph"
	"github.com/heragent/heragent/graph/build"
	"github.com/heragent/heragent/retrieval"
)

// RunBuild builds a fixture repository (a copy of testdata/repos/c-cmake
// under fixtures, the path of testdata/repos) into the store, queries it
// through retrieval, edits the copy and rebuilds incrementally: the
// builder's real write pattern, end to end, on any backend.
func RunBuild(t *testing.T, factory Factory, fixtures string) {
	ctx := context.Background()
	s, prefix, _ := factory(t)
	root := filepath.Join(t.TempDir(), "c-cmake")
	if err := os.CopyFS(root, os.DirFS(filepath.Join(fixtures, "c-cmake"))); err != nil {
		t.Fatal(err)
	}
	repo := prefix + "c-cmake"
	ix, sum, err := retrieval.Build(ctx, root, s, build.Options{Name: repo})
	must(t, err)
	if sum.Files != 9 || sum.Parsed != 9 || sum.Nodes[graph.File] != 9 || sum.Edges[graph.ResolvesTo] != 3 {
		t.Fatalf("cold summary: %+v", sum)
	}
	un, err := ix.UnresolvedIncludes(ctx)
	must(t, err)
	found := false
	for _, u := range un {
		found = found || (u.Header == "zlib.h" && len(u.Includers) == 1 && u.Includers[0].Path == "src/checksum.c")
	}
	if !found {
		t.Errorf("zlib.h not among unresolved includes: %+v", un)
	}
	steps, err := ix.CISteps(ctx)
	must(t, err)
	if len(steps) != 3 || steps[2].Text != "ctest --test-dir build --output-on-failure" {
		t.Errorf("CI steps: %+v", steps)
	}
	hits, err := ix.SearchText(ctx, "ctest", 10)
	must(t, err)
	if len(hits) != 2 {
		t.Errorf("search ctest: %+v", hits)
	}

	// Unchanged: nothing parsed, same counts.
	again, err := build.Build(ctx, s, root, build.Options{Name: repo})
	must(t, err)
	if again.Parsed != 0 || again.Unchanged != 9 || !sameCounts(again, sum) {
		t.Errorf("unchanged rebuild: %+v", again)
	}

	// Edit one file (drop the zlib include), remove one, add one.
	later := time.Now().Add(time.Minute)
	must(t, os.WriteFile(filepath.Join(root, "src", "checksum.c"), []byte("#include \"checksum.h\"\nunsigned long checksum_crc32(const char *d, size_t n) { return n; }\n"), 0o644))
	must(t, os.Chtimes(filepath.Join(root, "src", "checksum.c"), later, later))
	must(t, os.Remove(filepath.Join(root, "tests", "test_checksum.c")))
	must(t, os.WriteFile(filepath.Join(root, "tool.py"), []byte("import os\nif __name__ == '__main__':\n    print(os.name)\n"), 0o644))
	inc, err := build.Build(ctx, s, root, build.Options{Name: repo})
	must(t, err)
	if inc.Parsed != 2 || inc.Removed != 1 || inc.Files != 9 {
		t.Errorf("incremental: %+v", inc)
	}
	un, err = ix.UnresolvedIncludes(ctx)
	must(t, err)
	for _, u := range un {
		if u.Header == "zlib.h" {
			t.Errorf("zlib.h still included after the edit: %+v", u)
		}
	}
	eps, err := ix.EntryPoints(ctx)
	must(t, err)
	var mains []string
	for _, e := range eps {
		if e.Kind == "main" {
			mains = append(mains, e.Path)
		}
	}
	if len(mains) != 2 || mains[0] != "src/main.c" || mains[1] != "tool.py" {
		t.Errorf("main entry points after the edit: %v", mains)
	}
	// The directory of the removed file is gone from the tree.
	dirs, err := s.Nodes(ctx, repo, graph.NodeQuery{Label: graph.Directory, Props: map[string]any{"path": "tests"}})
	must(t, err)
	if len(dirs) != 0 {
		t.Errorf("empty directory kept: %+v", dirs)
	}
}

func sameCounts(a, b *build.Summary) bool {
	if len(a.Nodes) != len(b.Nodes) || len(a.Edges) != len(b.Edges) {
		return false
	}
	for k, v := range a.Nodes {
		if b.Nodes[k] != v {
			return false
		}
	}
	for k, v := range a.Edges {
		if b.Edges[k] != v {
			return false
		}
	}
	return true
}
