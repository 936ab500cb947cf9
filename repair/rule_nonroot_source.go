package repair

import (
	"path"
	"regexp"
	"strconv"
	"strings"
)

// A test expecting a permission error that root never gets often fails
// without saying so: cobra's TestFailGenFishCompletionFile writes a 0400
// file, gets no error and panics on its nil; fs.c's assert(NULL == fd)
// after opening /root/foo for writing aborts. The log points at the
// failed test's line; the code around it names the permission it
// expects to be refused.

// failedAtRe is a log line naming where a test failed: Go's t.Errorf
// ("    fish_test.go:141: got …") or a panic's trace ("/repo/x_test.go:141
// +0x292"), a C assert ("test.c:29: test_fs_open: Assertion `…' failed"),
// pytest's ("tests/test_x.py:12: AssertionError"), a JavaScript stack
// frame ("    at Object.test (file:///repo/test/index.test.js:438:30)")
// or Node's line above an uncaught error's source ("file:///repo/test/
// index.test.js:438").
var failedAtRe = regexp.MustCompile(`(?m)^\s*(?:/repo/)?([\w./-]+_test\.go):(\d+)(?::| \+0x)|^(?:\S+: )?(?:/repo/)?([\w./-]+\.(?:c|cc|cpp|cxx)):(\d+): [^:\n]+: Assertion|^(?:/repo/)?([\w./-]+\.py):(\d+): \w*(?:Error|Exception)\b` +
	`|^\s*at (?:[^()\n]*\()?(?:file://)?(?:/repo/)?([\w./-]+\.[cm]?[jt]sx?):(\d+):\d+\)?$|^(?:file://)?/repo/([\w./-]+\.[cm]?[jt]sx?):(\d+)$`)

// goFailRe is go test's line for a failed package (FAIL\tmodule/dir\t0.3s),
// moduleRe go.mod's module path.
var (
	goFailRe = regexp.MustCompile(`(?m)^FAIL\s+(\S+)\s`)
	moduleRe = regexp.MustCompile(`(?m)^module\s+(\S+)`)
)

// permissionCodeRe is code expecting a permission to be refused: the
// error's name, a mode without the owner's read or write bit (0400, 0o555, 0o333), a
// path only root may write.
var permissionCodeRe = regexp.MustCompile(`ErrPermission|IsPermission|EACCES|EPERM|PermissionError|\bos\.Chmod\b|\bchmod\(|\b0o?[0-5][0-7]{2}\b|["']/root/|/etc/shadow`)

// funcStartRe is the first line of a test function or case: Go's and
// Python's def, a C function or test macro at the margin, a JavaScript
// test case (it(…), test(…)).
var funcStartRe = regexp.MustCompile(`^(?:func |\s*(?:async\s+)?def |TEST|[A-Za-z_][\w \t*]*\([^;]*\)\s*\{?\s*$|\s*(?:it|test)(?:\.\w+)?\s*\()`)

// permissionTests is a needs-non-root diagnosis for the first failed test
// (of at most eight places the log points at) whose code expects a permission
// error.
func permissionTests(f Failure) []Diagnosis {
	if f.Repo == nil {
		return nil
	}
	ms := failedAtRe.FindAllStringSubmatch(f.Log, 8) // a dependency's frames among them
	for _, m := range ms {
		file, line := m[1]+m[3]+m[5]+m[7]+m[9], m[2]+m[4]+m[6]+m[8]+m[10]
		n, _ := strconv.Atoi(line)
		for _, p := range candidates(f, file) {
			src, err := f.Repo.ReadFile(p)
			if err != nil {
				continue
			}
			if code := permissionCodeRe.FindString(testCode(string(src), n)); code != "" {
				return []Diagnosis{{Kind: NeedsNonRoot, Evidence: p + ":" + line + ": the failed test expects a permission error root never gets (" + code + ")"}}
			}
			break
		}
	}
	return nil
}

// candidates are the repository paths of a file a log names: itself, and
// for a Go test file named by its base name, in each failed package's
// directory (the module path from go.mod).
func candidates(f Failure, file string) []string {
	out := []string{path.Clean(file)}
	if strings.Contains(file, "/") || !strings.HasSuffix(file, ".go") {
		return out
	}
	mod, err := f.Repo.ReadFile("go.mod")
	if err != nil {
		return out
	}
	module := ""
	if m := moduleRe.FindSubmatch(mod); m != nil {
		module = string(m[1])
	}
	for _, m := range goFailRe.FindAllStringSubmatch(f.Log, 5) {
		if dir, ok := strings.CutPrefix(m[1], module+"/"); ok && module != "" {
			out = append(out, path.Join(dir, file))
		}
	}
	return out
}

// testCode is the code of the function holding line n (1-based): from its
// first line, at most 60 lines up, to two lines past n.
func testCode(src string, n int) string {
	lines := strings.Split(src, "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	start := n - 1
	for i := n - 1; i >= 0 && i >= n-60; i-- {
		if i < n-1 && strings.HasPrefix(lines[i], "}") {
			break // the function before
		}
		start = i
		if funcStartRe.MatchString(lines[i]) {
			break
		}
	}
	return strings.Join(lines[start:min(n+2, len(lines))], "\n")
}
