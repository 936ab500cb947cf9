// Package build builds the knowledge graph of a repository into a
// graph.Store: it walks the tree (honouring .gitignore, skipping vendored,
// generated, binary and oversized files), detects languages with go-enry,
// parses code with Tree-sitter and manifests, build files, CI files and
// docs with their own parsers, and writes the result in batches. It never
// runs repository code and never writes inside the repository.
//
// Rebuilds are incremental: a file whose size and mtime, or else whose
// content hash, match the stored File node is not parsed again.
package build

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/heragent/heragent/graph"
	"github.com/heragent/heragent/internal/buildinfo"
)

// Version changes whenever the builder's output for the same input changes;
// a store built by another version is rebuilt from scratch.
const Version = "28"

// cacheVersion is what a stored build is checked against: Version and the
// heragent revision that built it, so a binary built from another commit
// (whose extractors may differ although nobody bumped Version) never
// serves a stale graph. A binary without VCS information (GOFLAGS=
// -buildvcs=false, go run) or built from a modified work tree is known by
// the hash of its executable instead: two edits of one work tree are two
// builders.
func cacheVersion() string {
	in := buildinfo.Read()
	if in.Revision != "" && !in.Modified {
		return Version + "/" + in.Revision
	}
	if h := exeHash(); h != "" {
		return Version + "/exe-" + h
	}
	return Version
}

// exeHash is the running executable's SHA-256 (16 hex digits), "" when it
// can't be read.
var exeHash = sync.OnceValue(func() string {
	p, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(p)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
})

// Options tune a build.
type Options struct {
	Name        string // repository name in the store (default: base name of the root)
	MaxFileSize int64  // files above this many bytes are skipped as oversized (default 1 MiB)
	Workers     int    // parser goroutines (default GOMAXPROCS)
	Force       bool   // re-parse every file
	BatchFiles  int    // files per store batch (default 512)
}

// Summary reports a build.
type Summary struct {
	Repo      string                 `json:"repo"`
	Root      string                 `json:"root,omitempty"`
	Files     int                    `json:"files"`     // File nodes (incl. recorded skipped files)
	Parsed    int                    `json:"parsed"`    // files read and parsed in this build
	Unchanged int                    `json:"unchanged"` // files served from the content-hash cache
	Removed   int                    `json:"removed"`   // files gone since the previous build
	Languages map[string]int         `json:"languages"`
	Kinds     map[string]int         `json:"kinds"`
	Nodes     map[graph.Label]int    `json:"nodes"`
	Edges     map[graph.EdgeType]int `json:"edges"`
	Skipped   map[string]int         `json:"skipped"` // reason → count
	Invalid   int                    `json:"invalid"` // files parsed with an error recorded
	Problems  []Problem              `json:"problems,omitempty"`
	Seconds   float64                `json:"seconds"`
}

// Problem is a file that was skipped or only partly understood.
type Problem struct {
	Path    string `json:"path"`
	Reason  string `json:"reason"`
	Skipped bool   `json:"skipped"`
}

const maxProblems = 200

// Owners of nodes derived from the whole tree rather than one file.
const (
	ownerTree    = "~tree"
	ownerResolve = "~resolve"
)

