package build

import (
	"context"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/heragent/heragent/graph"
)

// writeTree replaces the Repository and Directory nodes and the CONTAINS
// edges for the current set of files.
func writeTree(ctx context.Context, store graph.Store, repo, root string, files map[string]bool) error {
	b := graph.Batch{DeleteOwners: []string{ownerTree}}
	b.Nodes = append(b.Nodes, graph.Node{ID: "repo", Label: graph.Repository, Owner: ownerTree, Props: graph.Props{
		"name": repo, "path": root, "builder_version": cacheVersion()}})
	dirs := map[string]bool{".": true}
	for f := range files {
		for d := path.Dir(f); !dirs[d]; d = path.Dir(d) {
			dirs[d] = true
		}
		b.Edges = append(b.Edges, graph.Edge{From: dirID(path.Dir(f)), To: fileID(f), Type: graph.Contains, Owner: ownerTree})
	}
	for d := range dirs {
		b.Nodes = append(b.Nodes, graph.Node{ID: dirID(d), Label: graph.Directory, Owner: ownerTree, Props: graph.Props{"path": d}})
		if d == "." {
			b.Edges = append(b.Edges, graph.Edge{From: "repo", To: dirID(d), Type: graph.Contains, Owner: ownerTree})
		} else {
			b.Edges = append(b.Edges, graph.Edge{From: dirID(path.Dir(d)), To: dirID(d), Type: graph.Contains, Owner: ownerTree})
		}
	}
	if err := store.Apply(ctx, repo, b); err != nil {
		return fmt.Errorf("write directory tree: %w", err)
	}
	return nil
}

func dirID(d string) string { return "dir:" + d }

// writeResolution replaces the RESOLVES_TO edges: each Declaration whose
// target is a file of the repository points to it.
func writeResolution(ctx context.Context, store graph.Store, repo string, files map[string]bool) error {
	decls, err := store.Nodes(ctx, repo, graph.NodeQuery{Label: graph.Declaration})
	if err != nil {
		return fmt.Errorf("read declarations: %w", err)
	}
	goModule := ""
	if mods, err := store.Nodes(ctx, repo, graph.NodeQuery{IDs: []string{fileID("go.mod")}}); err == nil && len(mods) == 1 {
		goModule = mods[0].Props.Str("fact_module")
	}
	r := newResolver(files, goModule)
	b := graph.Batch{DeleteOwners: []string{ownerResolve}}
	for _, d := range decls {
		if to := r.resolve(d.Props.Str("path"), d.Props.Str("kind"), d.Props.Str("target"), d.Props.Bool("system")); to != "" {
			b.Edges = append(b.Edges, graph.Edge{From: d.ID, To: fileID(to), Type: graph.ResolvesTo, Owner: ownerResolve})
		}
	}
	if err := store.Apply(ctx, repo, b); err != nil {
		return fmt.Errorf("write include resolution: %w", err)
	}
	return nil
}

type resolver struct {
	files    map[string]bool
	byBase   map[string][]string
	goModule string
}

func newResolver(files map[string]bool, goModule string) *resolver {
	r := &resolver{files: files, byBase: map[string][]string{}, goModule: goModule}
	for f := range files {
		b := path.Base(f)
		r.byBase[b] = append(r.byBase[b], f)
	}
	for _, l := range r.byBase {
		sort.Slice(l, func(i, j int) bool {
			if len(l[i]) != len(l[j]) {
				return len(l[i]) < len(l[j])
			}
			return l[i] < l[j]
		})
	}
	return r
}

// bySuffix finds the shortest repository path ending in /suffix (or equal
// to it); accept filters the directory prefix.
func (r *resolver) bySuffix(suffix string, accept func(prefix string) bool) string {
	for _, f := range r.byBase[path.Base(suffix)] {
		if f == suffix || strings.HasSuffix(f, "/"+suffix) {
			prefix := strings.TrimSuffix(strings.TrimSuffix(f, suffix), "/")
			if accept == nil || accept(prefix) {
				return f
			}
		}
	}
	return ""
}

func (r *resolver) exists(p string) string {
	p = path.Clean(p)
	if r.files[p] {
		return p
	}
	return ""
}

var includeDirs = map[string]bool{"include": true, "inc": true, "src": true, "lib": true, "": true}

func (r *resolver) resolve(from, kind, target string, system bool) string {
	dir := path.Dir(from)
	switch kind {
	case "include":
		if !system {
			if f := r.exists(path.Join(dir, target)); f != "" {
				return f
			}
			return r.bySuffix(path.Clean(target), nil)
		}
		return r.bySuffix(path.Clean(target), func(prefix string) bool {
			return strings.Contains(target, "/") || includeDirs[path.Base(prefix)] || prefix == ""
		})
	case "import":
		switch {
		case strings.HasPrefix(target, "./") || strings.HasPrefix(target, "../"):
			base := path.Join(dir, target)
			for _, ext := range []string{"", ".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", "/index.js", "/index.ts"} {
				if f := r.exists(base + ext); f != "" {
					return f
				}
			}
		case r.goModule != "" && (target == r.goModule || strings.HasPrefix(target, r.goModule+"/")):
			d := strings.TrimPrefix(strings.TrimPrefix(target, r.goModule), "/")
			if d == "" {
				d = "."
			}
			var best string
			for f := range r.files {
				if path.Dir(f) == d && strings.HasSuffix(f, ".go") && !strings.HasSuffix(f, "_test.go") && (best == "" || f < best) {
					best = f
				}
			}
			return best
		case strings.HasSuffix(from, ".py"):
			mod := target
			lead := len(mod) - len(strings.TrimLeft(mod, "."))
			mod = strings.ReplaceAll(mod[lead:], ".", "/")
			if lead > 0 {
				base := dir
				for i := 1; i < lead; i++ {
					base = path.Dir(base)
				}
				for _, c := range []string{path.Join(base, mod) + ".py", path.Join(base, mod, "__init__.py")} {
					if f := r.exists(c); f != "" {
						return f
					}
				}
				return ""
			}
			if mod == "" {
				return ""
			}
			for _, c := range []string{path.Join(dir, mod) + ".py", mod + ".py", path.Join(mod, "__init__.py")} {
				if f := r.exists(c); f != "" {
					return f
				}
			}
			if f := r.bySuffix(mod+".py", nil); f != "" {
				return f
			}
			return r.bySuffix(mod+"/__init__.py", nil)
		}
	case "source":
		if strings.ContainsAny(target, "$`") {
			return ""
		}
		if f := r.exists(path.Join(dir, target)); f != "" {
			return f
		}
		return r.exists(target)
	case "mod":
		for _, c := range []string{path.Join(dir, target+".rs"), path.Join(dir, target, "mod.rs")} {
			if f := r.exists(c); f != "" {
				return f
			}
		}
	}
	return ""
}
