package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// tsLibCheck: the project's TypeScript compile fails only on the
// declaration files of its dependencies — `node_modules/fdir/dist/
// index.d.cts(3,8): error TS1259` (fast-glob, installed without a
// lockfile: the newest @types meet an older compiler option). Its own code
// compiles; tsc's --skipLibCheck leaves the dependencies' declarations
// unchecked. The repair runs the project's tsc so when the build fails.
type tsLibCheck struct{}

// tsErrorRe is a TypeScript diagnostic and the file it is in.
var tsErrorRe = regexp.MustCompile(`^(\S+?)\(\d+,\d+\): error TS\d+`)

// tsFallback is what the repair adds to the build command.
const tsFallback = " || npx --no-install tsc --skipLibCheck; }"

func (tsLibCheck) Name() string { return "ts-lib-check" }

func (tsLibCheck) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseSetup {
		return nil
	}
	first := ""
	for _, l := range logLines(f.Log) {
		m := tsErrorRe.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			continue
		}
		if !strings.HasPrefix(m[1], "node_modules/") && !strings.Contains(m[1], "/node_modules/") {
			return nil // the project's own code: not this rule's
		}
		if first == "" {
			first = strings.TrimSpace(l)
		}
	}
	if first == "" {
		return nil
	}
	return []Diagnosis{{Kind: TSLibCheck, Subject: tsErrorRe.FindStringSubmatch(first)[1], Evidence: first}}
}

func (r tsLibCheck) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != TSLibCheck {
		return Proposal{}, false
	}
	i, text := ctx.find(bashfile.Build, func(t string) bool { return strings.Contains(t, "run ") || strings.Contains(t, "tsc") })
	if i < 0 {
		return none(d, "no build command in the Bash File runs the compile"), true
	}
	if strings.HasSuffix(text, tsFallback) {
		return record(d, "the compile fails on the dependencies' declarations also with --skipLibCheck: "+d.Evidence), true
	}
	return edit(d, "the TypeScript compile fails only in the dependencies' declaration files ("+d.Subject+"): when the build fails, the project's tsc runs with --skipLibCheck",
		bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Match: text, Command: "{ " + text + tsFallback, Why: why(r, d)}), true
}