// Build builds (or incrementally updates) the graph of the repository at
// root into store.
func Build(ctx context.Context, store graph.Store, root string, opt Options) (*Summary, error) {
	start := time.Now()
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("resolve repository path: %w", err)
	}
	if abs, err = filepath.EvalSymlinks(abs); err != nil {
		return nil, fmt.Errorf("resolve repository path: %w", err)
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("open repository %s: not a directory", root)
	}
	if opt.Name == "" {
		opt.Name = filepath.Base(abs)
	}
	if opt.MaxFileSize <= 0 {
		opt.MaxFileSize = 1 << 20
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if opt.BatchFiles <= 0 {
		opt.BatchFiles = 512
	}
	repo := opt.Name
	cache, err := loadCache(ctx, store, repo, opt.Force)
	if err != nil {
		return nil, err
	}
	sum := &Summary{Repo: repo, Root: abs, Languages: map[string]int{}, Kinds: map[string]int{}, Skipped: map[string]int{}}
	ws := &walkState{root: abs, skipped: map[string]int{}} // merged into sum after the walk

	jobs := make(chan entry, 256)
	results := make(chan fileResult, 256)
	var wg sync.WaitGroup
	for i := 0; i < opt.Workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ps := parsers{}
			defer ps.close()
			for e := range jobs {
				results <- analyzeFile(ctx, ps, e, cache.files[e.rel], opt.MaxFileSize)
			}
		}()
	}
	var walkErr error
	go func() {
		walkErr = ws.walk(ctx, func(e entry) { jobs <- e })
		close(jobs)
		wg.Wait()
		close(results)
	}()

	// A writer goroutine applies batches while the workers keep parsing.
	batches := make(chan graph.Batch, 2)
	writeDone := make(chan error, 1)
	go func() {
		var werr error
		for b := range batches {
			if werr == nil {
				werr = store.Apply(ctx, repo, b)
			}
		}
		writeDone <- werr
	}()
	seen := map[string]bool{}
	var problems []Problem // the walker goroutine owns ws.problems until it ends
	changed := false
	var batch graph.Batch
	pending := 0
	flush := func() {
		if len(batch.Nodes) > 0 || len(batch.DeleteOwners) > 0 {
			batches <- batch
		}
		batch, pending = graph.Batch{}, 0
	}
	for r := range results {
		seen[r.rel] = true
		sum.Files++
		if r.skipped == "" {
			sum.Languages[r.lang]++
			sum.Kinds[r.kind]++
		} else {
			sum.Skipped[r.skipped]++
		}
		if r.problem != nil && len(problems) < maxProblems {
			problems = append(problems, *r.problem)
		}
		if r.invalid {
			sum.Invalid++
		}
		switch {
		case r.unchanged:
			sum.Unchanged++
			continue
		case r.touchOnly:
			sum.Unchanged++
			batch.Nodes = append(batch.Nodes, r.nodes...)
		default:
			sum.Parsed++
			changed = true
			batch.DeleteOwners = append(batch.DeleteOwners, r.rel)
			batch.Nodes = append(batch.Nodes, r.nodes...)
			batch.Edges = append(batch.Edges, r.edges...)
		}
		if pending++; pending >= opt.BatchFiles {
			flush()
		}
	}
	for rel := range cache.files {
		if ctx.Err() == nil && walkErr == nil && !seen[rel] { // a cut-short walk removes nothing
			sum.Removed++
			changed = true
			batch.DeleteOwners = append(batch.DeleteOwners, rel)
		}
	}
	flush()
	close(batches)
	writeErr := <-writeDone
	if walkErr != nil {
		return nil, fmt.Errorf("walk repository: %w", walkErr)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if writeErr != nil {
		return nil, fmt.Errorf("write graph: %w", writeErr)
	}
	if changed || !cache.complete {
		if err := writeTree(ctx, store, repo, abs, seen); err != nil {
			return nil, err
		}
		if err := writeResolution(ctx, store, repo, seen); err != nil {
			return nil, err
		}
	}
	counts, err := store.Counts(ctx, repo)
	if err != nil {
		return nil, fmt.Errorf("count graph: %w", err)
	}
	sum.Nodes, sum.Edges = counts.Nodes, counts.Edges
	for k, v := range ws.skipped {
		sum.Skipped[k] += v
	}
	sum.Problems = append(problems, ws.problems...)
	if len(sum.Problems) > maxProblems {
		sum.Problems = sum.Problems[:maxProblems]
	}
	sort.Slice(sum.Problems, func(i, j int) bool { return sum.Problems[i].Path < sum.Problems[j].Path })
	sum.Seconds = time.Since(start).Seconds()
	return sum, nil
}

// cachedFile is what the previous build stored about a file.
type cachedFile struct {
	node graph.Node
}

type buildCache struct {
	files    map[string]*cachedFile
	complete bool // the previous build of this version finished
}

// loadCache reads the File nodes of the previous build; a store written by
// another builder version (or Force) is cleared instead.
func loadCache(ctx context.Context, store graph.Store, repo string, force bool) (*buildCache, error) {
	c := &buildCache{files: map[string]*cachedFile{}}
	rs, err := store.Nodes(ctx, repo, graph.NodeQuery{Label: graph.Repository})
	if err != nil {
		return nil, fmt.Errorf("read previous build: %w", err)
	}
	if force || len(rs) == 0 || rs[0].Props.Str("builder_version") != cacheVersion() {
		if err := store.DeleteRepository(ctx, repo); err != nil {
			return nil, fmt.Errorf("clear previous build: %w", err)
		}
		return c, nil
	}
	c.complete = true
	files, err := store.Nodes(ctx, repo, graph.NodeQuery{Label: graph.File})
	if err != nil {
		return nil, fmt.Errorf("read previous build: %w", err)
	}
	for _, f := range files {
		c.files[f.Props.Str("path")] = &cachedFile{node: f}
	}
	return c, nil
}
