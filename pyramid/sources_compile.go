package pyramid

import (
	"context"
	"path"
	"slices"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A C library without a build system of its own — its sources at the top
// or in src/, its tests built by a Makefile of their own (mjson's
// test/Makefile, klib's test/Makefile, rxi/vec's test/build_test.py) — is
// used by compiling its sources into the user's program. sourcesCompile
// is that build: each source of the library compiled to an object in
// build/objects with the system compiler, its directories on the include
// path. When it passes it joins the Bash File's build section (the loops
// adopt it), so the exports compile the library too.

// maxCompiledSources bounds the library: more files without a build
// system is a project whose build the pyramid does not know.
const maxCompiledSources = 40

// librarySourceDirs are where a library without a build system keeps its
// sources.
var librarySourceDirs = []string{".", "src", "lib"}

// librarySources are the C and C++ sources of the library's own
// directories (librarySourceDirs, the one named after the project), none
// of tests, examples or programs; without any there, those of the one
// directory below src/ or lib/ that holds them all (mpack's src/mpack).
func librarySources(ctx context.Context, e *env, files []retrieval.FileInfo) []string {
	dirs := append(slices.Clone(librarySourceDirs), e.ix.ProjectName(ctx))
	var srcs []string
	below := map[string][]string{} // src/x, lib/x → its sources
	for _, f := range files {
		if f.Kind != "source" || sourceCompiler(f.Path) == "" {
			continue
		}
		d := path.Dir(f.Path)
		if slices.Contains(dirs, d) {
			srcs = append(srcs, f.Path)
		} else if top, _, _ := strings.Cut(d, "/"); (top == "src" || top == "lib") && strings.Count(d, "/") == 1 {
			below[d] = append(below[d], f.Path)
		}
	}
	if len(srcs) == 0 && len(below) == 1 {
		for _, ss := range below {
			return ss
		}
	}
	return srcs
}

// sourceCompiler is the compiler of a C or C++ source, "" for others.
func sourceCompiler(p string) string {
	switch path.Ext(p) {
	case ".c":
		return "cc"
	case ".cc", ".cpp", ".cxx":
		return "c++"
	}
	return ""
}

// sourcesCompile is the Build command compiling the library's sources;
// nil when there are none or too many.
func sourcesCompile(ctx context.Context, e *env, files []retrieval.FileInfo) []Command {
	var srcs, incs []string
	lib := librarySources(ctx, e, files)
	if len(lib) == 0 {
		return headersCompile(ctx, e, files)
	}
	for _, p := range lib {
		d := path.Dir(p)
		srcs = append(srcs, sourceCompiler(p)+" -c -I"+quoteArg(d)+" "+quoteArg(p)+" -o "+quoteArg(objectPath(p)))
		if !slices.Contains(incs, d) {
			incs = append(incs, d)
		}
	}
	if len(srcs) == 0 || len(srcs) > maxCompiledSources {
		return nil
	}
	build := Command{Text: "mkdir -p build/objects && " + strings.Join(srcs, " && "), Bucket: Build,
		Reason: "compiles the library's sources (no build system: its users compile them into their programs)",
		Why:    []Provenance{{Source: "convention", File: path.Join(incs[0], "."), Note: "C/C++ sources without a build system"}}}
	return append([]Command{build}, ownTestPrograms(ctx, e, files, lib, nil)...)
}

// objectPath is where sourcesCompile leaves the object of the source p.
func objectPath(p string) string { return "build/objects/" + strings.ReplaceAll(p, "/", "_") + ".o" }
