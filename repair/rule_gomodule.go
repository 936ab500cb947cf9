package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// missingGoModule: the go command cannot resolve a package or a go.sum
// entry. It prints the fix on the next line ("to add it:\n\tgo get X");
// the rule takes that command, or `go mod download` when there is none.
type missingGoModule struct{}

var goModuleRes = []*regexp.Regexp{
	// main.go:3:8: no required module provides package github.com/google/uuid; to add it:
	regexp.MustCompile(`no required module provides package (\S+?);`),
	// missing go.sum entry for module providing package github.com/x/y (imported by z); to add:
	regexp.MustCompile(`missing go\.sum entry for module providing package (\S+)`),
	// go: github.com/x/y@v1.2.3: missing go.sum entry for go.mod file; to add it:
	regexp.MustCompile(`^go: (\S+?)(?:@\S+)?: missing go\.sum entry`),
	// go: updates to go.mod needed; to update it:
	regexp.MustCompile(`^go: (updates to go\.mod needed)`),
}

// goProxyAbsentRe is the module proxy answering that a module does not
// exist (a made-up, private or renamed path) or that it will not serve
// it (403 "This module version is not available": nghttp2's go.mod pins
// a pseudo-version the proxy refuses): no edit brings it.
var goProxyAbsentRe = regexp.MustCompile(`(?:module |go: )([^\s:@]+)(?:@\S+)?: (?:reading|verifying) https?://\S+: (400 Bad Request|403 Forbidden|404 Not Found|410 Gone)`)

// goFixRe is the command the go tool suggests on the line after "to add it:".
var goFixRe = regexp.MustCompile(`^\s+(go (?:get|mod (?:download|tidy))\b.*)$`)

func (missingGoModule) Name() string { return "missing-go-module" }

func (missingGoModule) Diagnose(f Failure) []Diagnosis {
	lines := logLines(f.Log)
	var out []Diagnosis
	for _, l := range lines {
		if m := goProxyAbsentRe.FindStringSubmatch(l); m != nil {
			out = append(out, Diagnosis{Kind: MissingGoModule, Subject: m[1], Detail: "absent: " + m[2], Evidence: strings.TrimSpace(l)})
		}
	}
	for i, l := range lines {
		for _, re := range goModuleRes {
			g := re.FindStringSubmatch(l)
			if g == nil {
				continue
			}
			d := Diagnosis{Kind: MissingGoModule, Subject: g[1], Evidence: strings.TrimSpace(l)}
			if g[1] == "updates to go.mod needed" {
				d.Subject = "go.mod"
			}
			if i+1 < len(lines) {
				if m := goFixRe.FindStringSubmatch(lines[i+1]); m != nil {
					d.Detail = strings.TrimSpace(m[1])
				}
			}
			out = append(out, d)
			break
		}
	}
	return out
}

func (r missingGoModule) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != MissingGoModule {
		return Proposal{}, false
	}
	if strings.HasPrefix(d.Detail, "absent: ") {
		return record(d, "the Go module proxy has no module "+d.Subject+" ("+strings.TrimPrefix(d.Detail, "absent: ")+"): the import names a module that does not exist or is private"), true
	}
	cmd := d.Detail
	if cmd == "" {
		cmd = "go mod download"
	}
	return edit(d, "the go tool says how to add the missing requirement: "+cmd,
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: cmd, Why: why(r, d)}), true
}
