package build

import (
	"fmt"
	"path"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/heragent/heragent/graph"
)

// chunk is a section of a document.
type chunk struct {
	heading       string
	level         int
	line, endLine int
	text          string
	codeLangs     []string
	codes         []string
	codeLines     []string
}

const maxChunkText = 16 << 10

// addCode records a code block of lines first to last. An empty block (a
// fence closed at once, or opened on the last line) has no line of code
// to point at and is not recorded: its span would end before it starts,
// or past the end of the document (fuzzing found "```" as a last line).
func (c *chunk) addCode(lang, code string, first, last int) {
	if last < first {
		return
	}
	c.codeLangs = append(c.codeLangs, lang)
	c.codes = append(c.codes, code)
	c.codeLines = append(c.codeLines, fmt.Sprintf("%d-%d", first, last))
}

// Sphinx's doctest extension runs a document's `.. testcode::` blocks
// as Python programs, each after the document's `.. testsetup::` code
// (tenacity's README imports everything there once, jsonschema's docs
// show their validators so): a testcode block is kept as Python with the
// setup before it, and a setup block is not kept on its own.
const (
	sphinxTestcode = "testcode"
	sphinxSetup    = "testsetup"
)

// chunkDoc splits a document into sections: Markdown by ATX/setext
// headings, reStructuredText by underlined titles, anything else by blocks
// of 60 lines. Fenced (``` / ~~~) and rst code-block blocks are collected
// with their language and line span.
func chunkDoc(rel string, text string) []chunk {
	lines := strings.Split(text, "\n")
	if len(lines) > 1 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1] // the newline ending the last line
	}
	ext := strings.ToLower(path.Ext(rel))
	md := ext == ".md" || ext == ".markdown" || ext == "" && strings.HasPrefix(strings.ToUpper(path.Base(rel)), "README")
	rst := ext == ".rst"
	adoc := ext == ".adoc" || ext == ".asciidoc" || ext == ".asc" || ext == ".txt"
	var out []chunk
	cur := chunk{line: 1}
	var body []string
	flush := func(end int) {
		t := strings.TrimSpace(strings.Join(body, "\n"))
		if t != "" || cur.heading != "" {
			cur.endLine = end
			if len(t) > maxChunkText { // cut at a rune's start: the stores keep valid UTF-8
				n := maxChunkText
				for n > 0 && !utf8.RuneStart(t[n]) {
					n--
				}
				t = t[:n]
			}
			cur.text = t
			out = append(out, cur)
		}
		body = nil
	}
	fence, fenceLang, fenceStart := "", "", 0
	var code []string
	rstCode, rstIndentSeen := false, false
	rstIndent := 0              // the directive's own indentation: its block is what is indented deeper
	codeFirst, codeLast := 0, 0 // line span of an rst code block's text
	setup := ""                 // the document's Sphinx testsetup code so far
	closeRst := func() {
		switch c := dedent(code); fenceLang {
		case sphinxSetup:
			setup += c + "\n"
		case sphinxTestcode:
			cur.addCode("python", setup+c, codeFirst, codeLast)
		default:
			cur.addCode(fenceLang, c, codeFirst, codeLast)
		}
	}
	for i := 0; i < len(lines); i++ {
		ln := i + 1
		l := lines[i]
		trimmed := strings.TrimSpace(l)
		if fence != "" { // inside a fenced block
			body = append(body, l)
			if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				if fenceLang == "" && fence[0] == '-' { // an AsciiDoc listing that names no language
					fenceLang = literalLang(code)
				}
				c := strings.Join(code, "\n")
				if allIndented(code) { // the block of a list item, or indented as a whole: python-json-logger's README
					c = dedent(code)
				}
				cur.addCode(fenceLang, c, fenceStart+1, ln-1)
				fence, code = "", nil
			} else {
				code = append(code, l)
			}
			continue
		}
		if rstCode {
			// a directive nested in another (cachetools' testcode under
			// `.. class::`) ends at the prose indented as deep as it is
			if trimmed == "" || indentOf(l) > rstIndent {
				body = append(body, l)
				switch {
				case trimmed != "":
					if !rstIndentSeen {
						codeFirst = ln
					}
					rstIndentSeen, codeLast = true, ln
					code = append(code, l)
				case rstIndentSeen:
					code = append(code, "") // a blank line inside the block
				}
				continue
			}
			if rstIndentSeen {
				closeRst()
			}
			rstCode, code = false, nil
		}
		// A plain-text document underlines its headings with a line of
		// tildes (libfuse's doc/kernel.txt), which Markdown would read as
		// a fence: there, only a line after a blank one opens a fence.
		underline := !md && i > 0 && strings.TrimSpace(lines[i-1]) != "" && strings.Trim(trimmed, "~`") == ""
		if (md || !rst) && !underline && (strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")) {
			fence = trimmed[:3]
			fenceLang = ""
			if f := strings.Fields(strings.TrimLeft(trimmed, "`~")); len(f) > 0 {
				fenceLang = strings.Trim(f[0], "{}.")
			}
			fenceStart = ln
			body = append(body, l)
			continue
		}
		if adoc && !underline {
			if lang, ok := adocListing(lines, i, ext == ".txt"); ok {
				fence, fenceLang, fenceStart = trimmed, lang, ln
				body = append(body, l)
				continue
			}
		}
		if rst && (strings.HasPrefix(trimmed, ".. code-block::") || strings.HasPrefix(trimmed, ".. code::") || strings.HasPrefix(trimmed, ".. sourcecode::") || strings.HasPrefix(trimmed, ".. doctest::") ||
			strings.HasPrefix(trimmed, ".. "+sphinxTestcode+"::") || strings.HasPrefix(trimmed, ".. "+sphinxSetup+"::")) {
			directive, lang, _ := strings.Cut(strings.TrimPrefix(trimmed, ".. "), "::")
			switch directive {
			case "doctest":
				lang = "pycon" // Sphinx's doctest directive: an interactive session
			case sphinxTestcode, sphinxSetup:
				lang = directive // Python code, the setup's prepended to each later testcode
			}
			rstCode, rstIndentSeen, fenceLang, fenceStart, rstIndent = true, false, strings.TrimSpace(lang), ln, indentOf(l)
			body = append(body, l)
			continue
		}
		if rst && strings.HasSuffix(trimmed, "::") && !strings.HasPrefix(trimmed, "..") {
			// A reST literal block: "Examples::" or a lone "::", then the
			// lines indented deeper (man pages in reST keep their
			// commands there, `$ prog --genkey …`)
			if first, last, ok := rstLiteral(lines, i); ok {
				body = append(body, lines[i:last+1]...)
				cur.addCode(literalLang(lines[first:last+1]), dedent(lines[first:last+1]), first+1, last+1)
				i = last
				continue
			}
		}
		lang := sessionLang(l, rst, i == 0 || strings.TrimSpace(lines[i-1]) == "")
		if lang == "" && md && mdIndentedShell(lines, i) {
			lang = graph.LangIndentedShell
		} else if lang == "" && md && mdIndentedCode(lines, i) {
			lang = graph.LangIndented
		}
		if lang != "" {
			// A transcript outside a fence: an indented console session
			// (plain-text INSTALL files, Markdown's indented blocks) with
			// its continuation lines, or a Python session (reST's doctest
			// blocks, indented >>> examples) up to the blank line.
			j := i
			for {
				if j+1 < len(lines) && (indented(lines[j+1]) || lang == "pycon" && strings.TrimSpace(lines[j+1]) != "") {
					j++
					continue
				}
				// an indented session (a reST literal block after "::",
				// Markdown's indented block) goes on across blank lines
				// while what follows them is indented as deep
				if k := nextNonBlank(lines, j+1); indented(l) && k < len(lines) && indentOf(lines[k]) >= indentOf(l) {
					j = k
					continue
				}
				break
			}
			body = append(body, lines[i:j+1]...)
			cur.addCode(lang, dedent(lines[i:j+1]), ln, j+1) // dedent reslices, never writes
			i = j
			continue
		}
		heading, level := "", 0
		switch {
		case md && strings.HasPrefix(trimmed, "#") && len(l) > 0 && l[0] == '#':
			level = len(trimmed) - len(strings.TrimLeft(trimmed, "#"))
			if level <= 6 && (len(trimmed) == level || trimmed[level] == ' ') {
				heading = strings.TrimSpace(strings.Trim(trimmed, "#"))
			} else {
				level = 0
			}
		case (md || rst) && i+1 < len(lines) && trimmed != "" && isUnderline(lines[i+1], len([]rune(trimmed)), rst):
			heading = trimmed
			level = 1
			if strings.HasPrefix(strings.TrimSpace(lines[i+1]), "-") {
				level = 2
			}
			i++
		}
		if heading != "" {
			flush(ln - 1)
			cur = chunk{heading: heading, level: level, line: ln}
			continue
		}
		if !md && !rst && len(body) >= 60 {
			flush(ln - 1)
			cur = chunk{line: ln}
		}
		body = append(body, l)
	}
	switch {
	case fence != "": // unterminated fence: the code runs to the end
		cur.addCode(fenceLang, strings.Join(code, "\n"), fenceStart+1, len(lines))
	case rstCode && rstIndentSeen:
		closeRst()
	}
	flush(len(lines))
	return out
}

