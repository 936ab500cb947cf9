package build

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/go-enry/go-enry/v2"

	"github.com/heragent/heragent/graph"
)

// fileResult is the graph fragment one file produces.
type fileResult struct {
	rel        string
	lang, kind string
	skipped    string // skip reason, "" when parsed
	invalid    bool
	problem    *Problem
	unchanged  bool // nothing to write
	touchOnly  bool // only the File node changed (mtime), content identical
	nodes      []graph.Node
	edges      []graph.Edge
}

// analyzeFile reads and parses one file unless the cache says it is unchanged.
func analyzeFile(ctx context.Context, ps parsers, e entry, prev *cachedFile, maxSize int64) fileResult {
	r := fileResult{rel: e.rel}
	mtime := e.info.ModTime().UnixNano()
	size := e.info.Size()
	if prev != nil {
		pp := prev.node.Props
		r.lang, r.kind, r.skipped = pp.Str("language"), pp.Str("kind"), pp.Str("skipped")
		r.invalid = pp.Str("invalid") != ""
		if pp.Int("size") == size && pp.Int("mtime") == mtime && pp.Str("link") == e.link {
			r.unchanged = true
			switch {
			case r.skipped != "":
				r.problem = &Problem{Path: e.rel, Reason: pp.Str("skip_detail"), Skipped: true}
			case r.invalid:
				r.problem = &Problem{Path: e.rel, Reason: "invalid: " + pp.Str("invalid")}
			}
			return r
		}
	}
	props := graph.Props{"path": e.rel, "name": path.Base(e.rel), "ext": path.Ext(e.rel), "size": size, "mtime": mtime}
	fileNode := func() graph.Node {
		return graph.Node{ID: fileID(e.rel), Label: graph.File, Owner: e.rel, Props: props}
	}
	skip := func(reason, detail string) fileResult {
		r.skipped = reason
		props["skipped"] = reason
		if _, ok := props["language"]; !ok {
			r.lang = fileLanguage(e.rel, nil)
			k, _ := classify(e.rel, r.lang)
			r.kind = string(k)
			props["language"], props["kind"] = r.lang, r.kind
		}
		msg := reason
		if detail != "" {
			msg += ": " + detail
		}
		r.problem = &Problem{Path: e.rel, Reason: msg, Skipped: true}
		props["skip_detail"] = msg
		r.nodes = []graph.Node{fileNode()}
		return r
	}
	if e.link != "" {
		props["link"] = e.link
		return skip("symlink", "to "+e.link)
	}
	if size > maxSize {
		return skip("oversized", fmt.Sprintf("%d bytes", size))
	}
	src, err := os.ReadFile(e.abs)
	if err != nil {
		return skip("unreadable", err.Error())
	}
	sum := sha256.Sum256(src)
	hash := hex.EncodeToString(sum[:])
	props["hash"] = hash
	if prev != nil && prev.node.Props.Str("hash") == hash {
		// Same content, new mtime: refresh the File node only.
		for k, v := range prev.node.Props {
			if _, ok := props[k]; !ok {
				props[k] = v
			}
		}
		r.unchanged, r.touchOnly = false, true
		r.nodes = []graph.Node{fileNode()}
		return r
	}
	r.unchanged = false
	r.lang = fileLanguage(e.rel, src)
	kind, eco := classify(e.rel, r.lang)
	r.kind = string(kind)
	props["language"], props["kind"] = r.lang, r.kind
	if eco != "" {
		props["ecosystem"] = eco
	}
	if lockfiles[path.Base(e.rel)] {
		props["lockfile"] = true
	}
	if enry.IsBinary(src) {
		return skip("binary", "")
	}
	if kind != graph.KindManifest && kind != graph.KindBuild && kind != graph.KindCI && enry.IsGenerated(e.rel, src) {
		return skip("generated", "")
	}
	props["lines"] = int64(bytes.Count(src, []byte("\n")) + 1)
	text := src
	if !utf8.Valid(src) {
		text = []byte(strings.ToValidUTF8(string(src), "\uFFFD"))
		r.markInvalid(props, "invalid UTF-8 (replaced)")
	}
	r.nodes = append(r.nodes, graph.Node{}) // File node, filled last
	add := &adder{r: &r, rel: e.rel, seen: map[string]bool{}}

	if g := tsLang(r.lang, e.rel); g != "" {
		cf, err := parseCode(ctx, ps, g, e.rel, text)
		if err != nil {
			r.markInvalid(props, err.Error())
		}
		hasMain := false
		for _, s := range cf.symbols {
			hasMain = hasMain || s.kind == string(graph.SymMain)
			add.symbol(s, r.lang)
		}
		if !hasMain && (bytes.HasPrefix(src, []byte("#!")) || exampleScript(e.rel, r.lang) && runsAtTopLevel(text, r.lang)) && (kind == graph.KindScript || kind == graph.KindSource) {
			add.symbol(symbol{name: path.Base(e.rel), kind: string(graph.SymMain), line: 1, endLine: 1}, r.lang)
		}
		for _, d := range cf.decls {
			add.decl(d)
		}
	}
	for _, p := range factParsers {
		if !p.match(e.rel, path.Base(e.rel)) {
			continue
		}
		ff, err := parseFacts(p, e.rel, text)
		if err != nil {
			r.markInvalid(props, err.Error())
		}
		for k, v := range ff.props {
			props["fact_"+k] = v
		}
		for _, d := range ff.deps {
			add.dependency(d)
		}
		for _, t := range ff.targets {
			add.target(t)
		}
		add.steps(ff.steps)
		break
	}
	if kind == graph.KindDoc {
		add.chunks(chunkDoc(e.rel, string(text)))
	}
	r.nodes[0] = fileNode()
	return r
}

