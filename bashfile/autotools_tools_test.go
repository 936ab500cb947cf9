package bashfile_test

import (
	"strings"
	"testing"
)

// A build from a checkout runs what a release tarball's generated files
// spare it: bison and flex for grammars and scanners whose C is not
// committed, makeinfo for a manual with no .info, help2man for a man
// page with none committed, runtest for a DejaGnu
// suite, and the package of each aclocal macro configure.ac calls.
func TestAutotoolsCheckoutTools(t *testing.T) {
	base := map[string]string{
		"configure.ac":    "AC_INIT([x], [1])\nAM_INIT_AUTOMAKE\nAC_PROG_CC\nAC_PROG_YACC\nAC_PROG_LEX([noyywrap])\nLT_SYS_SYMBOL_USCORE\nAC_OUTPUT\n",
		"Makefile.am":     "AUTOMAKE_OPTIONS = foreign dejagnu\nSUBDIRS = src doc\n",
		"doc/Makefile.am": "info_TEXINFOS = x.texi\ndist_man_MANS = x.1\nx.1: $(top_srcdir)/src/main.c\n\t$(HELP2MAN) --output=$@ ../src/x\n",
		"doc/x.texi":      "\\input texinfo\n",
		"src/Makefile.am": "bin_PROGRAMS = x\nx_SOURCES = main.c parse.y scan.l\n",
		"src/main.c":      "int main(void) { return 0; }\n",
		"src/parse.y":     "%%\ns: ;\n%%\n",
		"src/scan.l":      "%%\n.\n%%\n",
	}
	script := planFor(t, base).File.Render()
	for _, pkg := range []string{"bison", "flex", "texinfo", "help2man", "dejagnu", "libltdl-dev"} {
		if !strings.Contains(script, " "+pkg) {
			t.Errorf("checkout build: %s not installed:\n%s", pkg, script)
		}
	}
	// a tarball-like tree: the generated parser, scanner and manual are there
	gen := map[string]string{"src/parse.c": "int p;\n", "src/scan.c": "int s;\n", "doc/x.info": "x\n", "doc/x.1": ".TH X 1\n", "Makefile.am": "SUBDIRS = src doc\n"}
	for k, v := range base {
		if _, ok := gen[k]; !ok {
			gen[k] = v
		}
	}
	script = planFor(t, gen).File.Render()
	for _, pkg := range []string{"bison", "flex", "texinfo", "help2man", "dejagnu"} {
		if strings.Contains(script, " "+pkg+" ") || strings.Contains(script, " "+pkg+"\n") {
			t.Errorf("generated files committed: %s installed anyway", pkg)
		}
	}
}
