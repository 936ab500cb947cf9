package repair

import (
	"encoding/json"
	"fmt"
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

func (missingNodeModule) Diagnose(f Failure) []Diagnosis {
	ds := scan(f.Log, nodeMatches, nodePackage)
	out := ds[:0]
	for _, d := range ds {
		if d.Subject != "" {
			out = append(out, d)
		}
	}
	return out
}

// npmInstallRe finds a command that installs the declared dependencies.
var npmInstallRe = regexp.MustCompile(`\bnpm (ci|install|i)\b\s*($|&&|;|\||--)`)

func (r missingNodeModule) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != MissingNodeModule {
		return Proposal{}, false
	}
	if declaredNodeDependency(ctx.readRepo("package.json"), d.Subject) {
		if i, text := ctx.find(bashfile.Runtimes, npmInstallRe.MatchString); i >= 0 {
			return none(d, fmt.Sprintf("%s is declared in package.json and `%s` installs the dependencies already", d.Subject, text)), true
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