func (r *fileResult) markInvalid(props graph.Props, msg string) {
	if old := props.Str("invalid"); old != "" {
		msg = old + "; " + msg
	}
	props["invalid"] = msg
	r.invalid = true
	r.problem = &Problem{Path: r.rel, Reason: "invalid: " + msg}
}

func fileID(rel string) string { return "file:" + rel }

// adder turns parsed facts into nodes and edges owned by one file.
type adder struct {
	r    *fileResult
	rel  string
	seen map[string]bool
}

func (a *adder) node(id string, l graph.Label, et graph.EdgeType, p graph.Props) bool {
	if a.seen[id] {
		return false
	}
	a.seen[id] = true
	a.r.nodes = append(a.r.nodes, graph.Node{ID: id, Label: l, Owner: a.rel, Props: p})
	a.r.edges = append(a.r.edges, graph.Edge{From: fileID(a.rel), To: id, Type: et, Owner: a.rel})
	return true
}

func (a *adder) symbol(s symbol, lang string) {
	a.node(fmt.Sprintf("sym:%s#%s@%d", a.rel, s.name, s.line), graph.Symbol, graph.Defines, graph.Props{
		"name": s.name, "kind": s.kind, "path": a.rel, "line": s.line, "end_line": s.endLine, "language": lang, "parent": s.parent})
}

func (a *adder) decl(d decl) {
	et := graph.Imports
	if d.kind == "include" {
		et = graph.Includes
	}
	p := graph.Props{"path": a.rel, "line": d.line, "kind": d.kind, "target": d.target, "system": d.system}
	if d.platform != "" {
		p["platform"] = d.platform
	}
	a.node(fmt.Sprintf("decl:%s@%d#%s", a.rel, d.line, d.target), graph.Declaration, et, p)
}

func (a *adder) dependency(d dependency) {
	p := graph.Props{"ecosystem": d.ecosystem, "name": d.name, "constraint": d.constraint, "scope": d.scope,
		"path": a.rel, "line": d.line, "required": d.required}
	if len(d.components) > 0 {
		p["components"] = d.components
	}
	a.node(fmt.Sprintf("dep:%s#%s:%s@%d", a.rel, d.ecosystem, d.name, d.line), graph.Dependency, graph.DeclaresDependency, p)
}

func (a *adder) target(t target) {
	p := graph.Props{"kind": t.kind, "name": t.name, "path": a.rel, "line": t.line, "command": t.command}
	if len(t.sources) > 0 {
		p["sources"] = t.sources
	}
	a.node(fmt.Sprintf("target:%s#%s:%s@%d", a.rel, t.kind, t.name, t.line), graph.Target, graph.Defines, p)
}

func (a *adder) steps(steps []step) {
	last := map[string]string{}
	for i, s := range steps {
		id := fmt.Sprintf("step:%s@%d#%d", a.rel, s.line, i)
		p := graph.Props{"path": a.rel, "line": s.line, "system": s.system, "job": s.job, "name": s.name, "text": s.text, "order": i}
		if len(s.matrix) > 0 {
			p["matrix"] = s.matrix
		}
		if a.node(id, graph.Step, graph.HasStep, p) {
			if prev, ok := last[s.job]; ok {
				a.r.edges = append(a.r.edges, graph.Edge{From: prev, To: id, Type: graph.NextStep, Owner: a.rel})
			}
			last[s.job] = id
		}
	}
}

func (a *adder) chunks(cs []chunk) {
	prev := ""
	for i, c := range cs {
		id := fmt.Sprintf("chunk:%s#%d", a.rel, i)
		p := graph.Props{"path": a.rel, "order": i, "heading": c.heading, "level": c.level, "line": c.line, "end_line": c.endLine, "text": c.text}
		if len(c.codes) > 0 {
			p["code_langs"], p["codes"], p["code_lines"] = c.codeLangs, c.codes, c.codeLines
		}
		a.node(id, graph.TextChunk, graph.HasText, p)
		if prev != "" {
			a.r.edges = append(a.r.edges, graph.Edge{From: prev, To: id, Type: graph.NextChunk, Owner: a.rel})
		}
		prev = id
	}
}
