package bashfile

import (
	"context"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/heragent/heragent/bashfile/debindex"
	"github.com/heragent/heragent/retrieval"
)

// basePackages come with build-essential: a header or library they
// provide needs no package of its own.
var basePackages = map[string]bool{
	"libc6-dev": true, "linux-libc-dev": true, "libc-dev-bin": true, "gcc": true, "g++": true, "cpp": true,
	"build-essential": true, "make": true, "libcrypt-dev": true,
}

func isBasePackage(p string) bool {
	if basePackages[p] {
		return true
	}
	for _, pre := range []string{"libgcc-", "libstdc++-", "gcc-", "g++-", "cpp-"} {
		if strings.HasPrefix(p, pre) && len(p) > len(pre) && p[len(pre)] >= '0' && p[len(pre)] <= '9' {
			return true
		}
	}
	return false
}

// unlikelyPackage is a candidate a native build on the host never wants.
func unlikelyPackage(p string) bool {
	for _, s := range []string{"mingw", "-cross", "lib32", "lib64", "libx32", "-dbg", "-doc"} {
		if strings.Contains(p, s) {
			return true
		}
	}
	return false
}

// mesonBuiltinDeps are meson dependency() names meson resolves itself
// (no pkg-config module of that name); the value is what to look up
// instead as a CMake-style name ("" when the compiler provides it).
var mesonBuiltinDeps = map[string]string{
	"threads": "", "dl": "", "rt": "", "m": "", "libm": "", "atomic": "", "intl": "", "iconv": "",
	"openmp": "OpenMP", "boost": "Boost", "gtest": "GTest", "gmock": "GMock", "mpi": "MPI", "python3": "Python3",
	"zlib": "ZLIB", "curses": "Curses", "ncurses": "Curses", "qt5": "", "qt6": "", "llvm": "", "cuda": "", "appleframeworks": "",
	"blocks": "", "coarray": "", "hdf5": "HDF5", "netcdf": "", "openssl": "OpenSSL", "libcrypto": "OpenSSL", "libssl": "OpenSSL",
	"jni": "JNI", "shaderc": "", "valgrind": "", "wxwidgets": "wxWidgets", "sdl2": "", "gl": "OpenGL",
}

// cSystemDeps resolves the C/C++ system dependencies the graph shows —
// find_package, pkg_check_modules / PKG_CHECK_MODULES / meson dependency(),
// AC_CHECK_LIB / AC_CHECK_HEADERS, #include <…> not in the repository —
// to Debian -dev packages in the base section. It runs once per plan.
func (p *planner) cSystemDeps(ctx context.Context, source string) error {
	if p.csys {
		return nil
	}
	p.csys = true
	deps, err := p.ix.DeclaredDependencies(ctx, "")
	if err != nil {
		return fmt.Errorf("list declared dependencies: %w", err)
	}
	var optional, unresolved []string
	for _, d := range deps {
		if auxPath(d.Path) || !p.fromChosenBuild(d.Path) {
			continue
		}
		why := ev(source, d.Path, d.Line, "")
		var cands []debindex.Candidate
		label := ""
		switch d.Ecosystem {
		case "cmake":
			label = "find_package(" + d.Name + ")"
			cands = p.pkgs.CMakePackage(d.Name)
			if interpreterOnly(d) {
				cands = []debindex.Candidate{{Package: "python3", Via: debindex.ViaOverride}}
			}
			if strings.EqualFold(d.Name, "Boost") && len(d.Components) > 0 {
				cands = nil
				for _, c := range d.Components {
					cands = append(cands, p.boostComponent(c))
				}
				if err := p.addSysPackages(why, label, pkgNames(cands)...); err != nil {
					return err
				}
				continue
			}
		case "pkg-config":
			label = "pkg-config " + d.Name
			cands = p.pkgs.PkgConfig(d.Name)
		case "meson":
			label = "dependency('" + d.Name + "')"
			if alt, ok := mesonBuiltinDeps[strings.ToLower(d.Name)]; ok {
				if alt == "" {
					continue
				}
				cands = p.pkgs.CMakePackage(alt)
			} else {
				cands = p.pkgs.PkgConfig(d.Name)
			}
		case "autoconf-lib":
			label = "AC_CHECK_LIB(" + d.Name + ")"
			cands = exact(p.pkgs.Library(d.Name))
		case "autoconf-header":
			label = "AC_CHECK_HEADERS(" + d.Name + ")"
			cands = exact(p.pkgs.Header(d.Name))
		case "program":
			if !d.Required {
				continue
			}
			label = "program " + d.Name
			cands = p.pkgs.Executable(d.Name)
		default:
			continue
		}
		forTests := false
		if !d.Required && (d.Ecosystem == "cmake" || d.Ecosystem == "pkg-config" || d.Ecosystem == "meson") {
			if forTests = gatesTests(d); !forTests {
				optional = append(optional, label)
				continue
			}
			cands = testDepCandidates(d, cands)
		}
		c, ok := bestUsable(cands)
		switch {
		case !ok && forTests:
			optional = append(optional, label)
			continue
		case !ok:
			unresolved = append(unresolved, fmt.Sprintf("%s (%s:%d)", label, d.Path, d.Line))
			continue
		}
		why.Note = label + " → " + c
		if forTests {
			why.Note += " (optional, and the tests need it)"
		}
		if err := p.addSysPackages(why, label, c); err != nil {
			return err
		}
	}
	if err := p.includeDeps(ctx, source, &unresolved); err != nil {
		return err
	}
	if len(optional) > 0 {
		p.note("optional C/C++ dependencies not installed: " + strings.Join(dedupeStrings(optional), ", "))
	}
	if len(unresolved) > 0 {
		p.note("no Debian package found for: " + strings.Join(unresolved, ", "))
	}
	return nil
}

