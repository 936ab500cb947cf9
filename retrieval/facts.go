package retrieval

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/heragent/heragent/graph"
)

// EntryPoints lists main functions, shebang scripts, package bins,
// console scripts and executable build targets.
func (ix *Index) EntryPoints(ctx context.Context) ([]EntryPoint, error) {
	syms, err := ix.nodes(ctx, graph.NodeQuery{Label: graph.Symbol, Props: map[string]any{"kind": string(graph.SymMain)}})
	if err != nil {
		return nil, err
	}
	var out []EntryPoint
	for _, n := range syms {
		p := n.Props
		out = append(out, EntryPoint{Kind: "main", Name: p.Str("name"), Path: p.Str("path"), Line: p.Int("line"), Language: p.Str("language")})
	}
	for _, kind := range []graph.TargetKind{graph.TargetBin, graph.TargetExecutable} {
		ts, err := ix.Targets(ctx, string(kind))
		if err != nil {
			return nil, err
		}
		for _, t := range ts {
			cmd := t.Command
			if cmd == "" {
				cmd = strings.Join(t.Sources, " ")
			}
			out = append(out, EntryPoint{Kind: t.Kind, Name: t.Name, Path: t.Path, Line: t.Line, Command: cmd})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Line < out[j].Line
	})
	return out, nil
}

// Targets lists build targets, scripts and tests of a kind ("" for all):
// executable, library, test, make, script, bin.
func (ix *Index) Targets(ctx context.Context, kind string) ([]Target, error) {
	q := graph.NodeQuery{Label: graph.Target}
	if kind != "" {
		q.Props = map[string]any{"kind": kind}
	}
	ns, err := ix.nodes(ctx, q)
	if err != nil {
		return nil, err
	}
	out := make([]Target, 0, len(ns))
	for _, n := range ns {
		p := n.Props
		out = append(out, Target{Kind: p.Str("kind"), Name: p.Str("name"), Command: p.Str("command"), Sources: p.Strs("sources"), Path: p.Str("path"), Line: p.Int("line")})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Line < out[j].Line
	})
	return out, nil
}

// includes returns every include declaration with its resolution.
func (ix *Index) includes(ctx context.Context) ([]Include, error) {
	ds, err := ix.nodes(ctx, graph.NodeQuery{Label: graph.Declaration, Props: map[string]any{"kind": "include"}})
	if err != nil {
		return nil, err
	}
	es, err := ix.Store.Edges(ctx, ix.Repo, graph.EdgeQuery{Type: graph.ResolvesTo})
	if err != nil {
		return nil, fmt.Errorf("query resolutions: %w", err)
	}
	resolved := make(map[string]string, len(es))
	for _, e := range es {
		resolved[e.From] = strings.TrimPrefix(e.To, "file:")
	}
	out := make([]Include, 0, len(ds))
	for _, d := range ds {
		p := d.Props
		out = append(out, Include{Path: p.Str("path"), Line: p.Int("line"), Target: p.Str("target"), System: p.Bool("system"), Resolved: resolved[d.ID], Platform: p.Str("platform")})
	}
	return out, nil
}

// Includers lists the files that include header: by the name as written
// (exactly, or as its last path components) or by resolution to that
// repository path.
func (ix *Index) Includers(ctx context.Context, header string) ([]Include, error) {
	all, err := ix.includes(ctx)
	if err != nil {
		return nil, err
	}
	var out []Include
	for _, in := range all {
		if in.Target == header || strings.HasSuffix(in.Target, "/"+header) || in.Resolved == header || strings.HasSuffix(header, "/"+in.Target) && in.Resolved == header {
			out = append(out, in)
		}
	}
	sortLocs(out)
	return out, nil
}

func sortLocs(in []Include) {
	sort.Slice(in, func(i, j int) bool {
		if in[i].Path != in[j].Path {
			return in[i].Path < in[j].Path
		}
		return in[i].Line < in[j].Line
	})
}

// UnresolvedIncludes lists headers included by the code that are not in
// the repository (the system headers it needs), each with its includers;
// includes a preprocessor condition limits to another platform are left
// out.
func (ix *Index) UnresolvedIncludes(ctx context.Context) ([]UnresolvedInclude, error) {
	all, err := ix.includes(ctx)
	if err != nil {
		return nil, err
	}
	by := map[string]*UnresolvedInclude{}
	for _, in := range all {
		if in.Resolved != "" || in.Platform != "" {
			continue // in the repository, or read only on another platform
		}
		u := by[in.Target]
		if u == nil {
			u = &UnresolvedInclude{Header: in.Target, System: in.System}
			by[in.Target] = u
		}
		u.Includers = append(u.Includers, Location{Path: in.Path, Line: in.Line})
	}
	out := make([]UnresolvedInclude, 0, len(by))
	for _, u := range by {
		sort.Slice(u.Includers, func(i, j int) bool {
			if u.Includers[i].Path != u.Includers[j].Path {
				return u.Includers[i].Path < u.Includers[j].Path
			}
			return u.Includers[i].Line < u.Includers[j].Line
		})
		out = append(out, *u)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Header < out[j].Header })
	return out, nil
}

// DeclaredDependencies lists dependencies declared by manifests, build
// files and CI files, of one ecosystem ("" for all).
func (ix *Index) DeclaredDependencies(ctx context.Context, ecosystem string) ([]Dependency, error) {
	q := graph.NodeQuery{Label: graph.Dependency}
	if ecosystem != "" {
		q.Props = map[string]any{"ecosystem": ecosystem}
	}
	ns, err := ix.nodes(ctx, q)
	if err != nil {
		return nil, err
	}
	out := make([]Dependency, 0, len(ns))
	for _, n := range ns {
		p := n.Props
		out = append(out, Dependency{Ecosystem: p.Str("ecosystem"), Name: p.Str("name"), Constraint: p.Str("constraint"), Scope: p.Str("scope"),
			Required: p.Bool("required"), Components: p.Strs("components"), Path: p.Str("path"), Line: p.Int("line")})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Line < out[j].Line
	})
	return out, nil
}

