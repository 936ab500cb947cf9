package pyramid

import (
	"regexp"
	"strings"
)

// A README block may show a package's import both ways, one under the
// other: "// ESM\nimport Fastify from 'fastify'\nconst fastify =
// Fastify({…})\n// CommonJS\nconst fastify = require('fastify')({…})".
// Run as written, the second declaration of the name is a SyntaxError.
// oneModuleForm keeps the ES module form: a top-level `const|let|var
// NAME = require(…)…` statement declaring a name the block declares
// again, before or after it, is left out, up to where its brackets close.

var (
	requireDeclRe = regexp.MustCompile(`(?m)^(?:const|let|var)\s+(\w+)\s*=\s*require\(`)
	topDeclRe     = regexp.MustCompile(`(?m)^(?:(?:const|let|var)\s+(\w+)\s*=|import\s+(\w+)\s+from\b|import\s*\{([^}]*)\}\s*from\b)`)
)

// oneModuleForm is code without the CommonJS repeat of a declaration.
func oneModuleForm(code string) string {
	for {
		cut := false
		for _, m := range requireDeclRe.FindAllStringSubmatchIndex(code, -1) {
			name := code[m[2]:m[3]]
			end := statementEnd(code, m[0])
			if !declares(code[:m[0]], name) && !declares(code[end:], name) {
				continue
			}
			code = code[:m[0]] + strings.TrimLeft(code[end:], "\n")
			cut = true
			break
		}
		if !cut {
			return code
		}
	}
}

// declares reports whether src declares name at its top level.
func declares(src, name string) bool {
	for _, m := range topDeclRe.FindAllStringSubmatch(src, -1) {
		if m[1] == name || m[2] == name {
			return true
		}
		for _, n := range strings.Split(m[3], ",") {
			if f := strings.Fields(strings.ReplaceAll(n, " as ", " ")); len(f) > 0 && f[len(f)-1] == name {
				return true
			}
		}
	}
	return false
}

// statementEnd is the offset after the line where the statement starting
// at from closes its brackets.
func statementEnd(code string, from int) int {
	depth := 0
	var quote byte // inside a string literal: its brackets do not count
	for i := from; i < len(code); i++ {
		switch c := code[i]; {
		case quote != 0 && (c != '\n' || quote == '`'):
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
			continue
		case quote != 0:
			quote = 0 // a line ends a '' or "" string (an apostrophe in a comment)
		case c == '\'' || c == '"' || c == '`':
			quote = c
			continue
		}
		switch code[i] {
		case '(', '{', '[':
			depth++
		case ')', '}', ']':
			depth--
		case '\n':
			if depth <= 0 {
				return i + 1
			}
		}
	}
	return len(code)
}
