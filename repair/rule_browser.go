package repair

import (
	"path"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// playwrightBrowser: a test runner drives a browser through Playwright
// (vitest's browser mode, Playwright Test, ava with playwright), whose
// browsers come from `npx playwright install`, a download from
// Playwright's CDN, which the sandbox cannot reach: "browserType.launch:
// Executable doesn't exist at /root/.cache/ms-playwright/
// chromium_headless_shell-1155/chrome-linux/headless_shell" (less.js,
// Leaflet, ky). Chromium is packaged by Debian and speaks the same
// protocol: it is installed and linked where Playwright looks for its own
// build, so the runner launches it as it would its download. Playwright's
// Firefox and WebKit are builds patched for it, with nothing to stand in
// for them: recorded, so the report says which browser is out of reach.
type playwrightBrowser struct{}

var playwrightMissingRe = regexp.MustCompile(`Executable doesn't exist at (/\S*/ms-playwright/([a-z]+)[\w-]*-\d+/[^\s` + "`" + `'"␊]+)`)

func (playwrightBrowser) Name() string { return "playwright-browser" }

func (playwrightBrowser) Diagnose(f Failure) []Diagnosis {
	var out []Diagnosis
	seen := map[string]bool{}
	for _, l := range logLines(f.Log) {
		m := playwrightMissingRe.FindStringSubmatch(l)
		if m == nil || seen[m[1]] {
			continue
		}
		seen[m[1]] = true
		out = append(out, Diagnosis{Kind: NeedsBrowser, Subject: m[1], Detail: m[2], Evidence: strings.TrimSpace(l)})
	}
	return out
}

// chromiumLink links Debian's Chromium where Playwright looks for its
// own build of it.
func chromiumLink(p string) string {
	return "mkdir -p " + path.Dir(p) + " && ln -sf /usr/bin/chromium " + p
}

func (r playwrightBrowser) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NeedsBrowser || !strings.Contains(d.Subject, "/ms-playwright/") {
		return Proposal{}, false
	}
	if d.Detail != "chromium" {
		return record(d, "the tests drive Playwright's "+d.Detail+", a build of Playwright's own downloaded from its CDN, which is out of reach here, and no package stands in for it"), true
	}
	link := chromiumLink(d.Subject)
	if ctx.File == nil || ctx.File.Contains(link) {
		return record(d, "the tests drive Playwright's Chromium and Debian's does not start in its place: "+d.Evidence), true
	}
	return edit(d, "the tests drive a Chromium that Playwright downloads from its CDN, out of reach here: Debian's chromium is installed and linked where Playwright looks for it",
		bashfile.Edit{Op: bashfile.OpAddPackages, Section: ctx.packageSection("chromium"), Packages: []string{"chromium"}, Why: why(r, d)},
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: link, Why: why(r, d)}), true
}