// CISteps lists the shell steps of CI files and Dockerfiles, by file and
// order.
func (ix *Index) CISteps(ctx context.Context) ([]CIStep, error) {
	ns, err := ix.nodes(ctx, graph.NodeQuery{Label: graph.Step})
	if err != nil {
		return nil, err
	}
	out := make([]CIStep, 0, len(ns))
	for _, n := range ns {
		p := n.Props
		out = append(out, CIStep{System: p.Str("system"), Job: p.Str("job"), Name: p.Str("name"), Text: p.Str("text"), Path: p.Str("path"),
			Line: p.Int("line"), Order: p.Int("order"), Matrix: p.Strs("matrix")})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Order < out[j].Order
	})
	return out, nil
}

// DocSections lists document sections whose heading or text mentions
// every term of topic (all sections when topic is empty), in document
// order, with their code blocks.
func (ix *Index) DocSections(ctx context.Context, topic string) ([]DocSection, error) {
	ns, err := ix.nodes(ctx, graph.NodeQuery{Label: graph.TextChunk})
	if err != nil {
		return nil, err
	}
	terms := strings.Fields(strings.ToLower(topic))
	var out []DocSection
	for _, n := range ns {
		p := n.Props
		hay := strings.ToLower(p.Str("heading") + "\n" + p.Str("text"))
		ok := true
		for _, t := range terms {
			if !strings.Contains(hay, t) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		s := DocSection{Path: p.Str("path"), Order: p.Int("order"), Heading: p.Str("heading"), Level: p.Int("level"),
			Line: p.Int("line"), EndLine: p.Int("end_line"), Text: p.Str("text")}
		langs, codes, spans := p.Strs("code_langs"), p.Strs("codes"), p.Strs("code_lines")
		for i := range codes {
			cb := CodeBlock{Code: codes[i]}
			if i < len(langs) {
				cb.Lang = langs[i]
			}
			if i < len(spans) {
				a, b, _ := strings.Cut(spans[i], "-")
				cb.Line, _ = strconv.ParseInt(a, 10, 64)
				cb.EndLine, _ = strconv.ParseInt(b, 10, 64)
			}
			s.Code = append(s.Code, cb)
		}
		out = append(out, s)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return docRank(out[i].Path) < docRank(out[j].Path) || docRank(out[i].Path) == docRank(out[j].Path) && out[i].Path < out[j].Path
		}
		return out[i].Order < out[j].Order
	})
	return out, nil
}

// docRank puts top-level READMEs and INSTALL files first.
func docRank(p string) int {
	up := strings.ToUpper(p)
	switch {
	case strings.HasPrefix(up, "README"):
		return 0
	case strings.HasPrefix(up, "INSTALL") || strings.HasPrefix(up, "BUILDING"):
		return 1
	case !strings.Contains(p, "/"):
		return 2
	}
	return 3
}

// ReadFile returns lines from..to (1-based, inclusive; 0 for the start or
// end) of a repository file and marks it involved. Reading a file already
// served returns ErrAlreadyServed unless again is true. Paths outside the
// repository are refused.
func (ix *Index) ReadFile(ctx context.Context, rel string, from, to int, again bool) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	clean := filepath.ToSlash(filepath.Clean(rel))
	if filepath.IsAbs(rel) || clean == ".." || strings.HasPrefix(clean, "../") {
		return "", fmt.Errorf("read %s: path outside the repository", rel)
	}
	if !again && ix.isInvolved(clean) {
		return "", fmt.Errorf("read %s: %w", rel, ErrAlreadyServed)
	}
	abs := filepath.Join(ix.Root, filepath.FromSlash(clean))
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", rel, err)
	}
	if r, err := filepath.Rel(ix.Root, real); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("read %s: symlink leaves the repository", rel)
	}
	b, err := os.ReadFile(real)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", rel, err)
	}
	ix.MarkInvolved(clean)
	lines := strings.SplitAfter(string(b), "\n")
	if from <= 0 {
		from = 1
	}
	if to <= 0 || to > len(lines) {
		to = len(lines)
	}
	if from > to {
		return "", nil
	}
	return strings.Join(lines[from-1:to], ""), nil
}

// Importers lists the files that import module (Python `import x` /
// `from x.y import z`, JS require/import, Go import paths): the target as
// written is module or starts with module + "." or "/" (a Go module's
// package, a JS package's subpath). Sorted.
func (ix *Index) Importers(ctx context.Context, module string) ([]string, error) {
	by, err := ix.ImportersOf(ctx, []string{module})
	return by[module], err
}

// ImportersOf is Importers of each module, the imports read once.
func (ix *Index) ImportersOf(ctx context.Context, modules []string) (map[string][]string, error) {
	ns, err := ix.nodes(ctx, graph.NodeQuery{Label: graph.Declaration, Props: map[string]any{"kind": "import"}})
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, module := range modules {
		seen := map[string]bool{}
		for _, n := range ns {
			t, p := n.Props.Str("target"), n.Props.Str("path")
			if (t == module || strings.HasPrefix(t, module+".") || strings.HasPrefix(t, module+"/")) && !seen[p] {
				seen[p] = true
				out[module] = append(out[module], p)
			}
		}
		sort.Strings(out[module])
	}
	return out, nil
}
