package pyramid

import (
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A library's real use is a program that links it and calls it. For a C
// library whose build produced lib<name>.so or .a and whose public header
// declares a version function (uv_version_string, event_get_version,
// zlibVersion, ZSTD_versionString…), LinkProbes writes such a consumer,
// compiles it against the built library and runs it: stronger evidence
// than --version on a test helper, and the one Runnable proof for
// libraries whose only programs are servers or test runners.

// VersionFunc is a version function a header declares.
type VersionFunc struct {
	Header string // slash path relative to the repository
	Name   string
	String bool // returns a C string (else an integer)
	// Umbrella is the project's main header beside Header's include root
	// (include/msgpack.h for include/msgpack/version.h), when there is
	// one: a part header may need what the umbrella defines first.
	Umbrella string
	// Generated: Header is made by the build from a template (libffi's
	// include/ffi.h.in, libsodium's version.h.in, nettle's version.h.in:
	// configure_file, AC_CONFIG_FILES); the consumer includes the copy
	// the build wrote, wherever that is (a build or host-triplet tree).
	Generated bool
	// Namespace is the C++ namespace the declaration lies in (gflags'
	// VersionString in namespace GFLAGS_NAMESPACE): the consumer is a C++
	// program calling Namespace::Name. "" for a C function.
	Namespace string
	// StdString: it returns a std::string (google-benchmark's
	// GetBenchmarkVersion), printed through c_str().
	StdString bool
	// Guarded: Header refuses to be included before Umbrella (its #error
	// guard), so no consumer includes it alone.
	Guarded bool
	// Defines are the macros (NAME=VALUE) the headers' #error guards ask
	// a consumer to define: libfuse's FUSE_USE_VERSION.
	Defines []string
	// Arg is what the call passes: "" for none, 0 or NULL for a
	// required version that asks nothing.
	Arg string
}

// noRequirement is the argument asking a version function with a
// required-version parameter (m[3], its type) for no particular one.
func noRequirement(m []string) string {
	switch {
	case len(m) < 4 || m[3] == "":
		return ""
	case m[3] == "int":
		return "0"
	}
	return "NULL"
}

// namespaceRe opens a C++ namespace: "namespace gflags {".
var namespaceRe = regexp.MustCompile(`^namespace\s+([A-Za-z_][\w:]*)\s*\{`)

// namespaceAt is the C++ namespace open at offset at of a header's text
// (nested ones joined by ::), "" outside any; braces in comments and
// strings are not told apart (headers rarely have them there).
func namespaceAt(text string, at int) string {
	type open struct {
		name  string
		depth int
	}
	var stack []open
	depth := 0
	for i := 0; i < at && i < len(text); i++ {
		switch text[i] {
		case 'n':
			if m := namespaceRe.FindStringSubmatch(text[i:min(len(text), i+200)]); m != nil && (i == 0 || !isIdentByte(text[i-1])) {
				depth++
				stack = append(stack, open{m[1], depth})
				i += len(m[0]) - 1
			}
		case '{':
			depth++
		case '}':
			depth--
			for len(stack) > 0 && stack[len(stack)-1].depth > depth {
				stack = stack[:len(stack)-1]
			}
		}
	}
	var names []string
	for _, o := range stack {
		names = append(names, o.name)
	}
	return strings.Join(names, "::")
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// headerTemplate is the header a template makes: include/ffi.h of
// include/ffi.h.in, version.h of version.h.cmake; "" for other files.
func headerTemplate(p string) string {
	for _, suf := range []string{".h.in", ".h.cmake"} {
		if strings.HasSuffix(p, suf) {
			return strings.TrimSuffix(p, suf) + ".h"
		}
	}
	return ""
}

var (
	// versionProtoRes match a prototype taking no arguments: an exporting
	// macro (or extern, or a lowercase one: yyjson's yyjson_api) may come
	// before the type or the name, or wrap the type
	// (cJSON's CJSON_PUBLIC(const char*)); a K&R-compatible prototype macro
	// wraps the parameters: zlib 1.2's OF((void)), oniguruma's P_((void)),
	// BSD's __P((void)).
	versionProtoRes = []*regexp.Regexp{
		regexp.MustCompile(`(?m)^[ \t]*(?:(?:[A-Z][A-Z0-9_]*|extern|[a-z][a-z0-9]*_(?:api|export|extern|public))[ \t]+)*(const[ \t]+char[ \t]*\*|char[ \t]+const[ \t]*\*|char[ \t]*\*|(?:const[ \t]+)?std::string[ \t]*&?|unsigned(?:[ \t]+(?:int|long))?|int|long|u?int32_t|size_t)[ \t]*(?:[A-Z][A-Z0-9_]*[ \t]+)*(\w*[Vv]ersion\w*)[ \t]*(?:\([ \t]*(?:void)?[ \t]*\)|_*[A-Z][A-Z0-9_]*\(\([ \t]*(?:void)?[ \t]*\)\))[ \t]*;`),
		regexp.MustCompile(`(?m)^[ \t]*[A-Z][A-Z0-9_]*\([ \t]*(const[ \t]+char[ \t]*\*|unsigned(?:[ \t]+int)?|int)[ \t]*\)[ \t]*(\w*[Vv]ersion\w*)[ \t]*\([ \t]*(?:void)?[ \t]*\)[ \t]*;`),
		// or one taking the version the caller requires, which returns the
		// library's version string when 0 or NULL asks nothing
		// (libssh2_version(int req_version_num), GnuPG's libraries'
		// gcry_check_version(const char *req_version), gnutls_check_version)
		regexp.MustCompile(`(?m)^[ \t]*(?:(?:[A-Z][A-Z0-9_]*|extern)[ \t]+)*(const[ \t]+char[ \t]*\*)[ \t]*(\w*[Vv]ersion\w*)[ \t]*\([ \t]*(int|const[ \t]+char[ \t]*\*)[ \t]*\w*(?:req|min|least|need)\w*[ \t]*\)[ \t]*;`),
	}
	// notHeaderDir holds headers that are not the project's public API.
	notHeaderDir = regexp.MustCompile(`(?i)(^|/)(test|tests|testing|examples?|samples?|bench|benchmarks|fuzz|fuzzing|third_party|thirdparty|3rdparty|vendor|deps|external|contrib|docs?|build|CMakeFiles|node_modules|win32|windows|msvc|\.git)(/|$)`)
)

// depHeaderDir holds a dependency's headers, which a consumer of the
// project's library does not need.
var depHeaderDir = regexp.MustCompile(`(?i)(^|/)(third_party|thirdparty|3rdparty|vendor|deps|_deps|external|subprojects|googletest|googlemock)(/|$)`)

// maxHeaders bounds the headers VersionFuncs reads.
const maxHeaders = 2000

// VersionFuncs finds the version functions the repository's C headers
// declare (repo is read, never run); repoName names the umbrella header.
func VersionFuncs(repo fs.FS, repoName string) []VersionFunc {
	var out []VersionFunc
	headers := map[string]bool{}
	guards := map[string]headerGuard{}
	headerOf := func(p string) string {
		if strings.HasSuffix(p, ".h") {
			return p
		}
		return headerTemplate(p)
	}
	walkHeaderFiles(repo, func(p string) bool { return headerOf(p) != "" }, func(p string) {
		header := headerOf(p)
		headers[header] = true
		b, err := fs.ReadFile(repo, p)
		if err != nil {
			return
		}
		guards[header] = readGuard(string(b))
		seen := map[string]bool{}
		for _, re := range versionProtoRes {
			for _, m := range re.FindAllStringSubmatch(string(b), -1) {
				if !seen[m[2]] {
					seen[m[2]] = true
					out = append(out, VersionFunc{Header: header, Name: m[2], String: strings.Contains(m[1], "char") || strings.Contains(m[1], "string"), StdString: strings.Contains(m[1], "std::string"), Generated: header != p,
						Namespace: namespaceAt(string(b), strings.Index(string(b), m[0])), Arg: noRequirement(m)})
				}
			}
		}
	})
	for i, f := range out {
		root, _ := includeOf(f.Header)
		if u := path.Join(root, projectName(repoName)+".h"); u != f.Header && headers[u] {
			out[i].Umbrella = u
		}
		if u, defs := guardNeeds(f.Header, apiPrefix(f.Name), guards); u != "" || len(defs) > 0 {
			out[i].Defines = defs
			if u != "" {
				out[i].Umbrella, out[i].Guarded = u, true
			}
		}
	}
	return out
}

// walkHeaderFiles calls fn with the path of each regular file of at most
// 512 KiB that want accepts, outside the trees notHeaderDir names: the
// first maxHeaders of them (VersionFuncs, ObjectAPIs).
func walkHeaderFiles(repo fs.FS, want func(p string) bool, fn func(p string)) {
	n := 0
	fs.WalkDir(repo, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if p != "." && notHeaderDir.MatchString(p) {
				return fs.SkipDir
			}
			return nil
		}
		if n >= maxHeaders || !want(p) {
			return nil
		}
		if info, err := d.Info(); err != nil || info.Size() > 512<<10 || !info.Mode().IsRegular() {
			return nil
		}
		n++
		fn(p)
		return nil
	})
}

