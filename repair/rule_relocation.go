package repair

import "regexp"

// positionDependent: the linker refuses an object compiled without
// position-independent code. Debian's gcc links every program as a PIE
// by default, so an object that is not — made by the project's own code
// generator (a C compiler's test programs), hand-written assembly with
// absolute addresses, an old static library — fails with "relocation
// R_X86_64_32S against `.text' can not be used when making a PIE object;
// recompile with -fPIE"; a static library's object linked into a shared
// one fails the same way with "… when making a shared object; recompile
// with -fPIC". The first links its programs without PIE (LDFLAGS
// -no-pie, which make's link rules, autoconf and CMake all read), the
// second compiles everything position-independent (CFLAGS and CXXFLAGS
// -fPIC).
type positionDependent struct{}

var relocationMatches = []match{
	{PositionDependent, regexp.MustCompile(`relocation R_\w+ against [^\n]{0,200}?can not be used when making an? (PIE|shared) object`)},
}

func (positionDependent) Name() string { return "position-dependent" }

func (positionDependent) Diagnose(f Failure) []Diagnosis {
	return firstOnly(scan(f.Log, relocationMatches, nil))
}

func (r positionDependent) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != PositionDependent {
		return Proposal{}, false
	}
	if ctx.tried(r.Name(), d) > 0 {
		return none(d, "the flags an earlier repair set did not reach the failing link: "+d.Evidence), true
	}
	vars, flag, what := []string{"LDFLAGS"}, "-no-pie", "an object that is not position-independent goes into a PIE program: link programs without PIE"
	if d.Subject == "shared" {
		vars, flag, what = []string{"CFLAGS", "CXXFLAGS"}, "-fPIC", "an object that is not position-independent goes into a shared library: compile with -fPIC"
	}
	return edit(d, what+" ("+flag+")", flagEdits(r, d, vars, flag)...), true
}
