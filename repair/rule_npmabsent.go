package repair

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// npmAbsent: the registry does not serve a package the lockfile (or an
// exact version in package.json) pins — unpublished, or missing from the
// mirror in front of the registry: `npm ERR! 404 'top-sites@…tgz' is not
// in this registry`. A development dependency (a benchmark's data set)
// is left out of the install: it leaves package.json in the sandbox
// (`npm pkg delete`) and the install resolves again without the lockfile
// pinning it; the report says which. So is a development dependency GitHub
// hosts when GitHub is unreachable (socket.io's uWebSockets.js,
// mustache.js's zuul-ngrok). A dependency the project needs at
// run time is recorded.
type npmAbsent struct{}

var npmAbsentMatches = []match{
	// npm ERR! 404  'top-sites@https://registry.npmjs.org/top-sites/-/top-sites-1.1.225.tgz' is not in this registry.
	{NpmAbsent, regexp.MustCompile(`npm (?:ERR!|error) 404\s+'((?:@[\w.-]+/)?[\w.-]+)@[^']*' is not in (?:this|the npm) registry`)},
	// npm ERR! 404 Not Found - GET https://registry.npmjs.org/@scope%2fname - Not found
	{NpmAbsent, regexp.MustCompile(`npm (?:ERR!|error) 404 Not Found - GET https?://\S+?/((?:@[\w.-]+%2[fF])?[\w.-]+)(?:/-/\S+)?\s`)},
	// pnpm: ERR_PNPM_FETCH_404  GET https://registry.npmjs.org/actions-up/-/actions-up-1.17.0.tgz: Not Found - 404
	{NpmAbsent, regexp.MustCompile(`ERR_PNPM_FETCH_404[\s\pZ]+GET https?://\S+?/((?:@[\w.-]+(?:/|%2[fF]))?[\w.-]+)/-/\S+: Not Found`)},
	// a version range no published version the registry serves meets
	// (execa's cbor2@^2.4.0): npm ERR! notarget No matching version found
	// for cbor2@^2.4.0. — pnpm: ERR_PNPM_NO_MATCHING_VERSION  No matching
	// version found for …
	{NpmAbsent, regexp.MustCompile(`(?:npm (?:ERR!|error) notarget|ERR_PNPM_NO_MATCHING_VERSION)[\s\pZ]+No matching version found for ((?:@[\w.-]+/)?[\w.-]+)@`)},
	// a dependency GitHub hosts, GitHub unreachable: npm ERR! network
	// request to https://codeload.github.com/uNetworking/uWebSockets.js/tar.gz/d04e… failed
	// — or to the API's tarball (ramda's browserify:
	// https://api.github.com/repos/browserify/browserify/tarball/9ff7…)
	{NpmAbsent, regexp.MustCompile(`npm (?:ERR!|error) network request to https://(?:codeload\.github\.com/([\w.-]+/[\w.-]+)/tar\.gz/|(?:api\.)?github\.com/(?:repos/)?([\w.-]+/[\w.-]+)/tarball/)`)},
	// a dependency npm clones with git, which the sandbox lacks (globby's
	// "@globby/main-branch": "sindresorhus/globby#main"): npm ERR! syscall
	// spawn git
	{NpmAbsent, regexp.MustCompile(`npm (?:ERR!|error) syscall spawn (git)$`)},
}

// gitHostedPrefix marks a Subject that is a GitHub owner/repo, not a
// package name: the package is the dependency whose spec names it.
const gitHostedPrefix = "github:"

// pnpmInstallRe is a pnpm install of the Bash File.
var pnpmInstallRe = regexp.MustCompile(`\bpnpm (install|i)\b`)

func (npmAbsent) Name() string { return "npm-absent" }

func (npmAbsent) Diagnose(f Failure) []Diagnosis {
	ds := scan(f.Log, npmAbsentMatches, func(s string) string {
		if strings.Count(s, "/") == 1 && !strings.HasPrefix(s, "@") { // owner/repo of a URL
			return gitHostedPrefix + s
		}
		return strings.ReplaceAll(strings.ReplaceAll(s, "%2f", "/"), "%2F", "/")
	})
	if len(ds) > 1 {
		ds = ds[:1] // both lines name the same package
	}
	return ds
}

