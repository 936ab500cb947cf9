package pyramid

import (
	"context"
	"encoding/json"
	"path"
	"regexp"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A monorepo's root package.json is often private tooling around the
// packages it publishes: espree's root is "eslint-js" (private,
// workspaces packages/*) around espree, eslint-scope and
// eslint-visitor-keys; parse5's is its build scripts around parse5 and
// its adapters. Imported by the root's name, the project's real use
// fails ("Cannot find package 'eslint-js'"). The package the project is
// about is the public workspace its root README names most (a single
// public workspace whatever the README says); its README's examples are
// the project's README examples, and npm links it into node_modules, so
// it is imported by its name from the root.

// mainPkg is a monorepo's main package: its directory and name.
type mainPkg struct{ dir, name string }

// mainWorkspace is the main package of a monorepo whose root package.json
// is private and declares workspaces (or lerna.json its packages); ok
// false otherwise.
func (e *env) mainWorkspace(ctx context.Context) (mainPkg, bool) {
	if e.ws != nil {
		return *e.ws, e.ws.name != ""
	}
	w := e.findMainWorkspace(ctx)
	e.ws = &w
	return w, w.name != ""
}

// packageJSON is what mainWorkspace reads of a package.json.
type packageJSON struct {
	Name       string          `json:"name"`
	Private    bool            `json:"private"`
	Workspaces json.RawMessage `json:"workspaces"`
}

func (e *env) readPackageJSON(ctx context.Context, p string) (packageJSON, bool) {
	var pj packageJSON
	src, err := e.ix.ReadFile(ctx, p, 0, 0, true)
	return pj, err == nil && json.Unmarshal([]byte(src), &pj) == nil
}

// notWorkspaceDirRe are directories whose package.json files are no
// published package of the project.
var notWorkspaceDirRe = regexp.MustCompile(`(?:^|/)(?:node_modules|fixtures?|tests?|__tests__|examples?|docs?|website|benchmarks?|scripts|tools)(?:/|$)`)

func (e *env) findMainWorkspace(ctx context.Context) mainPkg {
	root, ok := e.readPackageJSON(ctx, "package.json")
	// workspaces in package.json, or lerna's packages (polka's lerna.json)
	if !ok || !root.Private || len(root.Workspaces) == 0 && !e.fileExists("lerna.json") {
		return mainPkg{}
	}
	fs, err := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: "package.json"})
	if err != nil {
		return mainPkg{}
	}
	var cands []mainPkg
	for _, f := range fs {
		dir := path.Dir(f.Path)
		if dir == "." || notWorkspaceDirRe.MatchString(dir) {
			continue
		}
		if pj, ok := e.readPackageJSON(ctx, f.Path); ok && pj.Name != "" && !pj.Private {
			cands = append(cands, mainPkg{dir, pj.Name})
		}
	}
	if len(cands) == 1 {
		return cands[0]
	}
	readme := ""
	for _, n := range []string{"README.md", "readme.md", "Readme.md", "README.markdown", "README"} {
		if src, err := e.ix.ReadFile(ctx, n, 0, 0, true); err == nil {
			readme = src
			break
		}
	}
	best, most := mainPkg{}, 0
	for _, c := range cands {
		n := len(regexp.MustCompile(`(?:^|[^\w@/-])`+regexp.QuoteMeta(c.name)+`(?:$|[^\w/-])`).FindAllStringIndex(readme, -1))
		if n > most || n == most && n > 0 && len(c.name) < len(best.name) {
			best, most = c, n
		}
	}
	return best
}

// workspaceReadme reports whether p is the main workspace's README.
func (e *env) workspaceReadme(ctx context.Context, p string) bool {
	w, ok := e.mainWorkspace(ctx)
	return ok && path.Dir(p) == w.dir && strings.HasPrefix(strings.ToUpper(path.Base(p)), "README")
}

// nodeDir is the checkout directory of the package a Node example
// imports: the main workspace's, "" for the top (and other runtimes).
func (e *env) nodeDir(ctx context.Context, run string) string {
	if run != "node" {
		return ""
	}
	if w, ok := e.mainWorkspace(ctx); ok {
		return w.dir
	}
	return ""
}
