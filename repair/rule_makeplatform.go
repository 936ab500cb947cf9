package repair

import (
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// makePlatform: a Makefile whose default goal will not build until told
// the platform prints its usage and stops — HAProxy's "Building HAProxy
// without specifying a TARGET is not supported … $ make TARGET=xxx" with
// linux-glibc among the targets; Lua's and the projects built on it
// (skynet, pallene…) "Please do 'make PLATFORM' where PLATFORM is one of
// these: … linux …". The sandbox is Linux with glibc: the build's make is
// given the platform the usage lists for it, as the variable the usage
// names (TARGET=linux-glibc) or as the goal (make linux).
type makePlatform struct{}

var (
	// makeVarUsageRe is a usage line asking for a variable: `make TARGET=xxx`,
	// `make OS=<os>`.
	makeVarUsageRe = regexp.MustCompile(`\bmake\s+(?:[^#\n]*\s)?([A-Z][A-Z0-9_]*)=(?:[xX]{3,}|<[^>\n]*>|\.\.\.)(?:\s|$)`)
	// makeGoalUsageRe names the placeholder of a goal: `where PLATFORM is one of`.
	makeGoalUsageRe = regexp.MustCompile(`\bwhere\s+([A-Z][A-Z0-9_]*)\s+is\s+one\s+of\b`)
	// linuxPlatformRe is a platform name for Linux in the usage's list.
	linuxPlatformRe = regexp.MustCompile(`(?:^|[\s,'"(])(linux(?:[a-z0-9_.-]*[a-z0-9])?)(?:$|[\s,'")])`)
	// makeWordRe is make as a command of a build line.
	makeWordRe = regexp.MustCompile(`(^|[;&|(]\s*)g?make(\s|$)`)
)

func (makePlatform) Name() string { return "make-platform" }

// AsksForPlatform reports whether a build's log is a Makefile's usage
// asking which platform to build for: Lua's default goal and those
// copied from it print it and exit 0, having built nothing, so a build
// section that "succeeded" with it is a failure for this rule to repair.
func AsksForPlatform(log string) bool {
	return len(usageAsksPlatform(log, false)) > 0
}

func (makePlatform) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseSetup || f.Section != bashfile.Build {
		return nil
	}
	return usageAsksPlatform(f.Log, true)
}

// usageWindow is how many lines after its usage line a Makefile lists
// the platforms (HAProxy's list begins 7 lines below).
const usageWindow = 16

// usageAsksPlatform reads a usage asking for the platform, and the
// Linux name the lines after it list; the variable form only when
// withVar (a build that exited 0 is read for the goal form alone).
func usageAsksPlatform(log string, withVar bool) []Diagnosis {
	ls := logLines(log)
	after := func(i int) string { return linuxPlatform(strings.Join(ls[i:min(len(ls), i+usageWindow)], "\n")) }
	for i, l := range ls {
		if m := makeVarUsageRe.FindStringSubmatch(l); m != nil && withVar {
			if p := after(i); p != "" {
				return []Diagnosis{{Kind: MakePlatform, Subject: m[1] + "=" + p, Evidence: strings.TrimSpace(l)}}
			}
		}
		if m := makeGoalUsageRe.FindStringSubmatch(l); m != nil && strings.Contains(log, "make "+m[1]) {
			if p := after(i); p != "" {
				return []Diagnosis{{Kind: MakePlatform, Subject: p, Evidence: strings.TrimSpace(l)}}
			}
		}
	}
	return nil
}

// linuxPlatform picks the usage's name for this sandbox: one naming
// glibc, else plain linux, else the first Linux one listed.
func linuxPlatform(log string) string {
	var names []string
	for _, m := range linuxPlatformRe.FindAllStringSubmatch(log, -1) {
		if !slices.Contains(names, m[1]) {
			names = append(names, m[1])
		}
	}
	if i := slices.IndexFunc(names, func(n string) bool { return strings.Contains(n, "glibc") }); i >= 0 {
		return names[i]
	}
	if slices.Contains(names, "linux") {
		return "linux"
	}
	if len(names) > 0 {
		return names[0]
	}
	return ""
}

func (r makePlatform) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != MakePlatform {
		return Proposal{}, false
	}
	i, text := ctx.find(bashfile.Build, func(t string) bool { return makeWordRe.MatchString(t) })
	if i < 0 {
		return none(d, "the Makefile asks which platform to build for and the Bash File's build runs no make to give it one"), true
	}
	if strings.Contains(text, d.Subject) || ctx.tried(r.Name(), d) > 0 {
		return none(d, "the build's make was given "+d.Subject+" and still asks for its platform"), true
	}
	// right after the first make: `make X && make install`, `make | tee log`
	end := makeWordRe.FindStringIndex(text)[1]
	fixed := strings.TrimRight(text[:end], " \t") + " " + d.Subject + " " + strings.TrimLeft(text[end:], " \t")
	return edit(d, "the Makefile's default goal asks which platform to build for: this sandbox's, "+d.Subject,
		bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Match: text, Command: strings.TrimSpace(fixed), Why: why(r, d)}), true
}
