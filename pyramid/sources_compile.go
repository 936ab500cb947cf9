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

// sourcesCompile is the Build command compiling the library's sources;
// nil when there are none or too many.
func sourcesCompile(ctx context.Context, e *env, files []retrieval.FileInfo) []Command {
	dirs := append(slices.Clone(librarySourceDirs), e.ix.ProjectName(ctx))
	var srcs, incs []string
	for _, f := range files {
		d := path.Dir(f.Path)
		if f.Kind != "source" || !slices.Contains(dirs, d) {
			continue
		}
		compiler := ""
		switch path.Ext(f.Path) {
		case ".c":
			compiler = "cc"
		case ".cc", ".cpp", ".cxx":
			compiler = "c++"
		default:
			continue
		}
		srcs = append(srcs, compiler+" -c -I"+quoteArg(d)+" "+quoteArg(f.Path)+" -o "+quoteArg("build/objects/"+strings.ReplaceAll(strings.TrimPrefix(f.Path, "./"), "/", "_")+".o"))
		if !slices.Contains(incs, d) {
			incs = append(incs, d)
		}
	}
	if len(srcs) == 0 || len(srcs) > maxCompiledSources {
		return nil
	}
	return []Command{{Text: "mkdir -p build/objects && " + strings.Join(srcs, " && "), Bucket: Build,
		Reason: "compiles the library's sources (no build system: its users compile them into their programs)",
		Why:    []Provenance{{Source: "convention", File: path.Join(incs[0], "."), Note: "C/C++ sources without a build system"}}}}
}
