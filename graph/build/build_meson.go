package build

import (
	"bytes"
	"regexp"
	"strings"
)

// macroCall is a function or macro call found by scanning balanced
// parentheses: its name, argument text and line.
type macroCall struct {
	name, args string
	line       int
}

// findCalls finds calls of the given names in src (meson functions, m4
// macros), with their balanced-parenthesis argument text. comment is the
// line-comment leader ("#" or "dnl").
//
// Each call's arguments are scanned from its parenthesis, so nested calls
// are read again inside their caller: linear in a real file, quadratic in
// one of many unclosed or deeply nested calls (fuzzing found it: a
// 360 KB configure.ac of `AC_INIT(` lines took 14 s, a 1 MiB one
// minutes). The scans share a budget proportional to the file, after
// which the calls not read yet are dropped; lines are counted once.
func findCalls(src []byte, names *regexp.Regexp) []macroCall {
	var out []macroCall
	budget := 16*len(src) + 1<<16
	line, counted := 1, 0
	for _, m := range names.FindAllSubmatchIndex(src, -1) {
		open := m[1] - 1
		depth, quote := 0, byte(0)
		end := -1
		for i := open; i < len(src) && end < 0 && budget > 0; i++ {
			budget--
			c := src[i]
			switch {
			case quote != 0:
				if c == '\\' {
					i++
				} else if c == quote {
					quote = 0
				}
			case c == '\'' || c == '"':
				quote = c
			case c == '(' || c == '[':
				depth++
			case c == ')' || c == ']':
				depth--
				if depth == 0 {
					end = i
				}
			}
		}
		if end < 0 {
			continue
		}
		line += bytes.Count(src[counted:m[2]], []byte("\n")) // matches come in order: count each newline once
		counted = m[2]
		out = append(out, macroCall{name: string(src[m[2]:m[3]]), args: string(src[open+1 : end]), line: line})
	}
	return out
}

var (
	mesonCalls   = regexp.MustCompile(`(?m)(?:^|[^\w.])(project|dependency|executable|library|shared_library|static_library|both_libraries|test|benchmark|find_program)\s*\(`)
	mesonString  = regexp.MustCompile(`'((?:[^'\\]|\\.)*)'`)
	mesonVersion = regexp.MustCompile(`version\s*:\s*(\[[^\]]*\]|'[^']*')`)
	mesonReq     = regexp.MustCompile(`required\s*:\s*(false|true)`)
	mesonInstall = regexp.MustCompile(`(^|[^\w])install\s*:\s*true`)
)

func parseMeson(_ string, src []byte, f *fileFacts) error {
	for _, c := range findCalls(src, mesonCalls) {
		strs := mesonString.FindAllStringSubmatch(c.args, -1)
		if len(strs) == 0 {
			continue
		}
		first := strs[0][1]
		switch c.name {
		case "project":
			f.fact("project", first)
			if len(strs) > 1 {
				f.fact("languages", strs[1][1])
			}
		case "dependency":
			d := dependency{ecosystem: "meson", name: first, scope: "build", line: c.line, required: true}
			if v := mesonVersion.FindStringSubmatch(c.args); v != nil {
				var cs []string
				for _, s := range mesonString.FindAllStringSubmatch(v[1], -1) {
					cs = append(cs, strings.ReplaceAll(s[1], " ", ""))
				}
				d.constraint = strings.Join(cs, ",")
			}
			if r := mesonReq.FindStringSubmatch(c.args); r != nil && r[1] == "false" {
				d.required = false
			}
			f.deps = append(f.deps, d)
		case "find_program":
			f.deps = append(f.deps, dependency{ecosystem: "program", name: first, scope: "build", line: c.line, required: !strings.Contains(c.args, "required: false") && !strings.Contains(c.args, "required : false")})
		case "executable":
			f.targets = append(f.targets, target{kind: "executable", name: first, line: c.line, sources: stringsOf(strs[1:])})
			if mesonInstall.MatchString(c.args) {
				addListFact(f, "installs", first)
			}
		case "library", "shared_library", "static_library", "both_libraries":
			f.targets = append(f.targets, target{kind: "library", name: first, line: c.line, sources: stringsOf(strs[1:])})
		case "test", "benchmark":
			cmd := ""
			if rest := strings.SplitN(c.args, ",", 3); len(rest) > 1 {
				cmd = strings.TrimSpace(rest[1])
			}
			f.targets = append(f.targets, target{kind: "test", name: first, command: cmd, line: c.line})
		}
	}
	return nil
}

func stringsOf(m [][]string) []string {
	var out []string
	for _, s := range m {
		out = append(out, s[1])
	}
	return out
}
