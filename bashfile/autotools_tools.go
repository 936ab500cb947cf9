package bashfile

import (
	"context"
	"path"
	"regexp"
	"slices"
	"strings"
)

// autoconfMacroPackages maps autoconf macro name prefixes, most specific
// first, to the Debian package whose aclocal files define them beyond
// autoconf itself. The planner installs the package of each macro
// configure.ac calls; the autoconf-macro repair reads the same table
// (AutoconfMacroPackage) for a macro autoreconf left undefined.
var autoconfMacroPackages = []struct{ prefix, pkg string }{
	{"AM_GNU_GETTEXT", "autopoint"}, {"AM_ICONV", "gettext"}, {"AM_NLS", "gettext"}, {"AM_PATH_GLIB", "libglib2.0-dev"},
	{"AM_PATH_PYTHON", "python3"}, {"IT_PROG_INTLTOOL", "intltool"},
	// libltdl's ltdl.m4, not libtool.m4 (libffi's LT_SYS_SYMBOL_USCORE)
	{"LTDL_", "libltdl-dev"}, {"LT_SYS_SYMBOL_USCORE", "libltdl-dev"}, {"LT_LIB_DLLOAD", "libltdl-dev"}, {"LT_SYS_DL", "libltdl-dev"},
	{"LT_SYS_MODULE", "libltdl-dev"}, {"LT_FUNC_DLSYM", "libltdl-dev"}, {"LT_CONFIG_LTDL", "libltdl-dev"},
	{"AC_PROG_LIBTOOL", "libtool"}, {"AC_LIBTOOL", "libtool"}, {"LT_", "libtool"},
	{"PKG_", "pkg-config"}, {"AX_", "autoconf-archive"}, {"GTK_DOC", "gtk-doc-tools"}, {"AM_", "automake"},
}

// AutoconfMacroPackage is the package that defines macro, or "".
func AutoconfMacroPackage(macro string) string {
	for _, m := range autoconfMacroPackages {
		if strings.HasPrefix(macro, m.prefix) {
			return m.pkg
		}
	}
	return ""
}

// macroCallRe finds a macro call at the start of a configure.ac statement
// (or as an argument of another): a capitalised name and its "(" or the
// end of the line.
var macroCallRe = regexp.MustCompile(`(?:^|[\s\[(,])([A-Z][A-Z0-9]*_[A-Z0-9_]+)\s*(?:\(|$)`)

// macroNeed is a package a configure.ac macro call needs, and where.
type macroNeed struct {
	pkg, macro string
	line       int
}

// archiveNeeds: autoconf-archive's macros require pkg.m4's (ax_with_curses'
// AX_REQUIRE_DEFINED([PKG_CHECK_EXISTS]) stops aclocal without it: tig).
var archiveNeeds = map[string]string{"autoconf-archive": "pkg-config"}

// configureMacroPackages lists the packages the macros configure.ac calls
// need (comments skipped), each once, at its first call.
func configureMacroPackages(text string) []macroNeed {
	var out []macroNeed
	for i, l := range strings.Split(text, "\n") {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "dnl") || strings.HasPrefix(t, "#") {
			continue
		}
		for _, m := range macroCallRe.FindAllStringSubmatch(l, -1) {
			p := AutoconfMacroPackage(m[1])
			for _, q := range []string{p, archiveNeeds[p]} {
				if q != "" && !slices.ContainsFunc(out, func(n macroNeed) bool { return n.pkg == q }) {
					out = append(out, macroNeed{q, m[1], i + 1})
				}
			}
		}
	}
	return out
}

// dejagnuRe finds automake's dejagnu option.
var dejagnuRe = regexp.MustCompile(`(?m)^[ \t]*AUTOMAKE_OPTIONS[ \t]*\+?=.*\bdejagnu\b`)

// automakeTools installs what an autotools build from a checkout (not a
// release tarball, which carries the generated files) runs: bison for a
// grammar (.y) and flex for a scanner (.l) whose generated C source is not
// committed (westes/flex's parse.y and scan.l; jq commits its parser.c),
// makeinfo for a manual (info_TEXINFOS) whose .info is not committed
// (flex's, libffi's), help2man for a man page a rule makes from the
// program's --help (flex's doc/flex.1, when no .1 is committed beside
// it), and DejaGnu's runtest for a test suite automake runs with it
// (libffi's AUTOMAKE_OPTIONS = dejagnu).
func (d autotoolsDetector) automakeTools(ctx context.Context, p *planner) error {
	for _, f := range p.repo.files {
		ext := path.Ext(f.Path)
		if auxPath(f.Path) || (ext != ".y" && ext != ".l") {
			continue
		}
		gen := strings.TrimSuffix(f.Path, ext) + ".c"
		if _, ok := p.repo.byPath[gen]; ok {
			continue
		}
		pkg, what := "bison", "a grammar"
		if ext == ".l" {
			pkg, what = "flex", "a scanner"
		}
		if err := p.install(Base, ev(d.Name(), f.Path, 0, what+" whose generated "+path.Base(gen)+" is not committed"), pkg); err != nil {
			return err
		}
	}
	for _, f := range p.repo.files {
		if path.Base(f.Path) != "Makefile.am" { // manuals live in doc/, a helper directory elsewhere
			continue
		}
		text, _ := p.ix.ReadFile(ctx, f.Path, 0, 0, true)
		if line := lineOf(text, "info_TEXINFOS"); line > 0 && !p.repo.hasExt(path.Dir(f.Path), ".info") {
			if err := p.install(Base, ev(d.Name(), f.Path, int64(line), "a Texinfo manual built by make (no .info committed)"), "texinfo"); err != nil {
				return err
			}
		}
		if line := lineOf(text, "$(HELP2MAN)"); line > 0 && !p.repo.hasExt(path.Dir(f.Path), ".1") {
			if err := p.install(Base, ev(d.Name(), f.Path, int64(line), "a man page made by help2man (none committed)"), "help2man"); err != nil {
				return err
			}
		}
		if loc := dejagnuRe.FindStringIndex(text); loc != nil {
			line := int64(strings.Count(text[:loc[0]], "\n") + 1)
			if err := p.install(Base, ev(d.Name(), f.Path, line, "make check runs DejaGnu's runtest"), "dejagnu"); err != nil {
				return err
			}
		}
	}
	return nil
}

// hasExt reports whether dir (not its subdirectories) holds a file ending
// in ext.
func (r *repo) hasExt(dir, ext string) bool {
	for _, f := range r.files {
		if path.Dir(f.Path) == dir && strings.HasSuffix(f.Path, ext) {
			return true
		}
	}
	return false
}