// apiPrefix is the namespace a C function's name opens with: fuse of
// fuse_version, ZSTD of ZSTD_versionString; "" for none.
func apiPrefix(fn string) string {
	p, _, ok := strings.Cut(fn, "_")
	if !ok {
		return ""
	}
	return p
}

// includeOf is the -I directory for a header and the #include operand
// that names it from there: include/event2/event.h → include,
// <event2/event.h>; lib/zstd.h → lib, "zstd.h".
func includeOf(header string) (dir, operand string) {
	if p := "/" + header; strings.Contains(p, "/include/") {
		i := strings.LastIndex(p, "/include/")
		return p[1 : i+len("/include")], "<" + p[i+len("/include/"):] + ">"
	}
	return path.Dir(header), `"` + path.Base(header) + `"`
}

// LinkProbes makes Runnable probes that compile a consumer of the built
// library: fns are the headers' version functions, libs the libraries the
// build left in the repository (lib*.so*, lib*.a; slash paths relative to
// it), gen the headers the build generated (config headers a public
// header includes, public headers made from templates), repoName ranks
// names like the project's first. At most two probes, best first; none
// when the build left no library or no header declares a version function.
func LinkProbes(fns []VersionFunc, libs, gen []string, repoName string) []Command {
	name := projectName(repoName)
	lib, ok := bestLib(libs, name)
	if !ok || len(fns) == 0 {
		return nil
	}
	var genDirs []string
	seenDir := map[string]bool{}
	for _, h := range gen {
		if d := path.Dir(h); !seenDir[d] {
			seenDir[d] = true
			genDirs = append(genDirs, d)
		}
	}
	fns = builtHeaders(fns, gen)
	libName := libStem(path.Base(lib))
	type cand struct {
		f     VersionFunc
		score int
	}
	var cs []cand
	for _, f := range fns {
		lf := strings.ToLower(f.Name)
		score := -strings.Count(f.Header, "/")
		switch {
		case strings.HasPrefix(lf, libName) || strings.HasPrefix(lf, name):
			score += 10
		case strings.Contains(lf, libName):
			score += 5
		}
		if f.String {
			score += 2
		}
		if strings.Contains(lf, "num") { // ZSTD_versionNumber after ZSTD_versionString
			score--
		}
		cs = append(cs, cand{f, score})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].score > cs[j].score })
	var out []Command
	for i, c := range cs {
		if i == 2 {
			break
		}
		if c.f.Umbrella != "" {
			out = append(out, linkProbe(c.f, c.f.Umbrella, lib, genDirs))
		}
		if !c.f.Guarded {
			out = append(out, linkProbe(c.f, "", lib, genDirs))
		}
	}
	return out
}

