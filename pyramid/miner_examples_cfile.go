package pyramid

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// A C or C++ library often ships example programs as source files its
// default build does not compile: examples/*.c, samples/, a consumer at
// the top of the checkout (re2's testinstall.cc, which its Makefile
// builds only against an installed copy). When the build produced a
// library, ExamplePrograms compiles such a file against the checkout's
// headers — linked with the libraries the build produced when it does not
// link alone — and runs it: the library's real use, where the build made
// no program of its own that works without arguments.

// cSourceExt are the C-family source files an example program is.
var cSourceExt = map[string]string{".c": "cc", ".cc": "c++", ".cpp": "c++", ".cxx": "c++"}

// cExampleFileRe are where example programs live: the top of the
// checkout, or a directory of examples (at most one level down).
var cExampleFileRe = regexp.MustCompile(`^(?:(?:[^/]+/)?(?:examples?|samples?|demos?|tutorials?)/)?[^/]+$`)

// notExampleRe are sources that are no example: fuzzers, benchmarks,
// configure's probes. (A test directory is none of cExampleFileRe's; a
// program named test at the top — cJSON's test.c, re2's testinstall.cc —
// is often the project's demo or consumer, while a unit test includes its
// framework: testFrameworkRe.)
var notExampleRe = regexp.MustCompile(`(?i)(^|/|_|-)(fuzz|fuzzer|bench|benchmark|conftest|config)[\w-]*\.\w+$`)

// testFrameworkRe is an include of a unit test framework.
var testFrameworkRe = regexp.MustCompile(`(?m)^\s*#\s*include\s*[<"](?:gtest/|gmock/|catch2?/|catch\.hpp|doctest|boost/test/|check\.h|cmocka\.h|unity\.h|CUnit/|criterion/|cutest|minunit|acutest)`)

// cHeaderExt are the headers an example's include resolves to.
var cHeaderExt = set(".h", ".hh", ".hpp", ".hxx")

const (
	maxFileExamples = 2        // example programs tried
	maxExampleSize  = 16 << 10 // bytes: an example, not a tool
	maxWalkHeaders  = 5000
)

// ExamplePrograms are the commands that compile and run the checkout's
// example programs (smallest first), which include one of its own headers.
// gen are the headers the build wrote (libfuse's build/libfuse_config.h,
// which its public headers include): their directories are searched
// after the checkout's. fixture (Fixture) is the input given to an
// example that reads its first argument (json-parser's test_json.c:
// "USAGE: ./test_json <json_file>"). A source the build made a program
// of beside it (built: the programs it made) is not compiled again: rax's
// Makefile builds rax-oom-test from rax-oom-test.c, a test it runs as
// one, which alone lacks the objects it links with.
func ExamplePrograms(fsys fs.FS, gen []string, fixture string, built []string) []Command {
	made := map[string]bool{}
	for _, b := range built {
		made[path.Clean(b)] = true
	}
	var headers []string
	type cand struct {
		path    string
		size    int64
		foreign bool // it needs a library that is neither the project's nor the system's
	}
	var cands []cand
	fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if p != "." && (skipWalk[d.Name()] || d.Name() == ".git") {
				return fs.SkipDir
			}
			return nil
		}
		ext := path.Ext(p)
		switch {
		case cHeaderExt[ext] && !notHeaderDir.MatchString(path.Dir(p)) && len(headers) < maxWalkHeaders:
			headers = append(headers, p)
		case cSourceExt[ext] != "" && cExampleFileRe.MatchString(p) && !notExampleRe.MatchString(p) && !strings.ContainsAny(p, " '\"$`\\") && !made[strings.TrimSuffix(p, ext)]:
			if info, err := d.Info(); err == nil && info.Mode().IsRegular() && info.Size() > 0 && info.Size() <= maxExampleSize {
				cands = append(cands, cand{path: p, size: info.Size()})
			}
		}
		return nil
	})
	codes := map[string]string{}
	known := append(slices.Clone(headers), gen...)
	for i, c := range cands {
		if b, err := fs.ReadFile(fsys, c.path); err == nil {
			codes[c.path] = string(b)
			cands[i].foreign = foreignIncludes(fsys, known, c.path, string(b)) > 0
		}
	}
	// smallest first, those that need another library last
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].foreign != cands[j].foreign {
			return !cands[i].foreign
		}
		return cands[i].size < cands[j].size
	})
	var out []Command
	for _, c := range cands {
		if len(out) >= maxFileExamples {
			break
		}
		code, ok := codes[c.path]
		if !ok {
			continue
		}
		if text, ok := cFileExample(headers, genIncludeDirs(gen), c.path, code, fixture, len(out)+1, climbsToCheckout(fsys, c.path, code)); ok {
			cmd := Command{Text: text, Bucket: Entry, Level: Runnable,
				Reason: "compiles and runs the repository's example program " + c.path + " against its headers and the libraries its build produced",
				Why:    []Provenance{{Source: "example", File: c.path, Note: "an example program the build does not compile"}}}
			if cServerSrc.MatchString(code) {
				cmd = cServerExample(cmd, code)
			}
			out = append(out, cmd)
		}
	}
	return out
}

