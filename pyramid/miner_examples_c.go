package pyramid

import (
	"context"
	"fmt"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A C or C++ library's README often holds a whole program: `#include
// <msgpack.hpp>` … `int main()`. cExample compiles such a block against
// the checkout's headers and runs it — the real use of a header-only
// library (msgpack-cxx, rapidjson, nlohmann/json), which builds no
// program of its own. A library that must be linked is linked against
// the libraries its build produced when the example does not link alone.

// cCompilers are the compilers of the C-family code block languages.
var cCompilers = map[string]string{"c": "cc", "cpp": "c++", "c++": "c++", "cc": "c++", "cxx": "c++", "hpp": "c++"}

var (
	cMainRe    = regexp.MustCompile(`(?m)^\s*(?:int|auto)\s+main\s*\(`)
	cIncludeRe = regexp.MustCompile(`(?m)^\s*#\s*include\s*[<"]([^>"]+)[>"]`)
)

// cExample is the command that compiles and runs a README code block in
// language lang, or false when the block is not a whole program that
// includes one of the repository's own headers. The files it reads are
// its caller's to write (exampleInputs), from what the documents show.
func cExample(ctx context.Context, e *env, lang, code string, n int) (string, bool) {
	cc := cCompilers[strings.ToLower(lang)]
	if prog := cFunctionProgram(ctx, e, lang, code); prog != "" {
		code = prog // a README function of the API, called from a main
	}
	if cc == "" || !cMainRe.MatchString(code) || waitsRe.MatchString(code) || ellipsisLine.MatchString(code) {
		return "", false
	}
	var dirs []string
	for _, m := range cIncludeRe.FindAllStringSubmatch(code, -1) {
		if d, ok := includeDirOf(ctx, e, m[1]); ok && !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	if len(dirs) == 0 {
		return "", false
	}
	ext, bin := ".c", fmt.Sprintf("/tmp/heragent-example-%d", n)
	if cc == "c++" {
		ext = ".cc"
	}
	file := fmt.Sprintf(".heragent-example-%d%s", n, ext)
	if !strings.HasSuffix(code, "\n") {
		code += "\n"
	}
	flags := ""
	for _, d := range dirs {
		flags += " -I" + quoteArg(d)
	}
	compile := cc + " -o " + bin + " " + file + flags + " -pthread"
	link := "{ " + builtLibs + "; " + compile + linkBuilt + "; }"
	if srcs := linkableSources(ctx, e, cc); srcs != "" {
		// no library built: the library's own sources, as its users
		// compile them into their programs (mjson, tiny-regex-c)
		link = "{ " + builtLibs + "; " + compile + linkBuilt + " 2>/dev/null || " + compile + " " + srcs + " -lm; }"
	}
	if cc == "c++" && cLibrary(ctx, e) {
		// a C library's README fencing C as c++ (STC's): compiled as C
		// when C++ refuses it ($L and $R are link's; -x none: the
		// libraries are no C)
		link += " || cc -o " + bin + " -x c " + file + " -x none" + flags + " -pthread" + linkBuilt
	}
	return "printf '%s' " + quoteArg(code) + " > " + file + " && { " + compile + " 2>/dev/null || " + link + "; } && " + runFrom(e, code) + `timeout 60 ` + bin, true
}

// cLibrary reports a library written in C: C sources, and C++ sources
// (a comparison example's) for at most one in ten of them.
func cLibrary(ctx context.Context, e *env) bool {
	files, err := e.ix.FindFiles(ctx, retrieval.FileQuery{})
	if err != nil {
		return false
	}
	c, cxx := 0, 0
	for _, f := range files {
		switch sourceCompiler(f.Path) {
		case "cc":
			c++
		case "c++":
			cxx++
		}
	}
	return c > 0 && cxx*10 <= c
}

// linkableSources are the library's own sources an example of compiler
// cc can be compiled with (quoted, space-separated): those of its
// language that define no main; "" when there are none or too many.
func linkableSources(ctx context.Context, e *env, cc string) string {
	files, err := e.ix.FindFiles(ctx, retrieval.FileQuery{})
	if err != nil {
		return ""
	}
	var out []string
	for _, p := range librarySources(ctx, e, files) {
		if sourceCompiler(p) != cc {
			continue
		}
		if src, err := e.ix.ReadFile(ctx, p, 0, 0, true); err != nil || cMainRe.MatchString(src) {
			continue
		}
		out = append(out, quoteArg(p))
	}
	if len(out) > maxCompiledSources {
		return ""
	}
	return strings.Join(out, " ")
}

// upPathRe is a quoted path that climbs out of the directory it is read
// from: "../examples/test.ini".
var upPathRe = regexp.MustCompile(`"\.\./([\w.-]+)/([\w./-]+)"`)

// runFrom is where an example runs that reads "../examples/test.ini": a
// directory one level down, so the path lands in the checkout (inih's
// README program); "" (the repository root) otherwise.
func runFrom(e *env, code string) string {
	for _, m := range upPathRe.FindAllStringSubmatch(code, -1) {
		if e.fileExists(m[1] + "/" + m[2]) {
			return "cd " + quoteArg(m[1]) + " && "
		}
	}
	return ""
}

// builtLibs sets L to the libraries the build produced (static and
// shared, by path; not meson's private lib*.so.0.p/ directories; the
// objects of a library without a build system, which sourcesCompile
// leaves in build/objects: hashmap.c's) and R to the run paths of the shared ones: an example
// that calls the library (not only its inline headers) links against
// them when it does not link alone; and D to the libraries libtool says
// a static one needs after it (a .la's dependency_libs: LibRaw's
// libraw.a calls libjpeg and zlib); and X to -lstdc++ when a static one
// is C++ code (undefined symbols of its own that are mangled, _Z…): a C
// example links it with cc, which does not link the C++ runtime
// (LibRaw's C samples and libraw.a: "undefined reference to `operator
// delete(void*)'"); a shared library names the runtime itself.
const builtLibs = `L=$(find . -type f \( -name 'lib*.a' -o -name 'lib*.so' -o -name 'lib*.so.[0-9]*' -o -path './build/objects/*.o' \) ! -name '*.symbols' ! -path './.git/*' ! -path '*/CMakeFiles/*' ! -path '*.p/*' | sort); ` +
	`R=$(for l in $L; do case $l in *.so*) printf -- '-Wl,-rpath,%s ' "$PWD/${l%/*}";; esac; done); ` +
	`D=$(sed -n "s/^dependency_libs='\(.*\)'$/\1/p" $(find . -name 'lib*.la' ! -path './.git/*') /dev/null 2>/dev/null | grep -oE '(^| )-l[^ ]+' | sort -u | tr '\n' ' '); ` +
	`X=$(for l in $L; do case $l in *.a) if nm "$l" 2>/dev/null | grep ' U _Z' >/dev/null; then echo -lstdc++; break; fi;; esac; done)`

// linkBuilt links a compile with the libraries builtLibs found, then the
// math library: a static library's objects may call pow (json-parser's
// libjsonparser.a: "undefined reference to `pow'"), and nothing names -lm
// after it otherwise; and OpenMP's runtime, which a library built with
// -fopenmp calls (fann's libdoublefann.a, LibRaw's libraw.a: "undefined
// reference to `GOMP_barrier'") and gcc links only when asked.
const linkBuilt = ` -Wl,--start-group $L -Wl,--end-group $R $D $X -lm -fopenmp`

// includeDirOf is the -I directory from which the repository's own header
// operand (<nlohmann/json.hpp>, "cJSON.h") resolves: an include/ directory
// first, then the shallowest; false for a header the repository lacks
// (a system header) or has only in tests, examples or dependencies.
func includeDirOf(ctx context.Context, e *env, operand string) (string, bool) {
	fs, err := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: "**/" + operand})
	if err != nil || len(fs) == 0 {
		fs, err = e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: operand})
	}
	if err != nil {
		return "", false
	}
	var dirs []string
	for _, f := range fs {
		if !strings.HasSuffix(f.Path, "/"+operand) && f.Path != operand {
			continue
		}
		d := path.Clean(strings.TrimSuffix(strings.TrimSuffix(f.Path, operand), "/"))
		if d == "" {
			d = "."
		}
		if !notHeaderDir.MatchString(d) {
			dirs = append(dirs, d)
		}
	}
	return bestIncludeDir(dirs)
}

// bestIncludeDir is the -I directory of those an operand resolves from:
// an include/ directory first, then the shallowest; false for none.
func bestIncludeDir(dirs []string) (string, bool) {
	if len(dirs) == 0 {
		return "", false
	}
	sort.SliceStable(dirs, func(i, j int) bool {
		ii, ij := path.Base(dirs[i]) == "include", path.Base(dirs[j]) == "include"
		if ii != ij {
			return ii
		}
		return strings.Count(dirs[i], "/") < strings.Count(dirs[j], "/")
	})
	return dirs[0], true
}