// builtHeaders points each generated header at the copy the build wrote
// (the shallowest one whose path ends like the template's include
// operand) and leaves out those the build did not write.
func builtHeaders(fns []VersionFunc, gen []string) []VersionFunc {
	var out []VersionFunc
	for _, f := range fns {
		if !f.Generated {
			out = append(out, f)
			continue
		}
		_, operand := includeOf(f.Header)
		rel := strings.Trim(operand, `<>"`)
		best, bestScore := "", 0
		for _, h := range gen {
			if !(h == rel || strings.HasSuffix(h, "/"+rel)) || depHeaderDir.MatchString(h) {
				continue
			}
			score := 100 - strings.Count(h, "/")
			if h == f.Header || strings.HasSuffix(h, "/"+f.Header) { // build/include/ffi.h for include/ffi.h.in
				score += 100
			}
			if score > bestScore {
				best, bestScore = h, score
			}
		}
		if best != "" {
			f.Header, f.Umbrella = best, ""
			out = append(out, f)
		}
	}
	return out
}

// genIncludeFlags adds to flags the -I of each directory of headers the
// build generated and of its parent, as the library's headers include
// them (libogg's <ogg/config_types.h> in build/include/ogg); not a
// dependency's (a submodule fetched at run time), none seen already, 12
// flags at most.
func genIncludeFlags(flags []string, seen map[string]bool, genDirs []string) []string {
	for _, d := range genDirs {
		if depHeaderDir.MatchString(d) {
			continue
		}
		for _, x := range []string{d, path.Dir(d)} {
			if !seen[x] && len(flags) < 12 {
				seen[x] = true
				flags = append(flags, "-I"+x)
			}
		}
	}
	return flags
}

