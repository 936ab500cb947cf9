package pyramid

import (
	"context"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A C library without a build system often tests itself with programs of
// its own beside its sources: crypto-algorithms' aes_test.c … sha256_test.c,
// slre's unit_test.c, each a main that includes the library's header. Its
// users compile such a program with the library and run it; so does
// ownTestPrograms, as one Unit command: each program linked with the
// objects sourcesCompile left in build/objects, run, and reported as automake's
// harness does (`PASS: aes_test`, `FAIL: …`, counted by the results
// parser). A program fails by its exit status, or by saying FAILED or
// FAILURE in capitals (crypto-algorithms' tests print "AES Tests: FAILED"
// and exit 0 either way).

// maxOwnTestPrograms bounds the programs one command builds and runs.
const maxOwnTestPrograms = 40

// testProgramDirs are where such programs live: beside the sources, or in
// a test directory.
var testProgramDirs = []string{".", "src", "lib", "test", "tests"}

// testProgramName is a test program's file name: unit_test.c, aes_test.c,
// test_list.c, test.c, tests.c.
var testProgramName = regexp.MustCompile(`(?i)(^|[_-])tests?([_-]|\.c|\.cc|\.cpp)|^test\w*\.`)

// ownTestPrograms is the command building and running the library's own test
// programs, nil when it has none; srcs are the library's sources, whose
// objects (sourcesCompile's) it links, incs more directories of its
// headers to include.
func ownTestPrograms(ctx context.Context, e *env, files []retrieval.FileInfo, srcs, incs []string) []Command {
	built := map[string]bool{} // directories with a build file of their own (mjson's test/Makefile builds its tests)
	for _, f := range files {
		switch path.Base(f.Path) {
		case "Makefile", "makefile", "GNUmakefile", "CMakeLists.txt", "meson.build":
			built[path.Dir(f.Path)] = true
		}
	}
	var progs []string
	codes := map[string]string{}
	for _, f := range files {
		base := path.Base(f.Path)
		if sourceCompiler(f.Path) == "" || !slices.Contains(testProgramDirs, path.Dir(f.Path)) || built[path.Dir(f.Path)] || !testProgramName.MatchString(base) || slices.Contains(srcs, f.Path) || strings.ContainsAny(f.Path, " '\"$`\\") {
			continue
		}
		code, err := e.ix.ReadFile(ctx, f.Path, 0, 0, true)
		if err != nil || !cMainRe.MatchString(code) || testFrameworkRe.MatchString(code) {
			continue
		}
		progs = append(progs, f.Path)
		codes[f.Path] = code
	}
	if len(progs) == 0 || len(progs) > maxOwnTestPrograms {
		return nil
	}
	var objs []string // the objects of the library's sources that hold no main
	for _, s := range srcs {
		if code, err := e.ix.ReadFile(ctx, s, 0, 0, true); err == nil && !cMainRe.MatchString(code) {
			objs = append(objs, quoteArg(objectPath(s)))
		}
	}
	var each []string
	for _, p := range progs {
		name := strings.TrimSuffix(path.Base(p), path.Ext(p))
		bin, log := quoteArg("build/tests/"+name), quoteArg("build/tests/"+name+".log")
		inc, dirs := " -I.", []string{"."}
		for _, d := range append([]string{path.Dir(p)}, incs...) {
			if !slices.Contains(dirs, d) {
				inc, dirs = inc+" -I"+quoteArg(d), append(dirs, d)
			}
		}
		run := "timeout 300 ./" + bin
		if d := path.Dir(p); d != "." && readsBeside(e, d, codes[p]) {
			// its fixtures by paths relative to its own directory (tidwall/json.c's "testfiles/%s"), as its run.sh runs it
			run = "(cd " + quoteArg(d) + " && timeout 300 " + strings.Repeat("../", strings.Count(d, "/")+1) + bin + ")"
		}
		each = append(each, "if "+sourceCompiler(p)+inc+" "+quoteArg(p)+" "+strings.Join(objs, " ")+" -o "+bin+" -lm && "+
			run+" < /dev/null > "+log+" 2>&1 && ! grep -qE '(^|[^[:alnum:]])(FAILED|FAILURE|FAIL)([^[:alnum:]]|$)' "+log+"; then r=PASS; else r=FAIL; rc=1; fi; "+
			"cat "+log+" 2>/dev/null; echo \"$r: "+name+"\"")
	}
	text := "mkdir -p build/tests && rc=0; " + strings.Join(each, "; ") + "; exit $rc"
	return []Command{{Text: text, Bucket: Unit,
		Reason: "builds and runs the library's own test programs with its objects (no build system: its users compile them so)",
		Why:    []Provenance{{Source: "convention", File: progs[0], Note: "test programs beside a library without a build system"}}}}
}

// fixturePathRe is a string literal naming a relative path: "testfiles/%s",
// "data/in.json", "expected.txt".
var fixturePathRe = regexp.MustCompile(`"([\w.-]+)(?:/[^"\s]*)?"`)

// readsBeside reports whether a test program's code names a path whose
// first element is in its own directory dir and not at the top of the
// checkout: it reads its fixtures relative to where it lives.
func readsBeside(e *env, dir, code string) bool {
	for _, m := range fixturePathRe.FindAllStringSubmatch(code, -1) {
		first := m[1]
		if first == "." || first == ".." || !strings.Contains(m[0], "/") && dataNameRe.FindString(m[0]) == "" {
			continue
		}
		if e.fileExists(path.Join(dir, first)) && !e.fileExists(first) {
			return true
		}
	}
	return false
}
