package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// npmPeerConflict: npm 7+ refuses a dependency tree whose peer
// dependencies conflict (ERESOLVE: validator.js pins rollup 0.47 while
// rollup-plugin-babel wants rollup >=0.60) — which npm 6, the projects'
// own CI (`npm install --legacy-peer-deps`) and npm's own message accept.
// The install is done again as npm 6 resolved peers: the dependency
// install gets --legacy-peer-deps.
type npmPeerConflict struct{}

var npmPeerMatches = []match{
	// npm ERR! code ERESOLVE (npm 7–9) / npm error code ERESOLVE (npm 10)
	{NpmPeerConflict, regexp.MustCompile(`()^npm (?:ERR!|error) code ERESOLVE\b`)},
}

func (npmPeerConflict) Name() string { return "npm-peer-conflict" }

func (npmPeerConflict) Diagnose(f Failure) []Diagnosis {
	return firstOnly(scan(f.Log, npmPeerMatches, nil))
}

func (r npmPeerConflict) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NpmPeerConflict {
		return Proposal{}, false
	}
	i, text := ctx.find(bashfile.Runtimes, func(t string) bool { return npmDepsInstallRe.MatchString(lastCommand(t)) })
	if i < 0 || strings.Contains(text, "--legacy-peer-deps") || strings.Contains(text, "--force") {
		return none(d, "no npm install of the Bash File to run with --legacy-peer-deps"), true
	}
	return edit(d, "npm refuses the dependencies' conflicting peer ranges (ERESOLVE): install them as npm 6 did, with --legacy-peer-deps, as npm itself suggests",
		bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Runtimes, Match: text, Command: strings.TrimSpace(text) + " --legacy-peer-deps", Why: why(r, d)}), true
}

// npmDepsInstallRe is an npm dependency install (not yarn's or pnpm's).
var npmDepsInstallRe = regexp.MustCompile(`^npm (?:ci|install|i)\b[^&|;]*$`)
