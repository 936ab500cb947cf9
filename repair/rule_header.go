package repair

import "regexp"

// missingHeader: the C/C++ preprocessor could not find an #include.
type missingHeader struct{}

var headerMatches = []match{
	// gcc: main.c:1:10: fatal error: zlib.h: No such file or directory
	{MissingHeader, regexp.MustCompile(`fatal error: ([^:\s]+\.(?:h|hh|hpp|hxx|H|inc|tcc)|[\w./+-]+): No such file or directory`)},
	// clang: fatal error: 'zlib.h' file not found
	{MissingHeader, regexp.MustCompile(`fatal error: '([^']+)' file not found`)},
}

func (missingHeader) Name() string { return "missing-header" }

func (missingHeader) Diagnose(f Failure) []Diagnosis { return scan(f.Log, headerMatches, nil) }

func (r missingHeader) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != MissingHeader {
		return Proposal{}, false
	}
	return addPackage(r, d, ctx, lookup(ctx, func(i PackageIndex) []string { return i.Header(d.Subject) }, nil)), true
}
