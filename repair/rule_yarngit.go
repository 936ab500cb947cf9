package repair

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// yarnGitHosted: yarn fetches a dependency GitHub hosts ("uglify-js":
// "github:mishoo/UglifyJS2#1c15d0d…", pug's packages/pug) from
// codeload.github.com, out of reach here, and says only "error Error:
// getaddrinfo ENOTFOUND codeload.github.com", not which. The lockfile
// says: the entry resolved from codeload, with the version that commit
// carried (2.7.3). The registry serves that version of the package: the
// manifests that pin the commit ask for the version instead, and the
// install resolves again (no frozen lockfile). The report says which
// dependency moved from a commit to its release. (npm names the URL, and
// npm-absent leaves such a development dependency out.)
type yarnGitHosted struct{}

var (
	yarnCodeloadRe = regexp.MustCompile(`ENOTFOUND codeload\.github\.com|https://codeload\.github\.com/\S+: getaddrinfo`)
	// an entry of yarn.lock v1: `"name@spec", name@spec2:`, then its
	// indented fields
	yarnVersionRe  = regexp.MustCompile(`^\s+version "([^"]+)"`)
	yarnResolvedRe = regexp.MustCompile(`^\s+resolved "https://codeload\.github\.com/`)
)

func (yarnGitHosted) Name() string { return "yarn-git-hosted" }

func (yarnGitHosted) Diagnose(f Failure) []Diagnosis {
	for _, l := range logLines(f.Log) {
		if yarnCodeloadRe.MatchString(l) && strings.Contains(f.Log, "yarn") {
			return []Diagnosis{{Kind: GitHostedDependency, Subject: "codeload.github.com", Evidence: strings.TrimSpace(l)}}
		}
	}
	return nil
}

// yarnPin is a dependency spec of yarn.lock resolved from GitHub, and the
// version it resolved to.
type yarnPin struct{ name, spec, version string }

// codeloadPins reads the entries of yarn.lock resolved from codeload.
func codeloadPins(lock string) []yarnPin {
	var out []yarnPin
	var keys []string
	version := ""
	flush := func(fromGitHub bool) {
		for _, k := range keys {
			at := strings.Index(k[1:], "@") + 1 // after a scope's @
			if fromGitHub && at > 0 && version != "" {
				out = append(out, yarnPin{name: k[:at], spec: k[at+1:], version: version})
			}
		}
	}
	fromGitHub := false
	for _, l := range strings.Split(lock, "\n") {
		switch {
		case l != "" && !strings.HasPrefix(l, " ") && !strings.HasPrefix(l, "#") && strings.HasSuffix(l, ":"):
			flush(fromGitHub)
			keys, version, fromGitHub = nil, "", false
			for _, k := range strings.Split(strings.TrimSuffix(l, ":"), ", ") {
				keys = append(keys, strings.Trim(k, `"`))
			}
		case yarnVersionRe.MatchString(l):
			version = yarnVersionRe.FindStringSubmatch(l)[1]
		case yarnResolvedRe.MatchString(l):
			fromGitHub = true
		}
	}
	flush(fromGitHub)
	return out
}

// yarnFrozenRe is a yarn install that refuses to change the lockfile.
var yarnFrozenRe = regexp.MustCompile(`\byarn(?: install)?\b[^&|;]*--frozen-lockfile`)

func (r yarnGitHosted) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != GitHostedDependency {
		return Proposal{}, false
	}
	pins := codeloadPins(ctx.readRepo("yarn.lock"))
	i, text := ctx.find(bashfile.Runtimes, func(t string) bool {
		return yarnInstallRe.MatchString(strings.TrimSpace(t)) || yarnFrozenRe.MatchString(t) || strings.HasSuffix(t, "&& yarn install")
	})
	if len(pins) == 0 || i < 0 {
		return Proposal{}, false // the network rule says what is unreachable
	}
	if strings.Contains(text, "sed -i") {
		return none(d, "the dependencies GitHub hosts were asked for by their released versions already, and yarn still reaches for GitHub"), true
	}
	var steps, moved []string
	for _, p := range pins {
		steps = append(steps, fmt.Sprintf(`grep -rlF --include=package.json --exclude-dir=node_modules -e %s . | xargs -r sed -i %s`,
			bashfile.ShellQuote(`"`+p.spec+`"`), bashfile.ShellQuote(`s|"`+sedLiteral(p.spec)+`"|"`+p.version+`"|`)))
		moved = append(moved, fmt.Sprintf("%s %s (was %s)", p.name, p.version, p.spec))
	}
	install := strings.Replace(strings.TrimSpace(text), " --frozen-lockfile", "", 1)
	fixed := strings.Join(steps, " && ") + " && " + install
	return edit(d, "yarn fetches dependencies GitHub hosts from codeload.github.com, out of reach here; the registry serves the versions the lockfile resolved them to: "+strings.Join(moved, ", "),
		bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Runtimes, Match: text, Command: fixed, Why: why(r, d)}), true
}

// sedLiteral is s as a basic regular expression of sed that matches it
// literally, | being the expression's delimiter.
func sedLiteral(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune(`.[]*^$\|`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}
