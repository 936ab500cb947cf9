package repair

import (
	"regexp"

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
		}
	}
	return none(d, "apt has no package "+d.Subject+" and no pkg_install line of the Bash File names it"), true
}