// sessionLang tells whether line l starts a transcript outside a fence:
// "console" for an indented "  $ make" (not in reST, whose literal
// blocks are its own), "pycon" for ">>> " opening a paragraph (reST's
// doctest block) or indented.
func sessionLang(l string, rst, afterBlank bool) string {
	t := strings.TrimSpace(l)
	switch {
	case !rst && indented(l) && strings.HasPrefix(t, "$ "):
		return "console"
	case strings.HasPrefix(t, ">>> ") && (afterBlank || indented(l)):
		return "pycon"
	}
	return ""
}

// rstLiteral finds the literal block that line i (a paragraph ending in
// "::") introduces: after a blank line, the lines indented deeper than
// it, blank lines inside included. ok is false when none follows.
func rstLiteral(lines []string, i int) (first, last int, ok bool) {
	base := indentOf(lines[i])
	k := nextNonBlank(lines, i+1)
	if k == i+1 || k >= len(lines) || indentOf(lines[k]) <= base {
		return 0, 0, false
	}
	last = k
	for j := k + 1; j < len(lines); j++ {
		if t := strings.TrimSpace(lines[j]); t != "" {
			if indentOf(lines[j]) <= base {
				break
			}
			last = j
		}
	}
	return k, last, true
}

// literalLang names what a reST literal block or an AsciiDoc listing
// holds, which they do not say: "console" when a line starts with a shell
// prompt, "pycon" for a Python session, "c" or "cpp" for a whole C or C++
// program (an #include and a main), else "literal" (a command, a
// configuration, output or code: the miners decide).
func literalLang(block []string) string {
	include, main, cpp := false, false, false
	for _, l := range block {
		switch t := strings.TrimSpace(l); {
		case strings.HasPrefix(t, "$ "):
			return "console"
		case strings.HasPrefix(t, ">>> "):
			return "pycon"
		case cInclude.MatchString(t):
			include = true
			cpp = cpp || cppInclude.MatchString(t)
		case cMain.MatchString(t):
			main = true
		case cppLine.MatchString(t):
			cpp = true
		}
	}
	switch {
	case include && main && cpp:
		return "cpp"
	case include && main:
		return "c"
	}
	return "literal"
}

