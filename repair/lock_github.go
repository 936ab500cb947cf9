package repair

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// A dependency of a dependency that npm fetches from GitHub (marked's dev
// dependency @markedjs/testutils asks for "marked-repo":
// "https://github.com/markedjs/marked/tarball/v18.0.0") is in no manifest
// of the project to leave out, and GitHub is out of reach. The lockfile
// says what it resolved to: the package marked, version 18.0.0, which the
// registry serves. An npm override (package.json's "overrides", in the
// sandbox) asks for that release wherever the dependency appears —
// aliased, "npm:marked@18.0.0", when it goes by another name — and the
// install resolves without the lockfile, which pins the tarball, with npm
// 10 from the registry: Debian's npm 9 stops at the override of a URL
// spec, "Invalid comparator" (marked: checked with both).

// lockPackage is an entry of package-lock.json's "packages".
type lockPackage struct {
	Name     string `json:"name"`
	Version  string `json:"version"`
	Resolved string `json:"resolved"`
}

// gitHostedPins are the overrides for the lockfile's entries resolved
// from the GitHub repository repo (owner/name), as npm pkg set's keys
// under "overrides": ".alias=npm:name@version", ".name=version",
// "[@scope/name]=version", sorted.
func gitHostedPins(lock, repo string) []string {
	var l struct {
		Packages map[string]lockPackage `json:"packages"`
	}
	if json.Unmarshal([]byte(lock), &l) != nil {
		return nil
	}
	repo = strings.ToLower(repo)
	seen := map[string]bool{}
	var out []string
	for at, p := range l.Packages {
		res := strings.ToLower(p.Resolved)
		if p.Version == "" || !strings.Contains(res, "github.com/"+repo+"/") && !strings.Contains(res, "github.com/"+repo+".git") {
			continue
		}
		alias := at[strings.LastIndex(at, "node_modules/")+len("node_modules/"):]
		spec := p.Version
		if p.Name != "" && p.Name != alias {
			spec = "npm:" + p.Name + "@" + p.Version
		}
		key := "." + alias
		if strings.ContainsAny(alias, "./@") {
			key = "[" + alias + "]" // npm pkg's spelling of a key with dots or a scope
		}
		if pin := key + "=" + spec; !seen[pin] {
			seen[pin] = true
			out = append(out, pin)
		}
	}
	sort.Strings(out)
	return out
}

// overrideGitHosted proposes the overrides of the dependencies the
// lockfile resolved from GitHub's repo, before the Bash File's npm
// install, which reads no lockfile then.
func (r npmAbsent) overrideGitHosted(d Diagnosis, ctx *Context, repo string) (Proposal, bool) {
	pins := gitHostedPins(ctx.readRepo("package-lock.json"), repo)
	i, text := ctx.find(bashfile.Runtimes, func(t string) bool { return npmInstallRe.MatchString(t) || strings.Contains(t, "npm@10 install") })
	if len(pins) == 0 || i < 0 {
		return Proposal{}, false
	}
	if strings.Contains(text, "npm pkg set ") && strings.Contains(text, "overrides") {
		return none(d, "the dependencies GitHub hosts were asked for by their released versions already, and npm still reaches for GitHub"), true
	}
	var sets []string
	for _, p := range pins {
		sets = append(sets, bashfile.ShellQuote("overrides"+p))
	}
	install := strings.Replace(strings.TrimSpace(text), "npm ci", "npm install", 1)
	if !strings.Contains(install, "--no-package-lock") {
		install = strings.Replace(install, "npm install", "npm install --no-package-lock", 1)
	}
	// npm 9 (Debian's) fails to match an override to a URL spec ("npm
	// ERR! Invalid comparator: https://github.com/…"); npm 10 applies it
	install = strings.Replace(install, "npm install", "npx --yes npm@10 install", 1)
	return edit(d, fmt.Sprintf("a dependency of a dependency comes from GitHub (%s), out of reach here; the registry serves the release the lockfile resolved it to: %s (an npm override), the install resolving without the lockfile", repo, strings.Join(pins, ", ")),
		bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Runtimes, Match: text, Command: "npm pkg set " + strings.Join(sets, " ") + " && " + install, Why: why(r, d)}), true
}
