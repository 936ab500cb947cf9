package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// browserBinary: a test runner that launches the machine's own browser
// (Karma's launchers) found none and names the variable that would say
// where it is: 'No binary for Chrome browser on your platform. Please,
// set "CHROME_BIN" env variable.', 'Can not find the binary firefox /
// Please set env variable FIREFOX_BIN' (Chart.js's karma run). Debian
// packages both browsers: the package is installed and the variable set
// to its program. Chromium refuses to start as root without --no-sandbox
// (Playwright passes it, Karma's launcher does not): Debian's chromium
// script reads its flags from /etc/chromium.d, where the flag is added.
type browserBinary struct{}

var browserBinRe = regexp.MustCompile(`\bset\b[^\n]{0,40}?\b((?:CHROME|CHROMIUM|CHROME_CANARY|FIREFOX|FIREFOX_DEVELOPER|FIREFOX_NIGHTLY)_BIN)\b`)

// browserPackages: the Debian package and program behind each variable.
var browserPackages = map[string][2]string{
	"CHROME":            {"chromium", "/usr/bin/chromium"},
	"CHROMIUM":          {"chromium", "/usr/bin/chromium"},
	"CHROME_CANARY":     {"chromium", "/usr/bin/chromium"},
	"FIREFOX":           {"firefox-esr", "/usr/bin/firefox-esr"},
	"FIREFOX_DEVELOPER": {"firefox-esr", "/usr/bin/firefox-esr"},
	"FIREFOX_NIGHTLY":   {"firefox-esr", "/usr/bin/firefox-esr"},
}

// chromiumNoSandbox gives Debian's chromium --no-sandbox, for root.
const chromiumNoSandbox = `echo 'export CHROMIUM_FLAGS="$CHROMIUM_FLAGS --no-sandbox"' > /etc/chromium.d/heragent-no-sandbox`

func (browserBinary) Name() string { return "browser-binary" }

func (browserBinary) Diagnose(f Failure) []Diagnosis {
	var out []Diagnosis
	seen := map[string]bool{}
	for _, l := range logLines(f.Log) {
		m := browserBinRe.FindStringSubmatch(l)
		if m == nil || seen[m[1]] {
			continue
		}
		seen[m[1]] = true
		out = append(out, Diagnosis{Kind: NeedsBrowser, Subject: m[1], Detail: "variable", Evidence: strings.TrimSpace(l)})
	}
	return out
}

func (r browserBinary) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NeedsBrowser || d.Detail != "variable" {
		return Proposal{}, false
	}
	b, ok := browserPackages[strings.TrimSuffix(d.Subject, "_BIN")]
	if !ok {
		return Proposal{}, false
	}
	set := "persist_env " + d.Subject + " " + b[1]
	if ctx.File == nil || ctx.File.Contains(set) {
		return record(d, "the tests' browser was given as "+d.Subject+" and still not found: "+d.Evidence), true
	}
	edits := []bashfile.Edit{
		{Op: bashfile.OpAddPackages, Section: ctx.packageSection(b[0]), Packages: []string{b[0]}, Why: why(r, d)},
		{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: set, Why: why(r, d)},
	}
	if b[0] == "chromium" && !ctx.File.Contains(chromiumNoSandbox) {
		edits = append(edits, bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: chromiumNoSandbox, Why: why(r, d)})
	}
	return edit(d, "the tests launch the machine's browser and name "+d.Subject+" for it: Debian's "+b[0]+" is installed and "+d.Subject+" set to "+b[1], edits...), true
}
