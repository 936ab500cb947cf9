package bashfile

import (
	"context"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// autotoolsDetector: configure.ac / configure.in (generated with autoreconf
// when configure is not committed), or a committed configure script with
// Makefile.in. Configures in the source tree and runs make.
type autotoolsDetector struct{}

func (autotoolsDetector) Name() string { return "autotools" }

func (autotoolsDetector) Detect(r *repo) bool {
	return r.stacks["autotools"] || r.has("configure") && r.has("Makefile.in", "Makefile.am")
}

func (d autotoolsDetector) Apply(ctx context.Context, p *planner) error {
	ac := p.repo.first("configure.ac", "configure.in")
	text := ""
	if ac != "" {
		text, _ = p.ix.ReadFile(ctx, ac, 0, 0, true)
	}
	if err := p.install(Base, ev(d.Name(), p.repo.first("configure.ac", "configure.in", "configure"), 0, "C/C++ compiler and make"), "build-essential"); err != nil {
		return err
	}
	if ac != "" {
		tools := []string{"autoconf", "automake"}
		if p.repo.fact(ac, "libtool") != "" {
			tools = append(tools, "libtool")
		}
		if err := p.install(Base, ev(d.Name(), ac, 0, "autoreconf generates configure"), tools...); err != nil {
			return err
		}
		for _, n := range configureMacroPackages(text) {
			if err := p.install(Base, ev(d.Name(), ac, int64(n.line), n.macro+" needs "+n.pkg), n.pkg); err != nil {
				return err
			}
		}
		if err := d.automakeTools(ctx, p); err != nil {
			return err
		}
	}
	if err := p.cSystemDeps(ctx, d.Name()); err != nil {
		return err
	}
	if ac != "" {
		gen := "[ -x configure ] || autoreconf -fi"
		note := "generate configure"
		if g, ok := gnulibBootstrap(p.repo, p.pkgs); ok {
			if err := p.install(Base, ev(d.Name(), "bootstrap.conf", 0, "gnulib's bootstrap and the programs its buildreq names"), g.pkgs...); err != nil {
				return err
			}
			gen, note = g.cmd, note+g.note
		} else if script, missing := bootstrapFor(p.repo, text); script != "" {
			// the bootstrap script writes a file configure.ac includes
			// (memcached's version.m4, libuv's m4/…-flags.m4): autoreconf
			// alone stops at "file 'version.m4' does not exist"
			gen = "[ -x configure ] || NOCONFIGURE=1 sh ./" + script
			note += " with " + script + ", which writes " + missing + " that " + ac + " includes"
		} else if p.repo.has("autogen.sh") {
			note += " (autogen.sh exists; autoreconf does the same without running configure)"
		}
		if err := p.add(Build, gen, ev(d.Name(), ac, 0, note)); err != nil {
			return err
		}
	}
	flags, docs := p.repo.docsOff(autoconfDocsOff, "configure.ac", "configure.in")
	if err := p.add(Build, "[ -f Makefile ] || ./configure"+flags, ev(d.Name(), "configure", 0, "configure in the source tree, once"+docs)); err != nil {
		return err
	}
	return p.add(Build, `make -j"$(nproc)"`, ev(d.Name(), p.repo.first("Makefile.am", "Makefile.in", "configure"), 0, "build (tests run later, from the test pyramid: make check)"))
}

// m4IncludeRe is an m4_include or sinclude of a file, in brackets or not.
var m4IncludeRe = regexp.MustCompile(`\b(?:m4_include|m4_sinclude|sinclude)\(\s*\[?([^\]\)\s$]+)\]?\s*\)`)

// bootstrapFor is the repository's bootstrap script (autogen.sh,
// bootstrap, bootstrap.sh) when configure.ac includes a file the checkout
// does not hold and the script names it, which is how the script writes
// it; missing is that file.
func bootstrapFor(r *repo, configureAC string) (script, missing string) {
	for _, m := range m4IncludeRe.FindAllStringSubmatch(configureAC, -1) {
		f := m[1]
		if r.root == "" || fileExists(filepath.Join(r.root, filepath.FromSlash(f))) {
			continue
		}
		for _, s := range []string{"autogen.sh", "bootstrap", "bootstrap.sh"} {
			b, err := os.ReadFile(filepath.Join(r.root, s))
			if err == nil && strings.Contains(string(b), path.Base(strings.TrimSuffix(f, ".m4"))) {
				return s, f
			}
		}
	}
	return "", ""
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// lineOf is the 1-based line of the first line containing s, outside
// comments (dnl, #); 0 when none.
func lineOf(text, s string) int {
	for i, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "dnl") || strings.HasPrefix(t, "#") {
			continue
		}
		if strings.Contains(l, s) {
			return i + 1
		}
	}
	return 0
}
