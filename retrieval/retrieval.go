// Package retrieval answers the questions an agent asks while setting up a
// repository, over a graph.Store: which manifests, build, CI and doc files
// exist, text search, the file tree, entry points, who includes a header,
// which system headers the code needs, declared dependencies, CI steps,
// documentation sections with their code blocks, and file reads. An Index
// remembers the files it has served (involved files) so a caller is not
// served the same file twice.
package retrieval

import (
	"context"
	"errors"
	"fmt"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/heragent/heragent/graph"
	"github.com/heragent/heragent/graph/build"
)

// Index is the retrieval API over one repository's graph.
type Index struct {
	Store graph.Store
	Repo  string // repository name in the store
	Root  string // repository path on disk (for ReadFile)

	mu       sync.Mutex
	involved map[string]bool
}

// ErrAlreadyServed is returned by ReadFile for a range already served.
var ErrAlreadyServed = errors.New("file already served")

// Build builds (or incrementally updates) the graph of the repository at
// root into store and returns an Index over it.
func Build(ctx context.Context, root string, store graph.Store, opt build.Options) (*Index, *build.Summary, error) {
	sum, err := build.Build(ctx, store, root, opt)
	if err != nil {
		return nil, nil, err
	}
	return &Index{Store: store, Repo: sum.Repo, Root: sum.Root, involved: map[string]bool{}}, sum, nil
}

// Involved lists the files served by ReadFile so far, sorted.
func (ix *Index) Involved() []string {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	var out []string
	for p := range ix.involved {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// MarkInvolved records paths as served (e.g. files a caller got elsewhere).
func (ix *Index) MarkInvolved(paths ...string) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	for _, p := range paths {
		ix.involved[p] = true
	}
}

// ResetInvolved forgets the served files.
func (ix *Index) ResetInvolved() {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.involved = map[string]bool{}
}

func (ix *Index) isInvolved(p string) bool {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return ix.involved[p]
}

func (ix *Index) nodes(ctx context.Context, q graph.NodeQuery) ([]graph.Node, error) {
	ns, err := ix.Store.Nodes(ctx, ix.Repo, q)
	if err != nil {
		return nil, fmt.Errorf("query %s nodes: %w", q.Label, err)
	}
	return ns, nil
}

func fileInfo(n graph.Node) FileInfo {
	p := n.Props
	fi := FileInfo{Path: p.Str("path"), Language: p.Str("language"), Kind: p.Str("kind"), Ecosystem: p.Str("ecosystem"),
		Size: p.Int("size"), Lines: p.Int("lines"), Lockfile: p.Bool("lockfile"), Skipped: p.Str("skipped"), Invalid: p.Str("invalid")}
	for k, v := range p {
		if strings.HasPrefix(k, "fact_") {
			if fi.Facts == nil {
				fi.Facts = map[string]any{}
			}
			fi.Facts[strings.TrimPrefix(k, "fact_")] = v
		}
	}
	return fi
}

// globMatch matches a path against a FileQuery glob.
func globMatch(glob, p string) bool {
	if glob == "" {
		return true
	}
	if strings.HasPrefix(glob, "**/") {
		rest := strings.TrimPrefix(glob, "**/")
		for q := p; ; {
			if ok, _ := path.Match(rest, q); ok {
				return true
			}
			i := strings.IndexByte(q, '/')
			if i < 0 {
				return false
			}
			q = q[i+1:]
		}
	}
	if !strings.Contains(glob, "/") {
		ok, _ := path.Match(glob, path.Base(p))
		return ok
	}
	ok, _ := path.Match(glob, p)
	return ok
}

// FindFiles lists files matching q, sorted by path.
func (ix *Index) FindFiles(ctx context.Context, q FileQuery) ([]FileInfo, error) {
	gq := graph.NodeQuery{Label: graph.File}
	if q.Kind != "" {
		gq.Props = map[string]any{"kind": q.Kind}
	}
	ns, err := ix.nodes(ctx, gq)
	if err != nil {
		return nil, err
	}
	var out []FileInfo
	for _, n := range ns {
		fi := fileInfo(n)
		if q.Language != "" && !strings.EqualFold(fi.Language, q.Language) {
			continue
		}
		if !globMatch(q.Glob, fi.Path) || (q.ExcludeInvolved && ix.isInvolved(fi.Path)) {
			continue
		}
		out = append(out, fi)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// SearchText finds document sections and CI/Docker steps containing every
// term of query, best first.
func (ix *Index) SearchText(ctx context.Context, query string, limit int) ([]TextHit, error) {
	ns, err := ix.Store.SearchText(ctx, ix.Repo, query, limit)
	if err != nil {
		return nil, fmt.Errorf("search text: %w", err)
	}
	out := make([]TextHit, 0, len(ns))
	for _, n := range ns {
		p := n.Props
		out = append(out, TextHit{Label: string(n.Label), Path: p.Str("path"), Line: p.Int("line"), EndLine: p.Int("end_line"), Heading: p.Str("heading"), Text: p.Str("text")})
	}
	return out, nil
}

// FileTree returns the directory tree down to depth levels (0: unlimited);
// deeper directories are summarised by their file count.
func (ix *Index) FileTree(ctx context.Context, depth int) (*TreeNode, error) {
	files, err := ix.FindFiles(ctx, FileQuery{})
	if err != nil {
		return nil, err
	}
	root := &TreeNode{Name: ix.Repo, Path: ".", Dir: true}
	dirs := map[string]*TreeNode{".": root}
	var dirOf func(d string) *TreeNode
	dirOf = func(d string) *TreeNode {
		if n, ok := dirs[d]; ok {
			return n
		}
		parent := dirOf(path.Dir(d))
		n := &TreeNode{Name: path.Base(d), Path: d, Dir: true}
		parent.Children = append(parent.Children, n)
		dirs[d] = n
		return n
	}
	for _, f := range files {
		parts := strings.Split(f.Path, "/")
		if depth > 0 && len(parts) > depth {
			d := dirOf(strings.Join(parts[:depth], "/"))
			d.Files++
			continue
		}
		d := dirOf(path.Dir(f.Path))
		d.Children = append(d.Children, &TreeNode{Name: path.Base(f.Path), Path: f.Path, Kind: f.Kind})
	}
	var sortTree func(n *TreeNode)
	sortTree = func(n *TreeNode) {
		sort.Slice(n.Children, func(i, j int) bool {
			if n.Children[i].Dir != n.Children[j].Dir {
				return n.Children[i].Dir
			}
			return n.Children[i].Name < n.Children[j].Name
		})
		for _, c := range n.Children {
			sortTree(c)
		}
	}
	sortTree(root)
	return root, nil
}

// Render prints the tree, one entry per line, indented.
func (t *TreeNode) Render() string {
	var b strings.Builder
	var walk func(n *TreeNode, indent string)
	walk = func(n *TreeNode, indent string) {
		name := n.Name
		switch {
		case n.Dir && n.Files > 0:
			name += fmt.Sprintf("/ (%d files)", n.Files)
		case n.Dir:
			name += "/"
		case n.Kind != "":
			name += "  [" + n.Kind + "]"
		}
		b.WriteString(indent + name + "\n")
		for _, c := range n.Children {
			walk(c, indent+"  ")
		}
	}
	walk(t, "")
	return b.String()
}
