package repair

import (
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// missingNodeModule: require/import of a package that is not installed.
// Declared in package.json: the dependencies were not installed (npm ci /
// npm install); not declared: install that one package.
type missingNodeModule struct{}

var nodeMatches = []match{
	// CommonJS: Error: Cannot find module 'left-pad'
	{MissingNodeModule, regexp.MustCompile(`Cannot find module '([^']+)'`)},
	// ESM: Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'left-pad' imported from /repo/index.mjs
	{MissingNodeModule, regexp.MustCompile(`Cannot find package '([^']+)' imported from`)},
}

// nodePackage turns a module specifier into an npm package name; "" for
// relative paths and Node built-ins.
func nodePackage(spec string) string {
	if spec == "" || strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") || strings.HasPrefix(spec, "node:") {
		return ""
	}
	parts := strings.Split(spec, "/")
	if strings.HasPrefix(spec, "@") && len(parts) >= 2 {
		return parts[0] + "/" + parts[1]
	}
	return parts[0]
}

func (missingNodeModule) Name() string { return "missing-node-module" }

// requirerRe is the repository file that asked for the module: the first
// of CommonJS's require stack, or ESM's "imported from".
var requirerRe = regexp.MustCompile(`(?m)(?:^Require stack:\s*\n- |imported from )(?:/repo/)([\w./@+-]+)`)

func (missingNodeModule) Diagnose(f Failure) []Diagnosis {
	ds := scan(f.Log, nodeMatches, nodePackage)
	out := ds[:0]
	from := ""
	if m := requirerRe.FindStringSubmatch(f.Log); m != nil {
		from = m[1]
	}
	for _, d := range ds {
		if d.Subject != "" {
			d.Detail = from
			out = append(out, d)
		}
	}
	return out
}

// ownManifest is the directory below the top of the checkout whose
// package.json declares pkg, nearest the file that required it (an
// example app's: ioredis's examples/express/), or "".
func ownManifest(ctx *Context, file, pkg string) string {
	for dir := path.Dir(file); dir != "." && dir != "/" && dir != ""; dir = path.Dir(dir) {
		if m := ctx.readRepo(path.Join(dir, "package.json")); m != "" {
			if declaredNodeDependency(m, pkg) {
				return dir
			}
			return ""
		}
	}
	return ""
}

// npmInstallRe finds a command that installs the declared dependencies.
var npmInstallRe = regexp.MustCompile(`\bnpm (ci|install|i)\b\s*($|&&|;|\||--)`)

func (r missingNodeModule) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != MissingNodeModule {
		return Proposal{}, false
	}
	if p, ok := r.buildWorkspace(d, ctx); ok {
		return p, true // (before an own manifest: a workspace's declares it too)
	}
	if dir := ownManifest(ctx, d.Detail, d.Subject); dir != "" {
		// an example app with a manifest of its own: its dependencies,
		// all at once, not one module a round
		return edit(d, fmt.Sprintf("%s is declared in %s/package.json, the manifest of the program that requires it: install that directory's dependencies", d.Subject, dir),
			bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: "npm install --prefix " + bashfile.ShellQuote(dir) + " --no-audit --no-fund", Why: why(r, d)}), true
	}
	if ownNodePackage(ctx.readRepo("package.json"), d.Subject) {
		// the registry's copy of the project would stand in for the
		// checkout under test
		return none(d, fmt.Sprintf("%s is the project's own package (package.json's name): the registry's copy is not the checkout, and no install brings it", d.Subject)), true
	}
	if declaredNodeDependency(ctx.readRepo("package.json"), d.Subject) {
		if i, text := ctx.find(bashfile.Runtimes, func(t string) bool {
			return npmInstallRe.MatchString(t) || pnpmInstallRe.MatchString(t) || yarnInstallRe.MatchString(strings.TrimSpace(t))
		}); i >= 0 {
			// (never npm's install over pnpm's or yarn's tree: npm's
			// arborist fails on it, "Cannot read properties of null
			// (reading 'matches')", and the setup with it: browserslist)
			why := fmt.Sprintf("%s is declared in package.json and `%s` installs the dependencies already", d.Subject, text)
			if ctx.File != nil && ctx.File.Contains("npm pkg delete devDependencies."+d.Subject) {
				why = fmt.Sprintf("%s is declared in package.json, and the registry here does not serve it (taken out of the install by an earlier repair)", d.Subject)
			}
			return none(d, why), true
		}
		cmd := "npm install"
		if ctx.readRepo("package-lock.json") != "" {
			cmd = "npm ci"
		}
		return edit(d, fmt.Sprintf("%s is declared in package.json but the dependencies were never installed: run %s", d.Subject, cmd),
			bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: cmd, Why: why(r, d)}), true
	}
	reason := fmt.Sprintf("%s is not declared in package.json: install it without changing the manifest", d.Subject)
	if ctx.readRepo("package.json") == "" {
		reason = fmt.Sprintf("no package.json to read: install %s without changing any manifest", d.Subject)
	}
	return edit(d, reason,
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: "npm install --no-save " + d.Subject, Why: why(r, d)}), true
}

// ownNodePackage reports whether pkg is the manifest's own name.
func ownNodePackage(manifest, pkg string) bool {
	var m struct {
		Name string `json:"name"`
	}
	return manifest != "" && json.Unmarshal([]byte(manifest), &m) == nil && m.Name == pkg
}

func declaredNodeDependency(manifest, pkg string) bool {
	if manifest == "" {
		return false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal([]byte(manifest), &m) != nil {
		return false
	}
	for _, key := range []string{"dependencies", "devDependencies", "optionalDependencies", "peerDependencies"} {
		var deps map[string]string
		if json.Unmarshal(m[key], &deps) == nil {
			if _, ok := deps[pkg]; ok {
				return true
			}
		}
	}
	return false
}