// headerTemplates are the suffixes of a header's template, which the
// build configures into the header (CMake's configure_file, autoconf's
// AC_CONFIG_FILES, meson's configure_file).
var headerTemplates = []string{".in", ".cmake", ".cmakein", ".cmake.in", ".meson"}

// generatedHeader reports whether the repository ships the template of
// the header, which its build generates: xiph/ogg's <ogg/config_types.h>
// from include/ogg/config_types.h.in is the project's own, not the
// system's libogg-dev.
func (r *repo) generatedHeader(h string) bool {
	if r.templates == nil { // the checkout does not change: list its templates once
		r.templates = map[string][]string{}
		for _, f := range r.files {
			for _, s := range headerTemplates {
				if t, ok := strings.CutSuffix(f.Path, s); ok {
					r.templates[path.Base(t)] = append(r.templates[path.Base(t)], t)
				}
			}
		}
	}
	for _, t := range r.templates[path.Base(h)] {
		if t == h || strings.HasSuffix(t, "/"+h) {
			return true
		}
	}
	return false
}

// includeDeps maps system headers the code includes and the repository
// does not ship to the packages that have them at exactly that path.
func (p *planner) includeDeps(ctx context.Context, source string, unresolved *[]string) error {
	if p.noIndex {
		return nil
	}
	incs, err := p.ix.UnresolvedIncludes(ctx)
	if err != nil {
		return fmt.Errorf("list unresolved includes: %w", err)
	}
	var suffixOnly []string
	var chosen []headerChoice
	var whys []Provenance
	for _, u := range incs {
		if !u.System && !debindex.HeaderOverridden(u.Header) { // "Python.h" is a system header too
			continue
		}
		at, ok := firstIncluder(u.Includers)
		if !ok || platformHeader(u.Header) || p.repo.generatedHeader(u.Header) {
			continue
		}
		cands := p.pkgs.Header(u.Header)
		c, ok := bestUsable(exact(cands))
		if !ok {
			if anyBase(cands) {
				continue // C++ standard headers live under c++/12/
			}
			if s, ok := bestUsable(cands); ok {
				suffixOnly = append(suffixOnly, fmt.Sprintf("<%s> (%s has %s)", u.Header, s, cands[0].Key))
			} else {
				*unresolved = append(*unresolved, fmt.Sprintf("<%s> (%s:%d)", u.Header, at.Path, at.Line))
			}
			continue
		}
		if isBasePackage(c) {
			continue
		}
		chosen = append(chosen, headerChoice{header: u.Header, pkg: c, ships: shipping(cands)})
		whys = append(whys, ev(source, at.Path, at.Line, ""))
	}
	for i, c := range oneVersion(chosen) {
		why := whys[i]
		why.Note = "#include <" + c.header + "> → " + c.pkg
		if err := p.addSysPackages(why, c.header, c.pkg); err != nil {
			return err
		}
	}
	if len(suffixOnly) > 0 {
		p.note("headers found only under another include directory, not installed: " + strings.Join(suffixOnly, ", "))
	}
	return nil
}

