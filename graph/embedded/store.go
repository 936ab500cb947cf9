// Package embedded is the default graph.Store: an in-memory, indexed
// property graph persisted to a single bbolt file. Reads never touch the
// disk after Open. Storage is one key per owner (per file) holding a
// compact binary blob of its nodes and edges; each Apply is one bbolt
// write transaction rewriting only the owners it changed, so an
// unchanged-repository rebuild writes nothing.
package embedded

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/heragent/heragent/graph"
)

// Store is the embedded backend.
type Store struct {
	mu    sync.RWMutex
	db    *bolt.DB
	repos map[string]*repoGraph
}

var _ graph.Store = (*Store)(nil)

// Open opens (creating if needed) the store file at path and loads it.
func Open(ctx context.Context, path string) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("create store directory: %w", err)
	}
	db, err := bolt.Open(path, 0o644, &bolt.Options{Timeout: 5 * time.Second, NoFreelistSync: true})
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	// The store is a cache derived from the repository: commits skip
	// fsync and Close syncs once, which makes a cold build several times
	// faster. A file left inconsistent by a crash is rebuilt (see Open).
	db.NoSync = true
	s := &Store{db: db, repos: map[string]*repoGraph{}}
	if err := s.load(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

func (s *Store) load(ctx context.Context) error {
	return s.db.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			g := newRepoGraph()
			d := &decoder{intern: map[string]string{}}
			if err := b.ForEach(func(k, v []byte) error {
				blob, err := d.blob(v)
				if err != nil {
					return fmt.Errorf("owner %q: %w", k, err)
				}
				for _, n := range blob.Nodes {
					g.putNode(n)
				}
				for _, e := range blob.Edges {
					g.putEdge(e)
				}
				return nil
			}); err != nil {
				return fmt.Errorf("load graph of %s: %w", name, err)
			}
			s.repos[string(name)] = g
			return nil
		})
	})
}

// ownerBlob is everything one owner (a file, or a builder phase) put in
// the graph: the unit of storage, so an incremental rebuild rewrites one
// key per changed file.
type ownerBlob struct {
	Nodes []graph.Node
	Edges []graph.Edge
}

