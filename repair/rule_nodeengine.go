package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// nodeEngine: yarn 1 refuses the whole install when one dependency's
// engines field asks for a newer Node than runs (immer: "error
// semantic-release@25.0.3: The engine "node" is incompatible with this
// module. Expected version "^22.14.0 || >= 24.10.0". Got "18.20.4"") —
// usually a release or lint tool the tests never load; npm and pnpm only
// warn. The project's own engines field already chose the Node; the repair
// installs with --ignore-engines, as npm would.
type nodeEngine struct{}

var nodeEngineMatches = []match{
	{NodeEngine, regexp.MustCompile(`error (\S+): The engine "node" is incompatible with this module`)},
}

// yarnInstallRe is yarn 1's install command.
var yarnInstallRe = regexp.MustCompile(`^yarn(?: install)?\b([^&|;]*)$`)

func (nodeEngine) Name() string { return "node-engine" }

func (nodeEngine) Diagnose(f Failure) []Diagnosis {
	return firstOnly(scan(f.Log, nodeEngineMatches, nil))
}

func (r nodeEngine) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NodeEngine {
		return Proposal{}, false
	}
	i, text := ctx.find(bashfile.Runtimes, func(t string) bool { return yarnInstallRe.MatchString(strings.TrimSpace(t)) })
	if i < 0 || strings.Contains(text, "--ignore-engines") {
		return none(d, "no yarn install of the Bash File to run with --ignore-engines"), true
	}
	return edit(d, "a dependency ("+d.Subject+") asks for a newer Node than the project's: yarn install with --ignore-engines, as npm only warns",
		bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Runtimes, Match: text, Command: strings.TrimSpace(text) + " --ignore-engines", Why: why(r, d)}), true
}
