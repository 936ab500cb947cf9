package pyramid

import (
	"regexp"
	"slices"
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
	requireDeclRe = regexp.MustCompile(`(?m)^(?:const|let|var)\s+(\w+|\{[^}]*\})\s*=\s*require\(`)
	topDeclRe     = regexp.MustCompile(`(?m)^(?:(?:const|let|var)\s+(\w+)\s*=|import\s+(\w+)\s+from\b|import\s*\{([^}]*)\}\s*from\b)`)
)

// oneModuleForm is code without the CommonJS repeat of a declaration.
func oneModuleForm(code string) string {
	for {
		cut := false
		for _, m := range requireDeclRe.FindAllStringSubmatchIndex(code, -1) {
			end := statementEnd(code, m[0])
			if !slices.ContainsFunc(boundNames(code[m[2]:m[3]]), func(name string) bool {
				return declares(code[:m[0]], name) || declares(code[end:], name)
			}) {
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

// boundNames are the names a declaration's left side binds: NAME, or each
// of a destructuring `{ a, b: c }` (a and c): rimraf's README shows
// `import { rimraf, … } from 'rimraf'` and, under "// or", `const {
// rimraf, … } = require('rimraf')`.
func boundNames(lhs string) []string {
	inner, ok := strings.CutPrefix(lhs, "{")
	if !ok {
		return []string{lhs}
	}
	var names []string
	for _, n := range strings.Split(strings.TrimSuffix(inner, "}"), ",") {
		if _, as, ok := strings.Cut(n, ":"); ok {
			n = as
		}
		if f := strings.Fields(strings.Split(n, "=")[0]); len(f) == 1 {
			names = append(names, f[0])
		}
	}
	return names
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

// implicitBuiltins are Node's core modules a README example may use by
// their usual name without requiring them: async's README reads files
// with `fs.readFile(…)` and had died "ReferenceError: fs is not defined".
var implicitBuiltins = []string{"fs", "path", "os", "util", "http", "https", "crypto", "events", "stream", "zlib", "assert", "querystring", "net", "dns", "child_process"}

// withBuiltins is code with the require (or, in an ES module, the import)
// of each core module it uses as NAME.member and never binds itself.
func withBuiltins(code string) string {
	var head []string
	for _, m := range implicitBuiltins {
		use := regexp.MustCompile(`(?:^|[^\w.$])` + m + `\.\w`)
		bound := regexp.MustCompile(`\b(?:const|let|var|function|class|as|import)\s+` + m + `\b|[(,]\s*` + m + `\s*[,)=]|\b` + m + `\s*=>|\{[^}]*\b` + m + `\b[^}]*\}\s*=`)
		if !use.MatchString(code) || bound.MatchString(code) {
			continue
		}
		if esmImportRe.MatchString(code) {
			head = append(head, "import "+m+" from '"+m+"'")
		} else {
			head = append(head, "const "+m+" = require('"+m+"')")
		}
	}
	if len(head) == 0 {
		return code
	}
	return strings.Join(head, "\n") + "\n" + code
}

// importLineRe is a whole line that binds a module: an ES import, or a
// const/let/var of a require.
var importLineRe = regexp.MustCompile(`^\s*(?:import\s.+\sfrom\s+['"][^'"]+['"]|(?:const|let|var)\s+[\w{}\s,]+=\s*require\(\s*['"][^'"]+['"]\s*\));?\s*$`)

// withoutRepeatedImports is code without the second and later copies of
// an import line: a README block of numbered alternatives, each opening
// with the same `import readdirp from 'readdirp'`, runs as one module,
// where the second binding is "Identifier 'readdirp' has already been
// declared".
func withoutRepeatedImports(code string) string {
	seen := map[string]bool{}
	var out []string
	for _, l := range strings.Split(code, "\n") {
		if importLineRe.MatchString(l) {
			k := strings.TrimSuffix(strings.TrimSpace(l), ";")
			if seen[k] {
				continue
			}
			seen[k] = true
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}
