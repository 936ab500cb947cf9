package pyramid

import (
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
)

// A C or C++ library whose build leaves nothing to run — a header-only
// library (function2.hpp), one whose Makefile builds only its test
// (smaz.h beside smaz_test) — and that has no version function, no object
// API and no example gets what a Python library gets from its import: the
// last resort. IncludeProbe compiles a program that includes the library's
// own header, the one named as the project (else its only public header),
// with the build's generated headers on the include path, and runs it: it
// proves the header builds against the toolchain the Bash File set up, not
// that the library works — graded last_resort, tried after every other
// Runnable command.

// cxxOnlyRe is what only a C++ header has: a standard header without .h
// (cityhash's <utility>), a name of std.
var cxxOnlyRe = regexp.MustCompile(`(?m)^\s*#\s*include\s*<[a-z_]+>|\bstd::`)

// includeProbeExts are the extensions of a library's public header.
var includeProbeExts = map[string]bool{".h": true, ".hpp": true, ".hh": true, ".hxx": true}

// includeProbeDirs are where a library keeps its public headers.
var includeProbeDirs = regexp.MustCompile(`^(?:(?:include|src|lib|single_include)(?:/[\w.+-]+)?|[\w.+-]+)?$`)

// IncludeProbe is the last-resort Runnable command compiling a program
// that includes the library's header, nil when none is the library's.
// gen are the headers the build generated (their directories go on the
// include path); repoName ranks a header named as the project first.
func IncludeProbe(repo fs.FS, gen []string, repoName string) []Command {
	return FindLibraryHeader(repo, repoName).Probe(gen)
}

// LibraryHeader is the library's public header and whether only C++
// compiles it; Path "" when the checkout has none that is the library's.
type LibraryHeader struct {
	Path string
	Cxx  bool
	// ByDir: it includes its siblings through its directory's name
	// (tau/tau.h: #include <tau/types.h>), so the include path is that
	// directory's parent
	ByDir bool
	// Std is the project's C++ standard flag when newer than the
	// compiler's default (ProjectCxxStd)
	Std string
}

// FindLibraryHeader reads the checkout for the library's header
// (libraryHeader) and its language, once a run: the checkout does not
// change.
func FindLibraryHeader(repo fs.FS, repoName string) LibraryHeader {
	header := libraryHeader(repo, repoName)
	if header == "" {
		return LibraryHeader{}
	}
	b, err := fs.ReadFile(repo, header)
	if err != nil {
		return LibraryHeader{}
	}
	text := cCommentRe.ReplaceAllString(string(b), " ")
	byDir := false
	if d := path.Dir(header); d != "." && !strings.Contains("/"+d, "/include") {
		for _, m := range cIncludeRe.FindAllStringSubmatch(text, -1) {
			byDir = byDir || strings.HasPrefix(m[1], path.Base(d)+"/")
		}
	}
	h := LibraryHeader{Path: header, Cxx: path.Ext(header) != ".h" || objectCxxRe.MatchString(text) || cxxOnlyRe.MatchString(text), ByDir: byDir}
	if h.Cxx {
		h.Std = ProjectCxxStd(repo)
	}
	return h
}