// Apply implements graph.Store.
func (s *Store) Apply(ctx context.Context, repo string, b graph.Batch) error {
	if repo == "" {
		return fmt.Errorf("apply batch: empty repository name")
	}
	for i := range b.Nodes {
		if !graph.ValidLabel(b.Nodes[i].Label) {
			return fmt.Errorf("apply batch: invalid label %q", b.Nodes[i].Label)
		}
		p, err := graph.Normalize(b.Nodes[i].Props)
		if err != nil {
			return fmt.Errorf("apply batch: node %s: %w", b.Nodes[i].ID, err)
		}
		b.Nodes[i].Props = p
	}
	for _, e := range b.Edges {
		if !graph.ValidEdgeType(e.Type) {
			return fmt.Errorf("apply batch: invalid edge type %q", e.Type)
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.repos[repo]
	if g == nil {
		g = newRepoGraph()
	}
	// Apply to memory, remembering every owner whose content changed,
	// then rewrite those owners' blobs in one transaction. On a write
	// error the in-memory graph is reloaded from the file.
	touched := map[string]bool{}
	for _, o := range b.DeleteOwners {
		touched[o] = true
		for id := range g.ownNodes[o] {
			g.deleteNode(id)
		}
		for k := range g.index().ownEdges[o] {
			g.deleteEdge(k)
		}
	}
	for _, n := range b.Nodes {
		if old, ok := g.nodes[n.ID]; ok {
			touched[old.Owner] = true
		}
		touched[n.Owner] = true
		g.putNode(n)
	}
	if len(b.Edges) > 0 {
		g.index()
	}
	for _, e := range b.Edges {
		if old, ok := g.edges[e.Key()]; ok {
			touched[old.Owner] = true
		}
		touched[e.Owner] = true
		g.putEdge(e)
	}
	s.repos[repo] = g
	blobs := make(map[string][]byte, len(touched))
	for o := range touched {
		ownEdges := g.index().ownEdges[o]
		if len(g.ownNodes[o]) == 0 && len(ownEdges) == 0 {
			blobs[o] = nil
			continue
		}
		var blob ownerBlob
		for _, id := range sortedKeys(g.ownNodes[o]) {
			blob.Nodes = append(blob.Nodes, g.nodes[id])
		}
		for _, k := range sortedKeys(ownEdges) {
			blob.Edges = append(blob.Edges, g.edges[k])
		}
		v, err := encodeBlob(blob)
		if err != nil {
			return fmt.Errorf("encode owner %q: %w", o, err)
		}
		blobs[o] = v
	}
	err := s.db.Update(func(tx *bolt.Tx) error {
		rb, err := tx.CreateBucketIfNotExists([]byte(repo))
		if err != nil {
			return err
		}
		for _, o := range sortedKeys(blobs) {
			key := []byte("o:" + o) // bbolt refuses empty keys
			if blobs[o] == nil {
				err = rb.Delete(key)
			} else {
				err = rb.Put(key, blobs[o])
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		delete(s.repos, repo)
		if lerr := s.load(ctx); lerr != nil {
			return fmt.Errorf("write batch to %s: %w (reload: %v)", s.db.Path(), err, lerr)
		}
		return fmt.Errorf("write batch to %s: %w", s.db.Path(), err)
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// Nodes implements graph.Store.
func (s *Store) Nodes(ctx context.Context, repo string, q graph.NodeQuery) ([]graph.Node, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	g := s.repos[repo]
	if g == nil {
		return nil, nil
	}
	var cand map[string]bool
	switch {
	case len(q.IDs) > 0:
		cand = map[string]bool{}
		for _, id := range q.IDs {
			cand[id] = true
		}
	case q.Owner != nil:
		cand = g.ownNodes[*q.Owner]
	case q.Label != "":
		cand = g.byLabel[q.Label]
	default:
		cand = map[string]bool{}
		for id := range g.nodes {
			cand[id] = true
		}
	}
	var out []graph.Node
	for id := range cand {
		n, ok := g.nodes[id]
		if !ok || (q.Label != "" && n.Label != q.Label) || (q.Owner != nil && n.Owner != *q.Owner) {
			continue
		}
		if !graph.MatchProps(n, q.Props) {
			continue
		}
		out = append(out, n)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, ctx.Err()
}

// Edges implements graph.Store.
func (s *Store) Edges(ctx context.Context, repo string, q graph.EdgeQuery) ([]graph.Edge, error) {
	s.mu.Lock() // build the lazy edge indexes under the write lock
	if g := s.repos[repo]; g != nil {
		g.index()
	}
	s.mu.Unlock()
	s.mu.RLock()
	defer s.mu.RUnlock()
	g := s.repos[repo]
	if g == nil {
		return nil, nil
	}
	var keys map[string]bool
	switch {
	case q.From != "":
		keys = g.index().out[q.From]
	case q.To != "":
		keys = g.index().in[q.To]
	case q.Type != "":
		keys = g.index().byType[q.Type]
	default:
		keys = map[string]bool{}
		for k := range g.edges {
			keys[k] = true
		}
	}
	var out []graph.Edge
	for k := range keys {
		e := g.edges[k]
		if (q.Type != "" && e.Type != q.Type) || (q.From != "" && e.From != q.From) || (q.To != "" && e.To != q.To) {
			continue
		}
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key() < out[j].Key() })
	return out, ctx.Err()
}

// SearchText implements graph.Store.
func (s *Store) SearchText(ctx context.Context, repo, query string, limit int) ([]graph.Node, error) {
	if limit <= 0 {
		limit = 50
	}
	terms := strings.Fields(strings.ToLower(query))
	if len(terms) == 0 {
		return nil, nil
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	g := s.repos[repo]
	if g == nil {
		return nil, nil
	}
	type hit struct {
		n     graph.Node
		score int
	}
	var hits []hit
	for _, n := range g.nodes {
		t, ok := n.Props["text"].(string)
		if !ok {
			continue
		}
		lt := strings.ToLower(t)
		score := 0
		for _, term := range terms {
			c := strings.Count(lt, term)
			if c == 0 {
				score = 0
				break
			}
			score += c
		}
		if score > 0 {
			hits = append(hits, hit{n, score})
		}
	}
	sort.Slice(hits, func(i, j int) bool {
		if hits[i].score != hits[j].score {
			return hits[i].score > hits[j].score
		}
		return hits[i].n.ID < hits[j].n.ID
	})
	if len(hits) > limit {
		hits = hits[:limit]
	}
	out := make([]graph.Node, len(hits))
	for i, h := range hits {
		out[i] = h.n
	}
	return out, ctx.Err()
}

// Counts implements graph.Store.
func (s *Store) Counts(_ context.Context, repo string) (graph.Counts, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	c := graph.Counts{Nodes: map[graph.Label]int{}, Edges: map[graph.EdgeType]int{}}
	g := s.repos[repo]
	if g == nil {
		return c, nil
	}
	for l, ids := range g.byLabel {
		if len(ids) > 0 {
			c.Nodes[l] = len(ids)
		}
	}
	for _, e := range g.edges {
		c.Edges[e.Type]++
	}
	return c, nil
}

// Repositories implements graph.Store.
func (s *Store) Repositories(context.Context) ([]string, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return sortedKeys(s.repos), nil
}

// DeleteRepository implements graph.Store.
func (s *Store) DeleteRepository(_ context.Context, repo string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.repos[repo]; !ok {
		return nil
	}
	if err := s.db.Update(func(tx *bolt.Tx) error { return tx.DeleteBucket([]byte(repo)) }); err != nil {
		return fmt.Errorf("delete repository %s: %w", repo, err)
	}
	delete(s.repos, repo)
	return nil
}

// Close implements graph.Store: it syncs the file and closes it.
func (s *Store) Close() error {
	if err := s.db.Sync(); err != nil {
		s.db.Close()
		return fmt.Errorf("sync store: %w", err)
	}
	return s.db.Close()
}
