package repair

import (
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// unknownPackage: apt was asked for a package the suite does not have (a
// name made up from a component, a package renamed between releases, a
// model's guess). One such name stops the whole install: the rule takes it
// out of the pkg_install line that holds it, so the next run shows what,
// if anything, the project really misses.
type unknownPackage struct{}

var aptUnknownMatches = []match{
	// E: Unable to locate package libboost-unit-test-framework-dev
	{UnknownPackage, regexp.MustCompile(`^E: Unable to locate package (\S+)$`)},
	// E: Package 'python-dev' has no installation candidate
	{UnknownPackage, regexp.MustCompile(`^E: Package '([^']+)' has no installation candidate$`)},
	// E: Couldn't find any package by glob 'foo*'
	{UnknownPackage, regexp.MustCompile(`^E: Couldn't find any package by (?:glob|regex) '([^']+)'$`)},
}

func (unknownPackage) Name() string { return "unknown-package" }

func (unknownPackage) Diagnose(f Failure) []Diagnosis { return scan(f.Log, aptUnknownMatches, nil) }

func (r unknownPackage) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != UnknownPackage {
		return Proposal{}, false
	}
	if ctx.File != nil {
		for _, s := range bashfile.Sections {
			for _, p := range ctx.File.Packages(s.ID) {
				if p == d.Subject {
					return edit(d, "apt has no package "+d.Subject+": it is taken out, and what the project misses shows on the next run",
						bashfile.Edit{Op: bashfile.OpRemovePackages, Section: s.ID, Packages: []string{d.Subject}, Why: why(r, d)}), true
				}
			}
			// a pkg_install inside a compound command (an offline branch)
			for _, c := range ctx.File.Section(s.ID).Commands {
				if fixed := withoutPackage(c.Text, d.Subject); fixed != c.Text {
					return edit(d, "apt has no package "+d.Subject+": it is taken out, and what the project misses shows on the next run",
						bashfile.Edit{Op: bashfile.OpReplace, Section: s.ID, Match: c.Text, Command: fixed, Why: why(r, d)}), true
				}
			}
		}
	}
	return none(d, "apt has no package "+d.Subject+" and no pkg_install line of the Bash File names it"), true
}

// withoutPackage takes pkg out of the pkg_install lines of a command's
// text (a line left with no package becomes `:`).
func withoutPackage(text, pkg string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		f := strings.Fields(l)
		if len(f) < 2 || f[0] != "pkg_install" || !slices.Contains(f[1:], pkg) {
			continue
		}
		indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		keep := slices.DeleteFunc(f[1:], func(p string) bool { return p == pkg })
		if len(keep) == 0 {
			lines[i] = indent + ":"
		} else {
			lines[i] = indent + "pkg_install " + strings.Join(keep, " ")
		}
	}
	return strings.Join(lines, "\n")
}
