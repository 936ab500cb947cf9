// Package embedded is the default graph.Store: an in-memory, indexed
// property graph persisted to a single bbolt file. Reads never touch the
// disk after Open. Storage is one key per owner (per file) holding a
// compact binary blob of its nodes and edges; each Apply is one bbolt
// write transaction rewriting only the owners it changed, so an
// unchanged-repository rebuild writes nothing.
package embedded

import (
	"context"
	"errors"
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
// The store is a cache derived from repositories: a file that is not a
// valid store (torn by a crash, from an incompatible version) is moved
// aside to path+".corrupt" and replaced by an empty store, which the next
// build fills again. A file locked by another process is an error.
func Open(ctx context.Context, path string) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("create store directory: %w", err)
	}
	s, err := open(ctx, path)
	if err == nil || errors.Is(err, bolt.ErrTimeout) || ctx.Err() != nil {
		return s, err
	}
	if _, serr := os.Stat(path); serr != nil {
		return nil, err
	}
	if rerr := os.Rename(path, path+".corrupt"); rerr != nil {
		return nil, fmt.Errorf("%w (moving it aside: %v)", err, rerr)
	}
	return open(ctx, path)
}

func open(ctx context.Context, path string) (*Store, error) {
	db, err := bolt.Open(path, 0o644, &bolt.Options{Timeout: 5 * time.Second, NoFreelistSync: true})
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	// Commits skip fsync and Close syncs once, which makes a cold build
	// several times faster; a torn file is recovered by Open.
	db.NoSync = true
	s := &Store{db: db, repos: map[string]*repoGraph{}}
	if err := s.load(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("load store %s: %w", path, err)
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
				g.owners[strings.TrimPrefix(string(k), "o:")] = &ownerData{nodes: blob.Nodes, edges: blob.Edges}
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
		g.deleteOwner(o)
	}
	for _, n := range b.Nodes {
		touched[n.Owner] = true
		if old := g.putNode(n); old != "" {
			touched[old] = true
		}
	}
	for _, e := range b.Edges {
		touched[e.Owner] = true
		if old := g.putEdge(e); old != "" {
			touched[old] = true
		}
	}
	s.repos[repo] = g
	blobs := make(map[string][]byte, len(touched))
	for o := range touched {
		if g.empty(o) {
			blobs[o] = nil
			continue
		}
		d := g.owners[o]
		v, err := encodeBlob(ownerBlob{Nodes: d.nodes, Edges: d.edges})
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
	var ids map[string]bool
	if len(q.IDs) > 0 {
		ids = make(map[string]bool, len(q.IDs))
		for _, id := range q.IDs {
			ids[id] = true
		}
	}
	var out []graph.Node
	match := func(d *ownerData) {
		for _, n := range d.nodes {
			if (q.Label != "" && n.Label != q.Label) || (ids != nil && !ids[n.ID]) || !graph.MatchProps(n, q.Props) {
				continue
			}
			out = append(out, n)
		}
	}
	switch {
	case q.Owner != nil:
		if d := g.owners[*q.Owner]; d != nil {
			match(d)
		}
	case ids != nil && g.nodeOwner != nil:
		seen := map[string]bool{}
		for id := range ids {
			if o, ok := g.nodeOwner[id]; ok && !seen[o] {
				seen[o] = true
				match(g.owners[o])
			}
		}
	default:
		for _, d := range g.owners {
			match(d)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, ctx.Err()
}

// Edges implements graph.Store.
func (s *Store) Edges(ctx context.Context, repo string, q graph.EdgeQuery) ([]graph.Edge, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	g := s.repos[repo]
	if g == nil {
		return nil, nil
	}
	var out []graph.Edge
	for _, d := range g.owners {
		for _, e := range d.edges {
			if (q.Type != "" && e.Type != q.Type) || (q.From != "" && e.From != q.From) || (q.To != "" && e.To != q.To) {
				continue
			}
			out = append(out, e)
		}
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
	for _, d := range g.owners {
		for _, n := range d.nodes {
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
	for _, d := range g.owners {
		for _, n := range d.nodes {
			c.Nodes[n.Label]++
		}
		for _, e := range d.edges {
			c.Edges[e.Type]++
		}
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