func (r npmAbsent) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NpmAbsent {
		return Proposal{}, false
	}
	var pkg struct {
		Dev map[string]string `json:"devDependencies"`
	}
	_ = json.Unmarshal([]byte(ctx.readRepo("package.json")), &pkg)
	if d.Subject == "git" {
		// every development dependency npm would clone leaves the
		// install; a run-time one: nothing to leave out
		names := gitSpecDevs(pkg.Dev)
		if len(names) == 0 {
			return Proposal{}, false
		}
		return r.leaveOut(d, ctx, names, "npm clones "+strings.Join(names, ", ")+" with git, which the sandbox lacks (and GitHub is no registry): development dependencies, the install goes on without them")
	}
	if repo, ok := strings.CutPrefix(d.Subject, gitHostedPrefix); ok {
		// the development dependency GitHub hosts (socket.io's
		// "uWebSockets.js": "github:uNetworking/uWebSockets.js#v20.56.0");
		// another's, or a run-time one: the network rule records it
		name := gitHostedDev(pkg.Dev, repo)
		if name == "" {
			// a dependency of a dependency (marked's @markedjs/testutils
			// wants "marked-repo": its GitHub tarball): the release the
			// lockfile resolved it to, from the registry (lock_github.go)
			return r.overrideGitHosted(d, ctx, repo)
		}
		d.Subject = name
	}
	if _, dev := pkg.Dev[d.Subject]; !dev {
		return record(d, fmt.Sprintf("the npm registry does not serve %s, which the project depends on", d.Subject)), true
	}
	return r.leaveOut(d, ctx, []string{d.Subject}, fmt.Sprintf("the npm registry does not serve %s, a development dependency: the install goes on without it", d.Subject))
}

// leaveOut deletes development dependencies from package.json in the
// sandbox before the Bash File's install, which resolves again: the
// lockfile pinned them (npm ci → npm install; pnpm's frozen lockfile off).
func (r npmAbsent) leaveOut(d Diagnosis, ctx *Context, names []string, reason string) (Proposal, bool) {
	i, text := ctx.find(bashfile.Runtimes, func(t string) bool { return npmInstallRe.MatchString(t) || pnpmInstallRe.MatchString(t) })
	var keys []string
	for _, n := range names {
		keys = append(keys, devKey(n))
	}
	if i >= 0 && strings.Contains(text, keys[0]) && npmInstallRe.MatchString(text) && !strings.Contains(text, "--no-package-lock") {
		// left out of package.json, fetched all the same: the lockfile
		// still pins it (acorn's test262, a git dependency); the install
		// resolves without reading the lockfile
		fixed := npmInstallRe.ReplaceAllStringFunc(text, func(m string) string {
			return strings.Replace(m, "npm install", "npm install --no-package-lock", 1)
		})
		if fixed != text {
			return edit(d, reason+"; the lockfile still pins it: the install reads no lockfile",
				bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Runtimes, Match: text, Command: fixed, Why: why(r, d)}), true
		}
	}
	if i < 0 || strings.Contains(text, keys[0]) {
		return none(d, "no npm install of the Bash File to leave "+strings.Join(names, ", ")+" out of"), true
	}
	install := strings.Replace(strings.TrimSpace(text), "npm ci", "npm install", 1)
	install = strings.Replace(install, " --frozen-lockfile", " --no-frozen-lockfile", 1)
	fixed := "npm pkg delete " + strings.Join(keys, " ") + " && " + install
	return edit(d, reason, bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Runtimes, Match: text, Command: fixed, Why: why(r, d)}), true
}

// gitSpecRe is a dependency spec npm fetches with git: a git URL, a
// hosted shorthand ("github:o/r", "o/r#branch").
var gitSpecRe = regexp.MustCompile(`^(?:git\+|git://|(?:github|gitlab|bitbucket):|[\w.-]+/[\w.-]+(?:#\S*)?$)`)

// gitSpecDevs are the development dependencies npm fetches with git,
// sorted.
func gitSpecDevs(dev map[string]string) []string {
	var out []string
	for name, spec := range dev {
		if gitSpecRe.MatchString(spec) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// gitHostedDev is the development dependency whose spec names the GitHub
// repository owner/repo ("github:o/r#tag", "o/r#branch",
// "git+https://github.com/o/r.git", "https://github.com/o/r/tarball/v1").
func gitHostedDev(dev map[string]string, repo string) string {
	repo = strings.ToLower(repo)
	for name, spec := range dev {
		s := strings.ToLower(spec)
		if strings.Contains(s, "github.com/"+repo+".git") || strings.Contains(s, "github.com/"+repo+"/") || strings.Contains(s, "github.com/"+repo+"#") ||
			strings.Contains(s, "api.github.com/repos/"+repo+"/") ||
			strings.TrimPrefix(strings.SplitN(s, "#", 2)[0], "github:") == repo {
			return name
		}
	}
	return ""
}

// devKey is npm pkg's path to a development dependency: a name with a
// dot in brackets, or npm pkg reads the dot as a path's separator
// (`devDependencies.uWebSockets.js` leaves `"uWebSockets": {}` behind and
// the install fails: "must provide string spec").
func devKey(name string) string {
	if strings.Contains(name, ".") {
		return "'devDependencies[" + name + "]'"
	}
	return "devDependencies." + name
}
