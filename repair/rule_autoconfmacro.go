package repair

import (
	"fmt"
	"regexp"
	"strings"
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
	// configure: line 4242: syntax error near unexpected token `LIBFFI,' after PKG_CHECK_MODULES( was left unexpanded
	{UndefinedMacro, regexp.MustCompile(`\b((?:PKG|LT|AX|AM|GTK_DOC)_[A-Z0-9_]+)\(?[^\n]*: command not found`)},
}

// macroPackages maps macro prefixes (longest first) to the Debian
// packages shipping their aclocal files.
var macroPackages = []struct{ prefix, pkg string }{
	{"AM_GNU_GETTEXT", "autopoint"}, {"AM_ICONV", "gettext"}, {"AM_NLS", "gettext"}, {"AM_PATH_GLIB", "libglib2.0-dev"},
	// libltdl's ltdl.m4, not libtool.m4 (libffi's LT_SYS_SYMBOL_USCORE)
	{"LTDL_", "libltdl-dev"}, {"LT_SYS_SYMBOL_USCORE", "libltdl-dev"}, {"LT_LIB_DLLOAD", "libltdl-dev"}, {"LT_SYS_DL", "libltdl-dev"},
	{"LT_SYS_MODULE", "libltdl-dev"}, {"LT_FUNC_DLSYM", "libltdl-dev"}, {"LT_CONFIG_LTDL", "libltdl-dev"},
	{"AC_PROG_LIBTOOL", "libtool"}, {"AC_LIBTOOL", "libtool"}, {"LT_", "libtool"}, {"PKG_", "pkgconf"},
	{"AX_", "autoconf-archive"}, {"GTK_DOC", "gtk-doc-tools"}, {"AM_", "automake"},
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
	for _, m := range macroPackages {
		if strings.HasPrefix(d.Subject, m.prefix) {
			return addPackage(r, d, ctx, []string{m.pkg}), true
		}
	}
	return none(d, fmt.Sprintf("no Debian package is known to ship the autoconf macro %s", d.Subject)), true
}
