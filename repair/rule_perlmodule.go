package repair

import (
	"regexp"
	"strings"
)

// missingPerlModule: a Perl script of the project's (a test driver, a
// code generator) needs a module nothing installed: "Can't locate
// XML/Parser.pm in @INC (you may need to install the XML::Parser module)"
// — libgsf's Perl tests, each dying on it in tests/test-suite.log. The
// Debian package shipping the module's file (libxml-parser-perl) is
// installed, as a header's or a Python module's would be.
type missingPerlModule struct{}

// PerlModuleIndex is an index that knows which packages ship a Perl
// module ("XML::Parser").
type PerlModuleIndex interface {
	PerlModule(name string) []string
}

var perlModuleRe = regexp.MustCompile(`Can't locate ([\w/]+)\.pm in @INC`)

func (missingPerlModule) Name() string { return "missing-perl-module" }

func (missingPerlModule) Diagnose(f Failure) []Diagnosis {
	var out []Diagnosis
	seen := map[string]bool{}
	for _, l := range logLines(f.Log) {
		if m := perlModuleRe.FindStringSubmatch(l); m != nil {
			name := strings.ReplaceAll(m[1], "/", "::")
			if !seen[name] {
				seen[name] = true
				out = append(out, Diagnosis{Kind: MissingPerlModule, Subject: name, Evidence: strings.TrimSpace(l)})
			}
		}
	}
	return out
}

func (r missingPerlModule) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != MissingPerlModule {
		return Proposal{}, false
	}
	return addPackage(r, d, ctx, lookup(ctx, func(i PackageIndex) []string {
		if p, ok := i.(PerlModuleIndex); ok {
			return p.PerlModule(d.Subject)
		}
		return nil
	}, nil)), true
}
