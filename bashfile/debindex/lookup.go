package debindex

import (
	"path"
	"strings"
)

// Lookup dispatches to the query for kind. KindPyPI goes through
// PyPIDistribution and KindSharedLib through Library.
func (ix *Index) Lookup(k Kind, name string) []Candidate {
	switch k {
	case KindHeader:
		return ix.Header(name)
	case KindPkgConfig:
		return ix.PkgConfig(name)
	case KindLibrary, KindSharedLib:
		return ix.Library(name)
	case KindExecutable:
		return ix.Executable(name)
	case KindCMake:
		return ix.CMakePackage(name)
	case KindPython:
		return ix.PythonModule(name)
	case KindPyPI:
		return ix.PyPIDistribution(name)
	case KindNode:
		return ix.NodeModule(name)
	case KindPerl:
		return ix.PerlModule(name)
	}
	return nil
}

// PerlModule finds the packages providing a Perl module: "XML::Parser"
// (also written as its file, "XML/Parser.pm").
func (ix *Index) PerlModule(name string) []Candidate {
	name = strings.ReplaceAll(strings.TrimSuffix(strings.TrimSpace(name), ".pm"), "/", "::")
	return ix.lookup(KindPerl, name)
}

// Header finds the packages providing an include path as written in
// #include <...>: "zlib.h", "openssl/ssl.h", "/usr/include/zlib.h". When
// no file sits at exactly that path under usr/include, headers that end in
// "/<path>" are returned instead (glib.h → glib-2.0/glib.h), ranked with
// the exact-path rules.
func (ix *Index) Header(name string) []Candidate {
	key := headerKey(name)
	if key == "" {
		return nil
	}
	if o := headerOverrides[key]; o != nil {
		return dedupe(append(ix.overridden(o, key), ix.contentsHeader(key)...))
	}
	return ix.contentsHeader(key)
}

// headerKey is an include path as the index keys it: no <> or quotes, no
// /usr/include/ or multiarch directory in front.
func headerKey(name string) string {
	key := strings.TrimSpace(name)
	key = strings.Trim(key, "<>\"")
	key = strings.TrimPrefix(key, "/")
	key = strings.TrimPrefix(key, "usr/include/")
	if first, rest, ok := strings.Cut(key, "/"); ok && isMultiarch(first) {
		key = rest
	}
	return key
}

// contentsHeader finds a header in Contents: the exact path, else a
// suffix under another include directory.
func (ix *Index) contentsHeader(key string) []Candidate {
	if c := ix.lookup(KindHeader, key); len(c) > 0 {
		return c
	}
	suffix := "/" + key
	var out []Candidate
	for _, line := range ix.tables[KindHeader] {
		k := lineKey(line)
		if strings.HasSuffix(k, suffix) {
			out = append(out, ix.candidates(KindHeader, k, ViaSuffix, lineIDs(line))...)
		}
	}
	rank(KindHeader, key, out)
	out = dedupe(out)
	if len(out) > maxSuffixCandidates {
		out = out[:maxSuffixCandidates]
	}
	return out
}

// maxSuffixCandidates bounds suffix matches: a generic name such as
// "config.h" sits in hundreds of packages' subdirectories, and past the
// first few the ranking says nothing.
const maxSuffixCandidates = 20

// PkgConfig finds the packages shipping <module>.pc. It accepts "libevent",
// "libevent.pc" and "glib-2.0 >= 2.56".
func (ix *Index) PkgConfig(module string) []Candidate {
	m := strings.TrimSpace(module)
	if i := strings.IndexAny(m, " \t<>=!"); i >= 0 {
		m = m[:i]
	}
	m = strings.TrimSuffix(path.Base(m), ".pc")
	if m == "" || m == "." {
		return nil
	}
	return ix.lookup(KindPkgConfig, m)
}

// Library finds the packages providing a library. It accepts a link name
// ("ssl", "-lssl"), a file name ("libssl.so", "libssl.a", "libssl") or a
// versioned shared object ("libssl.so.3", as in the dynamic loader's
// "error while loading shared libraries"), which maps to the runtime
// package and then falls back to the link name's -dev package.
func (ix *Index) Library(name string) []Candidate {
	if strings.HasPrefix(name, "/usr/lib/llvm-") { // a clang runtime, by its path
		return ix.lookup(KindLibrary, path.Clean(name))
	}
	n := path.Base(strings.TrimSpace(name))
	n = strings.TrimPrefix(n, "-l")
	if strings.Contains(n, ".so.") {
		if c := ix.lookup(KindSharedLib, n); len(c) > 0 {
			return c
		}
		n = n[:strings.Index(n, ".so.")]
	}
	if strings.HasPrefix(n, "lib") && (strings.HasSuffix(n, ".so") || strings.HasSuffix(n, ".a") || !strings.Contains(n, ".")) {
		if base := strings.TrimSuffix(strings.TrimSuffix(n[3:], ".so"), ".a"); base != "" {
			if c := ix.lookup(KindLibrary, base); len(c) > 0 || strings.Contains(name, ".") {
				return c
			}
		}
	}
	return ix.lookup(KindLibrary, n)
}

