package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// staleAutotools: a checkout that ships its generated configure and
// Makefile.in also ships their rules to regenerate them, naming the exact
// automake release that made them. When make decides they are out of date
// (a checkout's timestamps are not the maintainer's) it runs that
// release's tools — "aclocal-1.14: command not found", or automake's
// missing script's "WARNING: 'automake-1.15' is missing on your system" —
// which no distribution ships any more. The repair regenerates the files
// with the installed autotools before configure, as a maintainer would:
// the Bash File's conditional `[ -x configure ] || autoreconf -fi` (or the
// bootstrap script) runs unconditionally.
type staleAutotools struct{}

var staleAutotoolsMatches = []match{
	{StaleAutotools, regexp.MustCompile(`\b((?:aclocal|automake|autoconf|autoheader)-\d+(?:\.\d+)+): (?:command )?not found`)},
	{StaleAutotools, regexp.MustCompile(`WARNING: '((?:aclocal|automake|autoconf|autoheader)-\d+(?:\.\d+)+)' is missing on your system`)},
}

func (staleAutotools) Name() string { return "stale-autotools" }

func (staleAutotools) Diagnose(f Failure) []Diagnosis {
	return firstOnly(scan(f.Log, staleAutotoolsMatches, nil))
}

// regenRe is the Bash File's generation of configure, run only when the
// checkout has none: "[ -x configure ] || autoreconf -fi".
var regenRe = regexp.MustCompile(`^\[ -x configure \] \|\| (.*\S)\s*$`)

func (r staleAutotools) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != StaleAutotools {
		return Proposal{}, false
	}
	_, text := ctx.find(bashfile.Build, regenRe.MatchString)
	if text == "" {
		return none(d, "the shipped autotools files ask for "+d.Subject+" and the Bash File generates no configure to replace them"), true
	}
	gen := regenRe.FindStringSubmatch(text)[1]
	if !strings.Contains(gen, "autoreconf") && !strings.Contains(gen, "NOCONFIGURE") {
		return none(d, "the Bash File's generation of configure is not autoreconf or a bootstrap script"), true
	}
	return edit(d, "the checkout's generated configure and Makefile.in ask for "+d.Subject+", which is not installed: regenerate them with the installed autotools",
		bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Match: text, Command: gen, Why: why(r, d)}), true
}