// Probe is IncludeProbe's command for h, with gen's directories on the
// include path; nil without a header.
func (h LibraryHeader) Probe(gen []string) []Command {
	if h.Path == "" {
		return nil
	}
	dir, include := includeOf(h.Path)
	if h.ByDir {
		dir, include = path.Dir(path.Dir(h.Path)), "<"+path.Base(path.Dir(h.Path))+"/"+path.Base(h.Path)+">"
	}
	flags := "-I" + quoteArg(dir)
	for _, d := range genIncludeDirs(gen) {
		if d != dir {
			flags += " -I" + quoteArg(d)
		}
	}
	src, compiler, file := []string{"#include <stdio.h>"}, "cc", "/tmp/heragent-include.c"
	if h.Cxx {
		src, compiler, file = []string{"#include <cstdio>"}, "c++", "/tmp/heragent-include.cpp"
	}
	src = append(src, "#include "+include, "int main(void) {", `  puts("`+path.Base(h.Path)+`: included and compiled");`, "  return 0;", "}")
	build := compiler + " -o /tmp/heragent-include " + file + " " + flags
	if h.Cxx && h.Std != "" {
		// the default standard first; the project's newer one when it
		// refuses (entt's concepts need the C++20 its CMakeLists asks)
		build = "{ " + build + " 2>/dev/null || " + compiler + " " + h.Std + " -o /tmp/heragent-include " + file + " " + flags + "; }"
	}
	text := "printf '%s\\n' " + shellQuoteAll(src) + " > " + file + " && " + build + " && /tmp/heragent-include"
	return []Command{{Text: text, Bucket: Entry, Level: Runnable, Synth: true, Expect: []string{"included and compiled"},
		Reason: "last resort: compiles a program that includes the library's header " + h.Path + " (proves it builds against it, not that it works)",
		Why:    []Provenance{{Source: "header", File: h.Path, Note: "the library's own header"}, {Source: "synthesized", Note: "nothing the build made runs, no example, version function or object API"}}}}
}

// libraryHeader is the library's public header: the one whose name is the
// project's (smaz.h, function2.hpp, mpack.h; the checkout's directory
// name may carry its owner: antirez-smaz), else the one named as the
// name's start (cityhash's city.h), else the only header of the top,
// include/, src/ or lib/; "" when none.
func libraryHeader(repo fs.FS, repoName string) string {
	name := projectName(repoName)
	var all []string
	walkHeaderFiles(repo, publicHeader, func(p string) { all = append(all, p) })
	sort.Slice(all, func(i, j int) bool { // the shallowest first
		if a, b := strings.Count(all[i], "/"), strings.Count(all[j], "/"); a != b {
			return a < b
		}
		return all[i] < all[j]
	})
	short := name[strings.LastIndex(name, "-")+1:] // the repository's name without its owner
	for _, p := range all {
		if namedAsProject(p, name) {
			return p
		}
	}
	for _, p := range all { // the name's first word: cityhash's city.h
		if stem := headerStem(p); len(stem) >= 3 && short != "" && strings.HasPrefix(short, stem) {
			return p
		}
	}
	if len(all) == 1 {
		return all[0]
	}
	return ""
}

// GeneratedLibraryHeader is the library's header among the headers its
// build generated (gen, relative to the checkout) when the checkout has
// none of its own: jemalloc's configure writes include/jemalloc/jemalloc.h
// from templates, so the checkout holds no header named as the project.
// Only one named as the project (or the repository without its owner)
// counts, in a public header directory; it is C++ when its extension
// says so.
func GeneratedLibraryHeader(gen []string, repoName string) LibraryHeader {
	name := projectName(repoName)
	for _, p := range gen {
		if publicHeader(p) && namedAsProject(p, name) {
			return LibraryHeader{Path: p, Cxx: path.Ext(p) != ".h"}
		}
	}
	return LibraryHeader{}
}

// publicHeader reports whether p is a header of a library's public API:
// a header (or a C++ library's extensionless one in include/: GSL's
// include/gsl/gsl) in a public header directory, not a test's, an
// internal one or a dependency's.
func publicHeader(p string) bool {
	ext := includeProbeExts[path.Ext(p)] || path.Ext(p) == "" && strings.HasPrefix(p, "include/")
	return ext && includeProbeDirs.MatchString(path.Dir(strings.TrimPrefix(p, "./"))) &&
		!objectSkipDir.MatchString(path.Dir(p)) && !depHeaderDir.MatchString(p) && !strings.ContainsAny(p, " '\"$`\\")
}

// headerStem is a header's name without its extension and a lib prefix,
// lowercased: libssh2.h is ssh2.
func headerStem(p string) string {
	return strings.TrimPrefix(strings.ToLower(strings.TrimSuffix(path.Base(p), path.Ext(p))), "lib")
}

// namedAsProject reports whether header p is named as the project name
// (a projectName), or as the repository's name without its owner.
func namedAsProject(p, name string) bool {
	stem := headerStem(p)
	return name != "" && (stem == name || stem == name[strings.LastIndex(name, "-")+1:])
}