// readsArgRe is a C program reading its first argument.
var readsArgRe = regexp.MustCompile(`\bargv\s*\[\s*1\s*\]`)

// cFileExample is the command that compiles and runs the source file rel
// (its text code), or false when it is no whole program including one of
// the repository's own headers, waits for a client or is a unit test. A
// program reading its first argument that fails without one runs again
// on fixture, when there is one.
func cFileExample(headers, genDirs []string, rel, code, fixture string, n int, beside bool) (string, bool) {
	cc := cSourceExt[path.Ext(rel)]
	if cc == "" || !cMainRe.MatchString(code) || waitsRe.MatchString(code) || testFrameworkRe.MatchString(code) {
		return "", false
	}
	var dirs []string
	own := false // it includes one of the repository's headers
	for _, m := range cIncludeRe.FindAllStringSubmatch(code, -1) {
		if d, ok := headerDir(headers, m[1]); ok && !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
		// by its path from the example's directory: sj.h's demo/rect.c
		// includes "../sj.h", which its own directory resolves
		own = own || strings.HasPrefix(m[1], "../") && slices.Contains(headers, path.Join(path.Dir(rel), m[1]))
	}
	if len(dirs) == 0 && !own {
		return "", false
	}
	if d := path.Dir(rel); !slices.Contains(dirs, d) {
		dirs = append(dirs, d) // its own directory's headers
	}
	for _, d := range genDirs {
		if !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	flags := ""
	for _, d := range dirs {
		flags += " -I" + quoteArg(d)
	}
	bin := fmt.Sprintf("/tmp/heragent-example-file-%d", n)
	run := "timeout 60 " + bin
	if fixture != "" && readsArgRe.MatchString(code) {
		// on its own first (an argument may be optional), then on the input
		if beside {
			fixture = strings.Repeat("../", strings.Count(rel, "/")) + fixture
		}
		run = "{ " + run + " || " + run + " " + quoteArg(fixture) + "; }"
	}
	if beside {
		run = "cd " + quoteArg(path.Dir(rel)) + " && " + run
	}
	compile := cc + " -o " + bin + " " + quoteArg(rel) + flags + " -pthread"
	return "{ " + compile + " 2>/dev/null || { " + builtLibs + "; " + compile + linkBuilt + "; }; } && " + run, true
}

// cServerExample makes an example program that listens on a socket
// (libdill's socks5proxy, libmill's tutorial servers) a server probe: built
// in the foreground, started in the background and proved by a
// connection it accepts on 127.0.0.1 — the port its source names, or any
// it opens — then stopped, where it ran until its 60 s were up.
func cServerExample(c Command, code string) Command {
	build, run, _ := strings.Cut(c.Text, " && timeout 60 ")
	if run == "" || strings.ContainsAny(run, " {|") {
		return c
	}
	check := "false"
	if m := portRe.FindStringSubmatch(code); m != nil {
		check = "(exec 3<>/dev/tcp/127.0.0.1/" + m[1] + ") 2>/dev/null && ok=0"
	}
	c.Text, c.Background, c.Serve = build+" && { "+backgroundProbe(run, check)+"; }", true, build+" && "+run
	c.Reason += "; a server: started in the background and proved by a connection it accepts on 127.0.0.1"
	return c
}

// genIncludeDirs are the directories of the headers the build wrote,
// shallowest first, without a dependency's (at most four).
func genIncludeDirs(gen []string) []string {
	var dirs []string
	for _, h := range gen {
		if d := path.Dir(h); !depHeaderDir.MatchString(d) && !slices.Contains(dirs, d) && !strings.ContainsAny(d, " '\"$`\\") {
			dirs = append(dirs, d)
		}
	}
	sort.SliceStable(dirs, func(i, j int) bool { return strings.Count(dirs[i], "/") < strings.Count(dirs[j], "/") })
	return dirs[:min(len(dirs), 4)]
}

// headerDir is the -I directory from which an include operand resolves
// among the repository's headers (bestIncludeDir); false for a header it
// lacks and for a system header, which a port's replacement in the
// checkout must not shadow (libssh2's os400/include/sys/socket.h,
// assert.h: an example including <sys/socket.h> compiled against them).
func headerDir(headers []string, operand string) (string, bool) {
	if systemHeaderRe.MatchString(operand) {
		return "", false
	}
	var dirs []string
	for _, h := range headers {
		if h == operand || strings.HasSuffix(h, "/"+operand) {
			d := strings.TrimSuffix(strings.TrimSuffix(h, operand), "/")
			if d == "" {
				d = "."
			}
			dirs = append(dirs, d)
		}
	}
	return bestIncludeDir(dirs)
}

// climbsToCheckout reports whether the example program rel reads a file by a
// path that climbs out of its own directory and lands in the checkout
// from there: fann's examples/scaling_train.c reads
// "../datasets/scaling.data", so it runs from examples/.
func climbsToCheckout(fsys fs.FS, rel, code string) bool {
	if !strings.Contains(rel, "/") {
		return false
	}
	for _, m := range upPathRe.FindAllStringSubmatch(code, -1) {
		if _, err := fs.Stat(fsys, path.Join(path.Dir(rel), "..", m[1], m[2])); err == nil {
			return true
		}
	}
	return false
}
