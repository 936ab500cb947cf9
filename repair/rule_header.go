package repair

import (
	"regexp"
	"strings"
)

// missingHeader: the C/C++ preprocessor could not find an #include.
type missingHeader struct{}

var headerMatches = []match{
	// gcc: main.c:1:10: fatal error: zlib.h: No such file or directory
	{MissingHeader, regexp.MustCompile(`fatal error: ([^:\s]+\.(?:h|hh|hpp|hxx|H|inc|tcc)|[\w./+-]+): No such file or directory`)},
	// clang: fatal error: 'zlib.h' file not found
	{MissingHeader, regexp.MustCompile(`fatal error: '([^']+)' file not found`)},
}

func (missingHeader) Name() string { return "missing-header" }

func (missingHeader) Diagnose(f Failure) []Diagnosis {
	ds := scan(f.Log, headerMatches, nil)
	out := ds[:0]
	for _, d := range ds {
		// cc1: fatal error: foo.c: No such file or directory is a missing
		// source file, not a header.
		if !sourceFileRe.MatchString(d.Subject) && !strings.HasPrefix(d.Subject, "/") {
			out = append(out, d)
		}
	}
	return out
}

var sourceFileRe = regexp.MustCompile(`\.(?:c|cc|cpp|cxx|c\+\+|C|s|S|o|m|mm|i|ii)$`)

func (r missingHeader) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != MissingHeader {
		return Proposal{}, false
	}
	return addPackage(r, d, ctx, lookup(ctx, func(i PackageIndex) []string { return i.Header(d.Subject) }, nil)), true
}
