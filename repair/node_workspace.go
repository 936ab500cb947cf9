package repair

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// A module a test or a program requires may be one of the checkout's own
// npm workspaces (socket.io's packages/socket.io-adapter: "Cannot find
// module 'socket.io-adapter'"): the install linked it into node_modules,
// but its entry point (dist/index.js) is what its own build script makes,
// and nothing ran that. Installing it from the registry would put the
// published copy in place of the checkout's. workspaceBuilds says how to
// build it instead: its own script, after those of the workspaces it
// depends on (whose output its compile reads), each once.

// buildWorkspace proposes workspaceBuilds' commands, last in the build
// section, for a missing module that is a workspace of the checkout.
func (r missingNodeModule) buildWorkspace(d Diagnosis, ctx *Context) (Proposal, bool) {
	cmds, dir, ok := workspaceBuilds(ctx.Repo, ctx.readRepo("package.json"), d.Subject)
	if !ok {
		return Proposal{}, false
	}
	var edits []bashfile.Edit
	for _, c := range cmds {
		if ctx.File == nil || !ctx.File.HasCommand(c) {
			edits = append(edits, bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Build, Command: c, Why: why(r, d)})
		}
	}
	if len(edits) == 0 {
		return none(d, fmt.Sprintf("%s is the checkout's own npm workspace (%s), and the Bash File builds it already", d.Subject, dir)), true
	}
	return edit(d, fmt.Sprintf("%s is the checkout's own npm workspace (%s), linked by the install but never built: build it with its own script, after the workspaces it depends on (the registry's copy would stand in for the checkout's)", d.Subject, dir), edits...), true
}

// workspace is one npm workspace of the checkout.
type workspace struct {
	dir, script string   // its directory; its build script ("" for none)
	deps        []string // the packages its dependencies and peerDependencies name
}

// workspaceBuilds returns the commands that build workspace pkg and, first,
// the workspaces it depends on that have a build script; false when pkg
// is no workspace of the root manifest or has nothing to build.
func workspaceBuilds(repo RepoReader, root, pkg string) ([]string, string, bool) {
	ws := workspaces(repo, root)
	w, ok := ws[pkg]
	if !ok || w.script == "" {
		return nil, "", false
	}
	var order []string
	seen := map[string]bool{}
	var visit func(name string)
	visit = func(name string) {
		if seen[name] {
			return
		}
		seen[name] = true
		for _, d := range ws[name].deps {
			if _, ok := ws[d]; ok {
				visit(d)
			}
		}
		if ws[name].script != "" {
			order = append(order, "npm run "+ws[name].script+" --workspace="+name)
		}
	}
	visit(pkg)
	return order, w.dir, true
}

// workspaces reads the root manifest's workspaces ("packages/*" or a
// directory each; npm's array or yarn's {"packages": […]}) by package name.
func workspaces(repo RepoReader, root string) map[string]workspace {
	if repo == nil {
		return nil
	}
	var m struct {
		Workspaces json.RawMessage `json:"workspaces"`
	}
	if json.Unmarshal([]byte(root), &m) != nil || len(m.Workspaces) == 0 {
		return nil
	}
	var pats []string
	if json.Unmarshal(m.Workspaces, &pats) != nil {
		var y struct {
			Packages []string `json:"packages"`
		}
		if json.Unmarshal(m.Workspaces, &y) != nil {
			return nil
		}
		pats = y.Packages
	}
	out := map[string]workspace{}
	for _, dir := range workspaceDirs(repo, pats) {
		b, err := repo.ReadFile(path.Join(dir, "package.json"))
		if err != nil {
			continue
		}
		var p struct {
			Name    string            `json:"name"`
			Scripts map[string]string `json:"scripts"`
			Deps    map[string]string `json:"dependencies"`
			Peers   map[string]string `json:"peerDependencies"`
		}
		if json.Unmarshal(b, &p) != nil || p.Name == "" {
			continue
		}
		w := workspace{dir: dir}
		for _, s := range []string{"build", "compile"} {
			if p.Scripts[s] != "" {
				w.script = s
				break
			}
		}
		for d := range p.Deps {
			w.deps = append(w.deps, d)
		}
		for d := range p.Peers {
			w.deps = append(w.deps, d)
		}
		slices.Sort(w.deps) // one order, one command list
		out[p.Name] = w
	}
	return out
}

// workspaceDirs expands workspace patterns: a directory, or one whose last
// element is * (its subdirectories; only with a listing of the checkout).
func workspaceDirs(repo RepoReader, pats []string) []string {
	var dirs []string
	for _, p := range pats {
		p = strings.TrimSuffix(strings.TrimPrefix(p, "./"), "/")
		parent, last := path.Split(p)
		if last != "*" {
			if !strings.ContainsAny(p, "*?[!") {
				dirs = append(dirs, p)
			}
			continue
		}
		lister, ok := repo.(fs.ReadDirFS)
		if !ok {
			continue
		}
		parent = strings.TrimSuffix(parent, "/")
		if parent == "" {
			parent = "."
		}
		entries, err := lister.ReadDir(parent)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if e.IsDir() {
				dirs = append(dirs, path.Join(parent, e.Name()))
			}
		}
	}
	return dirs
}