// platformHeader is a header of another operating system: not finding a
// Debian package for it is expected.
func platformHeader(h string) bool {
	l := strings.ToLower(h)
	for _, pre := range []string{"win", "windows", "mach/", "mach-o/", "libkern/", "corefoundation/", "coreservices/", "security/", "sys/sysctl.h",
		"sys/event.h", "sys/endian.h", "machine/", "os2", "io.h", "direct.h", "process.h", "conio.h", "malloc/malloc.h", "crtdbg.h",
		"tchar.h", "shlobj.h", "shlwapi.h", "wincrypt.h", "bcrypt.h", "ntsecapi.h", "iphlpapi.h", "ws2tcpip.h", "mswsock.h", "afunix.h",
		"availability", "targetconditionals.h", "sys/filio.h", "sys/devpoll.h", "port.h", "atomic.h", "sys/atomic.h", "zos", "vms",
		"dispatch/", "os/", "crt_externs.h", "libproc.h", "sys/cdefs.h", "netinet6/", "bsd/", "sanitizer/", "emscripten"} {
		if strings.HasPrefix(l, pre) {
			return true
		}
	}
	return false
}

// firstIncluder is the first includer outside helper directories.
func firstIncluder(locs []retrieval.Location) (retrieval.Location, bool) {
	for _, l := range locs {
		if !auxPath(l.Path) {
			return l, true
		}
	}
	return retrieval.Location{}, false
}

// addSysPackages installs C/C++ system packages in the base section.
func (p *planner) addSysPackages(why Provenance, label string, pkgs ...string) error {
	for _, pkg := range pkgs {
		if isBasePackage(pkg) || pkg == "" {
			continue
		}
		if why.Note == "" {
			why.Note = label + " → " + pkg
		}
		if err := p.install(Base, why, pkg); err != nil {
			return err
		}
	}
	return nil
}

// exact keeps candidates that matched the key exactly (not a header under
// another include directory).
func exact(c []debindex.Candidate) []debindex.Candidate {
	var out []debindex.Candidate
	for _, x := range c {
		if x.Via != debindex.ViaSuffix {
			out = append(out, x)
		}
	}
	return out
}

// bestUsable is the best candidate a native build can use.
func bestUsable(c []debindex.Candidate) (string, bool) {
	for _, x := range c {
		if !unlikelyPackage(x.Package) {
			if x.Metapackage != "" {
				return x.Metapackage, true
			}
			return x.Package, true
		}
	}
	return "", false
}

func pkgNames(c []debindex.Candidate) []string {
	out := make([]string, 0, len(c))
	for _, x := range c {
		out = append(out, x.Package)
	}
	return out
}

func dedupeStrings(in []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

// anyBase reports whether a base package is among the candidates.
func anyBase(c []debindex.Candidate) bool {
	for _, x := range c {
		if isBasePackage(x.Package) {
			return true
		}
	}
	return false
}

// fromChosenBuild reports whether a dependency was declared by the build
// system that builds the project (a CMake project's configure.ac checks
// are not run).
func (p *planner) fromChosenBuild(file string) bool {
	base := path.Base(file)
	switch p.cbuild {
	case "cmake":
		return base == "CMakeLists.txt" || strings.HasSuffix(base, ".cmake")
	case "meson":
		return base == "meson.build" || base == "meson_options.txt" || base == "meson.options"
	case "autotools":
		return base == "configure.ac" || base == "configure.in" || strings.HasSuffix(base, ".m4")
	}
	return false // make, or a Python extension: only the includes say what is needed
}

// boostComponent names the Debian package of a Boost component: its
// libboost-<c>-dev package when the suite has one, else the package
// shipping its library (unit_test_framework → libboost-test-dev), else
// all of Boost.
func (p *planner) boostComponent(c string) debindex.Candidate {
	name := "libboost-" + strings.ReplaceAll(strings.ToLower(c), "_", "-") + "-dev"
	if p.pkgs.KnowsPackages() && !p.pkgs.HasPackage(name) {
		if best, ok := bestUsable(p.pkgs.Library("boost_" + strings.ToLower(c))); ok {
			return debindex.Candidate{Package: best, Via: debindex.ViaOverride}
		}
		return debindex.Candidate{Package: "libboost-all-dev", Via: debindex.ViaOverride}
	}
	return debindex.Candidate{Package: name, Via: debindex.ViaOverride}
}
