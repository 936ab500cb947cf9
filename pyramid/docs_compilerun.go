package pyramid

import (
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// A document's or CI step's block that compiles a program with the C
// compiler and then runs it (tg's README: `cc -I. examples/intersects.c
// tg.c`, then `./a.out 'POINT(15 15)' 'POLYGON(…)'`; json-parser's CI:
// `c89 … -I. json.c tests/test.c -o json-test`, `cd tests`,
// `../json-test`): the run carries its compile, which no build system of
// the project makes — from the compile's directory when the block moved
// on to another.

// compilerRe is a C or C++ compiler driver at the start of a command
// (POSIX's c89 and c99 among them).
var compilerRe = regexp.MustCompile(`^(?:cc|gcc|g\+\+|c\+\+|clang|clang\+\+|c89|c99)(?:-\d+)?$`)

// compiledProgram is the program a compiler command links: its -o
// operand, a.out without one; "" for a command that does not link.
func compiledProgram(text string) string {
	if strings.ContainsAny(text, "&|;") {
		return ""
	}
	w := strings.Fields(text)
	if len(w) < 2 || !compilerRe.MatchString(w[0]) {
		return ""
	}
	out, sources := "a.out", 0
	for i := 1; i < len(w); i++ {
		switch {
		case sourceOperandRe.MatchString(w[i]):
			sources++
		case w[i] == "-c" || w[i] == "-E" || w[i] == "-S" || w[i] == "-M" || w[i] == "-MM":
			return ""
		case w[i] == "-o" && i+1 < len(w):
			out = strings.TrimPrefix(w[i+1], "./")
		case strings.HasPrefix(w[i], "-o") && len(w[i]) > 2:
			out = strings.TrimPrefix(w[i][2:], "./")
		}
	}
	if sources == 0 || strings.Contains(out, "/") {
		return ""
	}
	return out
}

// sourceOperandRe is a source or object file a compiler command links.
var sourceOperandRe = regexp.MustCompile(`^[^-].*\.(?:c|cc|cpp|cxx|C|o|a)$`)

// compile is a block's compile of a program and the directory it ran in.
type compile struct{ text, dir string }

// withCompile records a compile run in dir in compiled and prefixes a run
// of a program compiled earlier in the block with its compile.
func withCompile(text, dir string, compiled map[string]compile) string {
	if p := compiledProgram(text); p != "" {
		compiled[path.Join(dir, p)] = compile{text, dir}
		return text
	}
	w := strings.Fields(text)
	if len(w) == 0 || !strings.HasPrefix(w[0], "./") && !strings.HasPrefix(w[0], "../") {
		return text
	}
	if cp, ok := compiled[path.Join(dir, w[0])]; ok {
		c := cp.text
		if !strings.Contains(" "+c+" ", " -lm ") {
			// macOS's libc holds the maths functions; on Linux they are
			// libm's, which a line written there leaves out (tg's README:
			// "undefined reference to `nexttoward'"); unused, it costs
			// nothing
			c += " -lm"
		}
		if cp.dir != dir {
			rel, err := filepath.Rel(dir, cp.dir)
			if err != nil {
				return text
			}
			c = "(cd " + rel + " && " + c + ")"
		}
		return c + " && " + text
	}
	return text
}