// Executable finds the packages shipping a command in a bin directory,
// after the override list for commands Contents cannot show (those set up
// by update-alternatives, such as cc and java).
func (ix *Index) Executable(name string) []Candidate {
	n := path.Base(strings.TrimSpace(name))
	if n == "" || n == "." || n == "/" {
		return nil
	}
	out := ix.overridden(executableOverrides[n], n)
	return dedupe(append(out, ix.fullPackages(ix.lookup(KindExecutable, n))...))
}

// fullPackages puts X for the X-minimal that ships an interpreter
// (python3-minimal's python3, without most of its standard library:
// difflib, multiprocessing), when the suite has X: a program that
// needs the interpreter means the language, not its boot subset.
func (ix *Index) fullPackages(c []Candidate) []Candidate {
	for i := range c {
		if full, ok := strings.CutSuffix(c[i].Package, "-minimal"); ok && ix.HasPackage(full) {
			c[i].Package = full
		}
	}
	return c
}

// CMakePackage answers find_package(<name>): CMake's own Find modules come
// from the override list, then <name>Config.cmake / <name>-config.cmake
// files anywhere under usr (matched case-insensitively).
func (ix *Index) CMakePackage(name string) []Candidate {
	key := strings.ToLower(strings.TrimSpace(name))
	if key == "" {
		return nil
	}
	out := ix.overridden(cmakeFindModules[key], key)
	return dedupe(append(out, ix.lookup(KindCMake, key)...))
}

// PythonModule finds the packages providing an import name such as "yaml",
// "PIL" or "google.protobuf"; a dotted name falls back to its parents.
func (ix *Index) PythonModule(importName string) []Candidate {
	mod := strings.TrimSpace(importName)
	for mod != "" {
		if c := ix.lookup(KindPython, mod); len(c) > 0 {
			return c
		}
		i := strings.LastIndexByte(mod, '.')
		if i < 0 {
			break
		}
		mod = mod[:i]
	}
	return nil
}

// PyPIDistribution maps a PyPI distribution name ("PyYAML",
// "scikit-learn", "opencv-python") to Debian packages: the override list,
// then the *.egg-info / *.dist-info names Debian ships, then a package
// named python3-<normalised name>, then the distribution name taken as an
// import name.
func (ix *Index) PyPIDistribution(distName string) []Candidate {
	d := distName
	if i := strings.IndexAny(d, " \t<>=!~;[("); i >= 0 {
		d = d[:i]
	}
	n := NormalizeDist(d)
	if n == "" {
		return nil
	}
	out := ix.overridden(pypiOverrides[n], n)
	out = append(out, ix.lookup(KindPyPI, n)...)
	if len(out) == 0 {
		if p := "python3-" + n; ix.HasPackage(p) {
			out = append(out, Candidate{Package: p, Section: ix.pkgSection(p), Key: n, Via: ViaPackage})
		}
	}
	if len(out) == 0 {
		out = ix.PythonModule(strings.ReplaceAll(n, "-", "_"))
	}
	return dedupe(out)
}

// NodeModule finds Debian's node-* package shipping a module in
// usr/share/nodejs.
func (ix *Index) NodeModule(name string) []Candidate {
	return ix.lookup(KindNode, strings.TrimSpace(name))
}

// overridden turns override package names into candidates, in their
// listed order, ahead of anything derived from Contents.
func (ix *Index) overridden(pkgs []string, key string) []Candidate {
	out := make([]Candidate, 0, len(pkgs))
	for i, p := range pkgs {
		out = append(out, Candidate{Package: p, Section: ix.pkgSection(p), Key: key, Via: ViaOverride, Score: 1000 - i})
	}
	return out
}

// dedupe keeps the first candidate per package.
func dedupe(c []Candidate) []Candidate {
	seen := map[string]bool{}
	out := c[:0]
	for _, x := range c {
		if !seen[x.Package] {
			seen[x.Package] = true
			out = append(out, x)
		}
	}
	return out
}
