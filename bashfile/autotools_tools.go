package bashfile

import (
	"context"
	"path"
	"regexp"
	"strings"
)

// AutoconfMacroPackages maps autoconf macro name prefixes, most specific
// first, to the Debian package whose aclocal files define them beyond
// autoconf itself. The planner installs the package of each macro
// configure.ac calls; the autoconf-macro repair reads the same table for
// a macro autoreconf left undefined.
var AutoconfMacroPackages = []struct{ Prefix, Package string }{
	{"AM_GNU_GETTEXT", "autopoint"}, {"AM_ICONV", "gettext"}, {"AM_NLS", "gettext"}, {"AM_PATH_GLIB", "libglib2.0-dev"},
	{"AM_PATH_PYTHON", "python3"}, {"IT_PROG_INTLTOOL", "intltool"},
	{"LTDL_", "libltdl-dev"}, {"LT_SYS_SYMBOL_USCORE", "libltdl-dev"}, {"LT_LIB_DLLOAD", "libltdl-dev"}, {"LT_SYS_DL", "libltdl-dev"},
	{"LT_SYS_MODULE", "libltdl-dev"}, {"LT_FUNC_DLSYM", "libltdl-dev"}, {"LT_CONFIG_LTDL", "libltdl-dev"},
	{"AC_PROG_LIBTOOL", "libtool"}, {"AC_LIBTOOL", "libtool"}, {"LT_", "libtool"},
	{"PKG_", "pkg-config"}, {"AX_", "autoconf-archive"}, {"GTK_DOC", "gtk-doc-tools"}, {"AM_", "automake"},
}

// AutoconfMacroPackage is the package that defines macro, or "".
func AutoconfMacroPackage(macro string) string {
	for _, m := range AutoconfMacroPackages {
		if strings.HasPrefix(macro, m.Prefix) {
			return m.Package
		}
	}
	return ""
}

// macroCallRe finds a macro call at the start of a configure.ac statement
// (or as an argument of another): a capitalised name and its "(" or the
// end of the line.
var macroCallRe = regexp.MustCompile(`(?:^|[\s\[(,])([A-Z][A-Z0-9]*_[A-Z0-9_]+)\s*(?:\(|$)`)

// configureMacroPackages lists, with their lines, the packages the macros
// configure.ac calls need (comments skipped), each once.
func configureMacroPackages(text string) (pkgs []string, lines map[string]int, macros map[string]string) {
	lines, macros = map[string]int{}, map[string]string{}
	for i, l := range strings.Split(text, "\n") {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "dnl") || strings.HasPrefix(t, "#") {
			continue
		}
		for _, m := range macroCallRe.FindAllStringSubmatch(l, -1) {
			if p := AutoconfMacroPackage(m[1]); p != "" && lines[p] == 0 {
				pkgs, lines[p], macros[p] = append(pkgs, p), i+1, m[1]
			}
		}
	}
	return pkgs, lines, macros
}

// automakeTools installs what an autotools build from a checkout (not a
// release tarball, which carries the generated files) runs: bison for a
// grammar (.y) and flex for a scanner (.l) whose generated C source is not
// committed (westes/flex's parse.y and scan.l; jq commits its parser.c),
// makeinfo for a manual (info_TEXINFOS) whose .info is not committed
// (flex's, libffi's), and DejaGnu's runtest for a test suite automake
// runs with it (libffi's AUTOMAKE_OPTIONS = dejagnu).
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
		if line := lineOf(text, "dejagnu"); line > 0 && strings.Contains(strings.Split(text, "\n")[line-1], "AUTOMAKE_OPTIONS") {
			if err := p.install(Base, ev(d.Name(), f.Path, int64(line), "make check runs DejaGnu's runtest"), "dejagnu"); err != nil {
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