// linkProbe is the command that writes, builds and runs the consumer;
// umbrella, when not "", is included first.
func linkProbe(f VersionFunc, umbrella, lib string, genDirs []string) Command {
	incDir, include := includeOf(f.Header)
	src := []string{"#include <stdio.h>"}
	if umbrella != "" {
		_, u := includeOf(umbrella)
		src = append(src, "#include "+u)
	}
	flags := []string{"-I" + incDir}
	seen := map[string]bool{incDir: true}
	if umbrella != "" {
		if d, _ := includeOf(umbrella); !seen[d] {
			seen[d] = true
			flags = append(flags, "-I"+d)
		}
	}
	for _, d := range f.Defines {
		flags = append(flags, "-D"+d)
	}
	flags = genIncludeFlags(flags, seen, genDirs)
	fn, compile := f.Name, "cc -o /tmp/heragent-consumer /tmp/heragent-consumer.c "
	if f.Namespace != "" {
		src[0] = "#include <cstdio>"
		fn, compile = f.Namespace+"::"+f.Name, "c++ -o /tmp/heragent-consumer -x c++ /tmp/heragent-consumer.c -x none "
	}
	fn += "(" + f.Arg + ")"
	call := `printf("%lu\n", (unsigned long)` + fn + `);`
	switch {
	case f.StdString:
		call = `printf("%s\n", ` + fn + `.c_str());`
	case f.String:
		call = `printf("%s\n", ` + fn + `);`
	}
	link, sys := linkArgs(lib)
	src = append(src, "#include "+include, "int main(void) { "+call+" return 0; }")
	text := "printf '%s\\n' " + shellQuoteAll(src) + " > /tmp/heragent-consumer.c && " +
		compile + strings.Join(flags, " ") + " " + link + sys + " && " +
		"timeout 10 /tmp/heragent-consumer"
	why := []Provenance{{Source: "built", File: lib, Note: "a library the build produced"}, {Source: "header", File: f.Header, Note: "declares " + f.Name + "()"},
		{Source: "synthesized", Note: "a consumer program linking the library"}}
	return Command{Text: text, Bucket: Entry, Level: Runnable, Synth: true, Why: why, Expect: []string{`[0-9]`},
		Reason: "compiles a program that includes " + f.Header + ", links the built " + path.Base(lib) + " and calls " + f.Name + "()"}
}

