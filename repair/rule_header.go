package repair

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// missingHeader: the C/C++ preprocessor could not find an #include.
type missingHeader struct{}

var headerMatches = []match{
	// gcc: main.c:1:10: fatal error: zlib.h: No such file or directory
	{MissingHeader, regexp.MustCompile(`fatal error: ([^:\s]+\.(?:h|hh|hpp|hxx|H|inc|tcc)|[\w./+-]+): No such file or directory`)},
	// clang: fatal error: 'zlib.h' file not found
	{MissingHeader, regexp.MustCompile(`fatal error: '([^']+)' file not found`)},
}

func (missingHeader) Name() string { return "missing-header" }

func (missingHeader) Diagnose(f Failure) []Diagnosis {
	ds := scan(f.Log, headerMatches, nil)
	out := ds[:0]
	for _, d := range ds {
		// cc1: fatal error: foo.c: No such file or directory is a missing
		// source file, not a header.
		if !sourceFileRe.MatchString(d.Subject) && !strings.HasPrefix(d.Subject, "/") {
			out = append(out, d)
		}
	}
	return out
}

var sourceFileRe = regexp.MustCompile(`\.(?:c|cc|cpp|cxx|c\+\+|C|s|S|o|m|mm|i|ii)$`)

func (r missingHeader) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != MissingHeader {
		return Proposal{}, false
	}
	cands := lookup(ctx, func(i PackageIndex) []string { return i.Header(d.Subject) }, nil)
	// A package that ships the header in a subdirectory of /usr/include
	// (doctest-dev: doctest/doctest.h for #include "doctest.h", which the
	// project finds in its own unfetched submodule): the directory goes
	// on the compiler's search path too, in the same repair.
	hd, _ := ctx.Index.(HeaderDirIndex)
	text := projectBuildText(ctx) // read once: both checks look for the library's directory in it
	cands = namedHeaderDirFirst(hd, text, d.Subject, cands)
	cands = slices.DeleteFunc(slices.Clone(cands), func(pkg string) bool { return !plausibleHeaderDir(hd, text, d.Subject, pkg) })
	cpath := func(pkg string) (bashfile.Edit, string) {
		if hd == nil {
			return bashfile.Edit{}, ""
		}
		dir := hd.HeaderDir(d.Subject, pkg)
		if dir == "" || ctx.File != nil && ctx.File.Contains("persist_env CPATH \""+dir) {
			return bashfile.Edit{}, ""
		}
		return bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: "persist_env CPATH \"" + dir + pkgConfigIncludes(pkg) + "${CPATH:+:$CPATH}\"", Why: why(r, d)}, dir
	}
	for _, pkg := range cands {
		if e, dir := cpath(pkg); dir != "" && ctx.hasPackage(pkg) {
			return edit(d, pkg+" ships "+d.Subject+" under "+dir+", which the compiler does not search: CPATH", e), true
		}
	}
	p := addPackage(r, d, ctx, cands)
	if p.Action == ActionNone {
		if tp, ok := r.testsWithout(d, ctx, p.Reason); ok {
			return tp, true
		}
	}
	if p.Action == ActionEdit && len(p.Edits) == 1 && len(p.Edits[0].Packages) > 0 {
		if e, dir := cpath(p.Edits[0].Packages[0]); dir != "" {
			p.Edits = append(p.Edits, e)
			p.Reason += "; " + dir + " on the compiler's search path (CPATH)"
		}
	}
	return p, true
}

// namedHeaderDirFirst: a header name many libraries share (json.h is
// json-c's, json-parser's, cpprest's …) is the one of the library whose
// include directory the project's build files or README name:
// json-builder's CMakeLists.txt adds -I../json-parser, so json-parser's
// json.h (libjsonparser-dev), not json-c's. That candidate moves ahead
// when exactly one is named; else the order stands.
func namedHeaderDirFirst(hd HeaderDirIndex, text, header string, cands []string) []string {
	if len(cands) < 2 || hd == nil {
		return cands
	}
	// a directory named as the header itself (jsoncpp's json/json.h)
	// names no library: every document about JSON says "json"
	stem := strings.TrimSuffix(path.Base(header), path.Ext(header))
	named := -1
	for i, pkg := range cands {
		dir := hd.HeaderDir(header, pkg)
		base := dir[strings.LastIndex(dir, "/")+1:]
		if dir == "" || len(base) < 3 || base == stem || !namesWord(text, base) {
			continue
		}
		if named >= 0 {
			return cands // two named: no choice made here
		}
		named = i
	}
	if named <= 0 {
		return cands
	}
	return append([]string{cands[named]}, append(slices.Clone(cands[:named]), cands[named+1:]...)...)
}

// projectBuildText is the project's top build files and README, where it
// names the libraries it builds with.
func projectBuildText(ctx *Context) string {
	var text strings.Builder
	for _, f := range []string{"CMakeLists.txt", "Makefile", "meson.build", "configure.ac", "README.md", "README"} {
		text.WriteString(ctx.readRepo(f))
		text.WriteByte('\n')
	}
	return text.String()
}

// namesWord reports text naming word as a word of its own.
func namesWord(text, word string) bool {
	return regexp.MustCompile(`(?:^|[^\w-])` + regexp.QuoteMeta(word) + `(?:[^\w-]|$)`).MatchString(text)
}

// plausibleHeaderDir reports whether pkg can be the header's package. One
// that ships it under a subdirectory of the search path the compiler does
// not look in (CPATH would have to name it) is only when the directory is
// named after the header (doctest/doctest.h for "doctest.h", lua5.4/lua.h
// for "lua.h") or the project names the directory: "collections.h" of winpr2's
// /usr/include/winpr2/winpr is no header of ape's tests, which ape's own
// split script writes, and each such guess compiled the next failure
// against an unrelated library's headers.
func plausibleHeaderDir(hd HeaderDirIndex, text, header, pkg string) bool {
	if hd == nil {
		return true
	}
	dir := hd.HeaderDir(header, pkg)
	if dir == "" {
		return true
	}
	base := dir[strings.LastIndex(dir, "/")+1:]
	stem := strings.TrimSuffix(path.Base(header), path.Ext(header))
	return strings.HasPrefix(strings.ToLower(base), strings.ToLower(stem)) || len(base) >= 3 && namesWord(text, base)
}

// pkgConfigIncludes is the shell that lists, after a colon each, the
// include directories of the pkg-config modules pkg ships, as its users
// compile with them: glib.h sits in /usr/include/glib-2.0, but what it
// includes, glibconfig.h, in /usr/lib/x86_64-linux-gnu/glib-2.0/include,
// which only glib-2.0.pc names (jsonrpc-glib's header, compiled alone:
// "glibconfig.h: No such file or directory"). Empty when it ships none.
func pkgConfigIncludes(pkg string) string {
	return `$(pkg-config --cflags-only-I $(dpkg -L ` + bashfile.ShellQuote(pkg) + ` 2>/dev/null | sed -n 's|.*/pkgconfig/\([^/]*\)\.pc$|\1|p') 2>/dev/null | sed 's/^ *-I/:/; s/ *-I/:/g; s/ *$//')`
}