var (
	cInclude = regexp.MustCompile(`^#\s*include\s*[<"]`)
	cMain    = regexp.MustCompile(`^(?:int|auto)\s+main\s*\(`)
	// cppInclude is a C++ header: the standard's have no extension
	// (<string>, <cstdio>), a project's may end in .hpp/.hh/.hxx
	cppInclude = regexp.MustCompile(`^#\s*include\s*(?:<[\w/]+>|[<"][^>"]+\.(?:hpp|hh|hxx|h\+\+)[>"])`)
	cppLine    = regexp.MustCompile(`\bstd::|^(?:namespace|template\s*<|class\s+\w+\s*[:{]|using\s+namespace)`)
)

// adocListing reports whether line i opens an AsciiDoc listing block — a
// line of four or more hyphens after a blank line, a block title
// (".A string-keyed hash") or an attribute list ("[source,c]"), closed by
// the same line further on — and the language its attribute list names.
// uthash's doc/userguide.txt holds its example programs so.
//
// In a .txt document, where a row of hyphens after a blank line is as
// often a section rule, strict asks for the title or attribute list.
func adocListing(lines []string, i int, strict bool) (string, bool) {
	t := strings.TrimSpace(lines[i])
	if len(t) < 4 || strings.Trim(t, "-") != "" {
		return "", false
	}
	prev := ""
	if i > 0 {
		prev = strings.TrimSpace(lines[i-1])
	}
	lang := ""
	switch {
	case prev == "" && !strict:
	case len(prev) > 1 && prev[0] == '.' && prev[1] != '.' && prev[1] != ' ':
	case strings.HasPrefix(prev, "[") && strings.HasSuffix(prev, "]"):
		if attrs := strings.Split(strings.Trim(prev, "[]"), ","); len(attrs) > 1 && strings.TrimSpace(attrs[0]) == "source" {
			lang = strings.TrimSpace(attrs[1])
		}
	default:
		return "", false
	}
	for j := i + 1; j < len(lines); j++ {
		if strings.TrimSpace(lines[j]) == t {
			return lang, true
		}
	}
	return "", false
}

// nextNonBlank is the index of the first non-blank line from i, or len(lines).
func nextNonBlank(lines []string, i int) int {
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	return i
}

// indentOf is the width of a line's leading blanks.
func indentOf(l string) int { return len(l) - len(strings.TrimLeft(l, " \t")) }

// indented is a non-blank line that starts with a space or a tab.
func indented(l string) bool {
	return strings.TrimSpace(l) != "" && (l[0] == ' ' || l[0] == '\t')
}

// isUnderline reports whether l underlines a title of width n.
func isUnderline(l string, n int, rst bool) bool {
	t := strings.TrimSpace(l)
	if t == "" || len(t) < 3 {
		return false
	}
	c := t[0]
	if strings.Trim(t, string(c)) != "" {
		return false
	}
	if !rst {
		return c == '=' || c == '-'
	}
	return strings.ContainsRune("=-~^\"'`#*+:.", rune(c)) && len(t) >= n
}

// allIndented reports lines that are all indented (blank ones aside),
// at least one of them not blank.
func allIndented(lines []string) bool {
	seen := false
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if !indented(l) {
			return false
		}
		seen = true
	}
	return seen
}

// dedent joins an rst code block's lines without the indentation they all
// share (the directive's), keeping the code's own (Python's blocks) and
// dropping trailing blank lines.
func dedent(lines []string) string {
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	common := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " \t"))
		if common < 0 || n < common {
			common = n
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		if len(l) >= common && common > 0 {
			l = l[common:]
		}
		out[i] = strings.TrimRight(l, " \t")
	}
	return strings.Join(out, "\n")
}
