package repair

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// npmLifecycle: the package's own lifecycle script (prepare, postinstall:
// `husky install`, a git hook installer, a download) failed while npm or
// yarn installed the dependencies — it needs git metadata or a network the
// sandbox does not have, and it does not build the project. The install is
// done again without the scripts, then the dependencies' own install
// scripts run (npm rebuild), and the report says the package's were
// skipped.
type npmLifecycle struct{}

var (
	// npm 7–9: npm ERR! command sh -c husky install; npm 10: npm error command sh -c -- husky install
	npmScriptRe = regexp.MustCompile(`^npm (?:ERR!|error) command sh -c (?:-- )?(.+)$`)
	// npm ERR! path /repo  (the root package, not node_modules/x)
	npmPathRe = regexp.MustCompile(`^npm (?:ERR!|error) path (\S+)$`)
	// yarn: error Command failed with exit code 1.\n$ husky install (the line before)
	yarnScriptRe = regexp.MustCompile(`^\$ (.+)$`)
	// the install command of the Bash File that ran them
	jsInstallRe = regexp.MustCompile(`^(npm (?:ci|install|i)|yarn(?: install)?|pnpm (?:install|i))\b([^&|;]*)$`)
)

func (npmLifecycle) Name() string { return "npm-lifecycle" }

func (npmLifecycle) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseSetup {
		return nil
	}
	script, root, dep := "", false, ""
	lines := logLines(f.Log)
	for i, l := range lines {
		switch {
		case npmScriptRe.MatchString(l):
			script = npmScriptRe.FindStringSubmatch(l)[1]
		case npmPathRe.MatchString(l):
			p := npmPathRe.FindStringSubmatch(l)[1]
			root = !strings.Contains(p, "node_modules")
			if _, after, ok := strings.Cut(p, "node_modules/"); ok {
				dep = after
			}
		case strings.HasPrefix(l, "error Command failed with exit code") && i > 0:
			for j := i - 1; j >= 0 && j >= i-40; j-- {
				if m := yarnScriptRe.FindStringSubmatch(lines[j]); m != nil {
					script, root = m[1], true
					break
				}
			}
		}
	}
	if script == "" {
		return nil
	}
	if !root {
		// a dependency's install script that downloads (puppeteer's
		// Chromium from storage.googleapis.com, unreachable): the
		// dependencies install without their scripts
		if dep != "" && len(scan(f.Log, npmNetMatches, nil)) > 0 {
			return []Diagnosis{{Kind: LifecycleScript, Subject: script, Detail: depNetwork + dep, Evidence: "the install script of the dependency " + dep + " needs the network: " + script}}
		}
		return nil
	}
	d := Diagnosis{Kind: LifecycleScript, Subject: script, Evidence: "the package's lifecycle script failed: " + script}
	if len(scan(f.Log, nodeGypMatches, nil)) > 0 {
		d.Detail = "node-gyp-headers" // the script builds an addon node-gyp could not get headers for
	}
	return []Diagnosis{d}
}

func (r npmLifecycle) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != LifecycleScript {
		return Proposal{}, false
	}
	if d.Detail == "node-gyp-headers" && ctx.File != nil && !ctx.File.Contains("npm_config_nodedir") {
		// skipping the script would leave the project's own addon unbuilt:
		// node-gyp-headers gives node-gyp the headers first
		return none(d, "the script builds a native addon: node-gyp gets the local Node headers first"), true
	}
	if dep, ok := strings.CutPrefix(d.Detail, depNetwork); ok {
		if nodeGypFallback(d.Subject) && ctx.File != nil && (!ctx.File.Contains("npm_config_nodedir") || !hasBuildTools(ctx.File)) {
			// `prebuild-install || node-gyp rebuild` (better-sqlite3,
			// sqlite3): the download fails here, the build from source
			// needs only the headers node-gyp-headers gives; skipping the
			// scripts would leave the addon unbuilt (knex's tests:
			// "Could not locate the bindings file")
			return none(d, "the dependency "+dep+" builds its addon from source when its download fails: node-gyp gets the local Node headers and its compilers first"), true
		}
		return depScriptsOff(r, d, ctx, dep)
	}
	i, text := ctx.find(bashfile.Runtimes, func(t string) bool { return jsInstallRe.MatchString(strings.TrimSpace(t)) })
	if i < 0 || strings.Contains(text, "--ignore-scripts") {
		return none(d, "no dependency install of the Bash File to run without scripts"), true
	}
	fixed := strings.TrimSpace(text) + " --ignore-scripts"
	if strings.HasPrefix(text, "npm") {
		fixed += " && npm rebuild" // the dependencies' own install scripts (native modules)
	}
	return edit(d, fmt.Sprintf("the package's lifecycle script `%s` failed (git or network it does not find here) and builds nothing: install without the package's scripts", d.Subject),
		bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Runtimes, Match: text, Command: fixed, Why: why(r, d)}), true
}

// nodeGypFallback reports an install script that builds with node-gyp
// when what comes before it fails: `prebuild-install || node-gyp rebuild`.
func nodeGypFallback(script string) bool {
	_, after, ok := strings.Cut(script, "||")
	return ok && strings.Contains(after, "node-gyp")
}

// hasBuildTools reports whether the Bash File installs make and the C and
// C++ compilers node-gyp builds with.
func hasBuildTools(f *bashfile.File) bool {
	for _, id := range []bashfile.SectionID{bashfile.Base, bashfile.Runtimes} {
		if f.Find(id, "build-essential") >= 0 {
			return true
		}
	}
	return false
}

// depNetwork marks a dependency's install script that needed the network.
const depNetwork = "dependency-network:"

// npmNetMatches are npm's reports of a host it could not reach.
var npmNetMatches = []match{{LifecycleScript, regexp.MustCompile(`getaddrinfo (?:ENOTFOUND|EAI_AGAIN)|ECONNREFUSED|ETIMEDOUT|Could not resolve host`)}}

// depScriptsOff installs the dependencies without their install scripts:
// the one that downloads cannot, and npm cannot skip one script alone.
// Without `npm rebuild` (it would run that script again); a native addon
// among them stays unbuilt, which the report says.
func depScriptsOff(r npmLifecycle, d Diagnosis, ctx *Context, dep string) (Proposal, bool) {
	i, text := ctx.find(bashfile.Runtimes, func(t string) bool { return jsInstallRe.MatchString(lastCommand(t)) })
	if i < 0 || strings.Contains(text, "--ignore-scripts") {
		return none(d, "no dependency install of the Bash File to run without scripts"), true
	}
	fixed := strings.TrimSpace(text) + " --ignore-scripts"
	return edit(d, fmt.Sprintf("the install script of the dependency %s (`%s`) needs the network the sandbox does not have: the dependencies install without their scripts (a native addon among them stays unbuilt)", dep, d.Subject),
		bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Runtimes, Match: text, Command: fixed, Why: why(r, d)}), true
}

// lastCommand is the last command of an && chain (`npm pkg delete x && npm install`).
func lastCommand(t string) string {
	parts := strings.Split(t, "&&")
	return strings.TrimSpace(parts[len(parts)-1])
}
