package repair

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// nodeTooOld: the project's JavaScript toolchain needs a newer Node.js
// than the one installed (Debian's 18): an ES-module-only dependency
// loaded with require() — "Error [ERR_REQUIRE_ESM]: require() of ES
// Module …/vite/dist/node/index.js" (vitest's config loader; Node runs
// require(esm) from 20.19 and 22.12), or a built-in module without a
// newer API ("The requested module 'node:util' does not provide an export
// named 'styleText'", Node 20.12+), a Web platform global it lacks
// ("ReferenceError: crypto is not defined"), a regular expression flag
// it cannot parse (/v), or a tool that says so ("This version
// of pnpm requires at least Node.js v22.13"), or node:test's test context
// lacks a method the suite calls (t.plan). Node.js 22 (or the major named) comes from the npm
// registry's node package ahead of Debian's, before the project's
// dependencies are installed.
type nodeTooOld struct{}

// nodeESMMajor is the Node.js major that loads ES modules with require().
const nodeESMMajor = 22

var nodeTooOldMatches = []match{
	{NodeTooOld, regexp.MustCompile(`()Error \[ERR_REQUIRE_ESM\]: require\(\) of ES Module`)},
	// a Node.js built-in module without an API newer releases have
	// (rolldown's util.styleText, Node 20.12+)
	{NodeTooOld, regexp.MustCompile(`()SyntaxError: The requested module 'node:[\w/]+' does not provide an export named`)},
	// a built-in module newer releases added (pnpm 11's node:sqlite, 22.5+)
	{NodeTooOld, regexp.MustCompile(`()ERR_UNKNOWN_BUILTIN_MODULE\]?:? No such built-in module: node:`)},
	// a Web platform global newer releases define (globalThis.crypto from
	// Node 19, File 20, navigator 21, WebSocket 22): uuid 11 under tap 21
	// reads crypto.randomUUID (dotenv's suite on Node 18: "ReferenceError:
	// crypto is not defined" in every test file)
	{NodeTooOld, regexp.MustCompile(`()ReferenceError: (?:crypto|File|CustomEvent|navigator|WebSocket) is not defined\b`)},
	// a regular expression flag newer releases parse (string-width's
	// /v, Node 20+), in a dependency through2's test runner loads
	{NodeTooOld, regexp.MustCompile(`()SyntaxError: Invalid regular expression flags$`)},
	// a method of node:test's test context that newer releases added
	// (t.plan: 20.15 and 22.2; t.waitFor, t.assert: 22.14; mock.timers:
	// 20.4), in its TAP report's YAML: fastify's suites on Node 18,
	// "error: 't.plan is not a function'" in every test
	{NodeTooOld, regexp.MustCompile(`()^\s*error: '\w+\.(?:plan|waitFor|assert\.\w+|mock\.timers\.\w+|mock\.module|mock\.property) is not a function'$`)},
	// a tool that says which Node.js it needs: "This version of pnpm
	// requires at least Node.js v22.13"
	{NodeTooOld, regexp.MustCompile(`requires at least Node\.js v(\d+)`)},
}

// nodeInstalledRe finds the npm registry's node installed by the Bash File.
var nodeInstalledRe = regexp.MustCompile(`npm install -g node@(\d+)`)

func (nodeTooOld) Name() string { return "node-too-old" }

func (nodeTooOld) Diagnose(f Failure) []Diagnosis {
	ds := append(scan(f.Log, nodeTooOldMatches, nil), typeScriptRun(f.Log)...)
	for _, d := range ds {
		if d.Subject != "" { // the major the tool names is the one to have
			return []Diagnosis{d}
		}
	}
	ds = firstOnly(ds)
	for i := range ds {
		ds[i].Subject = strconv.Itoa(nodeESMMajor)
	}
	return ds
}

func (r nodeTooOld) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NodeTooOld {
		return Proposal{}, false
	}
	want, _ := strconv.Atoi(d.Subject)
	if i, text := ctx.find(bashfile.Runtimes, func(t string) bool { return nodeInstalledRe.MatchString(t) }); i >= 0 {
		if m := nodeInstalledRe.FindStringSubmatch(text); m != nil {
			if have, _ := strconv.Atoi(m[1]); have >= want {
				return none(d, "Node.js "+m[1]+" is installed already and the project still needs a newer one"), true
			}
		}
	}
	install := bashfile.NodeInstall(want)
	reason := "the JavaScript toolchain needs a newer Node.js than the installed one (" + d.Evidence + "): Node.js " + d.Subject + " from the npm registry"
	if i, text := ctx.find(bashfile.Runtimes, func(t string) bool { return jsInstallRe.MatchString(strings.TrimSpace(t)) && !isGlobalInstall(t) }); i >= 0 {
		return edit(d, reason, bashfile.Edit{Op: bashfile.OpInsertBefore, Section: bashfile.Runtimes, Match: text, Command: install, Why: why(r, d)}), true
	}
	return edit(d, reason, bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: install, Why: why(r, d)}), true
}
