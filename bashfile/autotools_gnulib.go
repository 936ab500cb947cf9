package bashfile

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile/debindex"
)

// debianGnulib is where Debian's gnulib package puts gnulib's sources:
// a tree gnulib's bootstrap takes as --gnulib-srcdir.
const debianGnulib = "/usr/share/gnulib"

// gnulibBoot is how a project whose configure.ac needs gnulib's modules
// copied into the tree generates configure.
type gnulibBoot struct {
	cmd  string   // the bootstrap command line
	pkgs []string // Debian packages of gnulib and the programs bootstrap.conf requires
	note string
}

// buildreqRe is bootstrap.conf's buildreq="…" list of programs and versions.
var buildreqRe = regexp.MustCompile(`(?s)\bbuildreq\s*=\s*['"](.*?)['"]`)

// gnulibBootstrap: gnulib's bootstrap script with its bootstrap.conf
// (gnulib_modules=…) copies the modules into the tree and writes the
// files configure.ac and Makefile.am include (lib/gnulib.mk) before it
// runs autoreconf, so autoreconf alone stops at "cannot open <
// lib/gnulib.mk". The script clones gnulib with git when no source tree
// is given, which a sandbox cannot (the gnulib submodule is not in a
// checkout and git.savannah.gnu.org is out of reach): it is given the
// submodule when the checkout holds it and Debian's gnulib otherwise,
// without git, and without the translations it would download (--skip-po).
// The programs bootstrap.conf's buildreq names are installed: the script
// checks them all first (wget2's lzip, makeinfo).
func gnulibBootstrap(r *repo, pkgs *debindex.Index) (gnulibBoot, bool) {
	if r.root == "" {
		return gnulibBoot{}, false
	}
	script := ""
	var text []byte
	for _, s := range []string{"bootstrap", "autogen.sh"} {
		b, err := os.ReadFile(filepath.Join(r.root, s))
		if err == nil && strings.Contains(string(b), "--gnulib-srcdir") {
			script, text = s, b
			break
		}
	}
	conf, err := os.ReadFile(filepath.Join(r.root, "bootstrap.conf"))
	if script == "" || err != nil || !strings.Contains(string(conf), "gnulib_modules") {
		return gnulibBoot{}, false
	}
	b := gnulibBoot{note: " with gnulib's " + script + " script, which copies the gnulib modules bootstrap.conf names into the tree"}
	src := debianGnulib
	if fileExists(filepath.Join(r.root, "gnulib", "gnulib-tool")) {
		src = "gnulib"
		b.note += " from the gnulib submodule"
	} else {
		b.pkgs = append(b.pkgs, "gnulib")
		b.note += " from Debian's gnulib (the submodule is not in the checkout)"
	}
	b.cmd = "[ -x configure ] || sh ./" + script + " --gnulib-srcdir=" + src
	for _, f := range []string{"--no-git", "--skip-po"} {
		if strings.Contains(string(text), f) {
			b.cmd += " " + f
		}
	}
	b.pkgs = append(b.pkgs, buildreqPackages(string(conf), pkgs)...)
	return b, true
}

// buildreqPackages are the Debian packages of the programs a
// bootstrap.conf's buildreq list names, one per line ("lzip -").
func buildreqPackages(conf string, pkgs *debindex.Index) []string {
	m := buildreqRe.FindStringSubmatch(conf)
	if m == nil || pkgs == nil {
		return nil
	}
	var out []string
	for _, l := range strings.Split(m[1], "\n") {
		f := strings.Fields(strings.Trim(strings.TrimSpace(l), `\`))
		if len(f) == 0 {
			continue
		}
		if c, ok := debindex.Best(pkgs.Executable(f[0])); ok {
			out = append(out, c.Package)
		} else if pkgs.HasPackage(f[0]) { // a program under update-alternatives (lzip's lzip.lzip)
			out = append(out, f[0])
		}
	}
	return out
}