// linkArgs are what a consumer's compile line links: the library lib and
// the system libraries it may need after it.
func linkArgs(lib string) (link, sys string) {
	link, sys = "./"+lib, " -lm -lpthread -ldl"
	if strings.Contains(path.Base(lib), ".so") {
		link += ` -Wl,-rpath,"$PWD/` + path.Dir(lib) + `"`
	} else {
		// A C API over C++ code (leveldb's c.h, snappy-c.h) links its
		// archive with the C++ runtime, which a shared library names itself.
		sys += ` $(nm ./` + lib + ` 2>/dev/null | grep ' U _Z' >/dev/null && echo -lstdc++)`
		// An archive does not name its own dependencies (leveldb's snappy):
		// the libraries the project's own programs were linked with after
		// it, from CMake's link.txt, go after it too.
		base := path.Base(lib)
		sys += ` $(f=$(grep -lF ` + quoteArg(base) + ` $(find . -path '*CMakeFiles*' -name link.txt 2>/dev/null) 2>/dev/null | head -n 1); [ -n "$f" ] && sed -n 's|.*` +
			strings.ReplaceAll(base, ".", `\.`) + `||p' "$f" | grep -oE '(^| )(-l[^ ]+|/[^ ]+\.so[^ ]*)' | tr '\n' ' ')`
	}
	return link, sys
}

// bestLib picks the library named most like the project: shared before
// static, the real file before a longer versioned name.
func bestLib(libs []string, name string) (string, bool) {
	best, bestScore := "", -1<<30
	for _, l := range libs {
		l = strings.TrimPrefix(path.Clean(l), "./")
		// libtool keeps the real shared library in .libs (beside the
		// .la): that is the project's library, not a leftover.
		d := path.Dir(l)
		if path.Base(d) == ".libs" {
			d = path.Dir(d)
		}
		if notProgramDir.MatchString(d) {
			continue
		}
		stem := libStem(path.Base(l))
		if stem == "" {
			continue
		}
		score := -strings.Count(l, "/") - len(path.Base(l))/8
		switch {
		case stem == name:
			score += 20
		case strings.HasPrefix(name, stem) || strings.HasPrefix(stem, name):
			score += 10
		case strings.Contains(stem, name) || strings.Contains(name, stem):
			score += 5
		}
		if strings.Contains(path.Base(l), ".so") {
			score += 3
		}
		if strings.Contains(stem, "test") || strings.Contains(stem, "gtest") || strings.Contains(stem, "bench") {
			score -= 15
		}
		if score > bestScore {
			best, bestScore = l, score
		}
	}
	return best, best != ""
}

// libStem is foo of libfoo.so.1.2 or libfoo.a, lower case; "" for other
// names.
func libStem(base string) string {
	if !strings.HasPrefix(base, "lib") {
		return ""
	}
	s := strings.TrimPrefix(base, "lib")
	switch {
	case strings.HasSuffix(s, ".a"):
		s = strings.TrimSuffix(s, ".a")
	case strings.Contains(s, ".so"):
		s = s[:strings.Index(s, ".so")]
	default:
		return ""
	}
	return strings.ToLower(s)
}

// ProductBuilt reports whether one of the built programs bins is named
// after the project (jq's jq, ccache's ccache): BuiltProbes ranks it first.
func ProductBuilt(bins []string, repoName string) bool {
	name := projectName(repoName)
	for _, b := range bins {
		lb := strings.ToLower(path.Base(b))
		if name != "" && !notProgramDir.MatchString(path.Dir(b)) && (lb == name || strings.TrimPrefix(lb, "lib") == name) {
			return true
		}
	}
	return false
}

// projectName is the repository name as libraries and programs spell it:
// lower case, without lib and -c (libuv → uv, json-c → json).
func projectName(repoName string) string {
	name := strings.TrimPrefix(strings.ToLower(repoName), "lib")
	return strings.TrimSuffix(strings.TrimSuffix(name, "-c"), ".c")
}

// shellQuoteAll quotes each string for bash and joins them with spaces.
func shellQuoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		var err error
		if q[i], err = syntax.Quote(s, syntax.LangBash); err != nil {
			q[i] = "''" // no control characters come here
		}
	}
	return strings.Join(q, " ")
}
