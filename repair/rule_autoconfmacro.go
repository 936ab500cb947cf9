package repair

import (
	"fmt"
	"regexp"

	"github.com/heragent/heragent/bashfile"
)

// autoconfMacro: autoreconf stops at a macro no installed aclocal file
// defines ("configure.ac:245: error: possibly undefined macro:
// LT_SYS_SYMBOL_USCORE"; libffi without libtool). A macro's prefix names
// the package that ships its .m4: LT_/AC_PROG_LIBTOOL libtool (ltdl's
// LT_SYS_* libltdl-dev), PKG_ pkg-config, AX_ autoconf-archive, AM_
// automake or gettext's.
type autoconfMacro struct{}

var autoconfMacroMatches = []match{
	{UndefinedMacro, regexp.MustCompile(`possibly undefined macro: ([A-Z][A-Z0-9_]+)`)},
	// autoconf 2.71's m4 check: "error: macro PKG_CHECK_EXISTS is not defined; is a m4 file missing?"
	{UndefinedMacro, regexp.MustCompile(`\bmacro ([A-Z][A-Z0-9_]+) is not defined`)},
	// configure: line 4242: syntax error near unexpected token `LIBFFI,' after PKG_CHECK_MODULES( was left unexpanded
	{UndefinedMacro, regexp.MustCompile(`\b((?:PKG|LT|AX|AM|GTK_DOC)_[A-Z0-9_]+)\(?[^\n]*: command not found`)},
}

func (autoconfMacro) Name() string { return "autoconf-macro" }

func (autoconfMacro) Diagnose(f Failure) []Diagnosis {
	// the first undefined macro; its package usually brings the rest
	return firstOnly(scan(f.Log, autoconfMacroMatches, nil))
}

func (r autoconfMacro) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != UndefinedMacro {
		return Proposal{}, false
	}
	if pkg := bashfile.AutoconfMacroPackage(d.Subject); pkg != "" {
		return addPackage(r, d, ctx, []string{pkg}), true
	}
	return none(d, fmt.Sprintf("no Debian package is known to ship the autoconf macro %s", d.Subject)), true
}
