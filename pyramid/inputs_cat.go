package pyramid

import (
	"path"
	"regexp"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A command-line tool's documentation often shows its inputs as a shell
// session: `$ cat a.json` and the file's lines, then the command reading
// it (json-pointer's doc/commandline.rst: `$ cat ptr.json` → "/a", then
// `$ jsonpointer ptr.json a.json b.json`). catShown reads that content:
// the lines after the prompt's cat of the file, up to the next prompt, a
// blank line or a comment.

// catPromptRe is a prompt's cat of one file.
var catPromptRe = regexp.MustCompile(`^\s*[$%>]\s+cat\s+([\w./-]+)\s*$`)

// promptLineRe starts a new command of a shell session.
var promptLineRe = regexp.MustCompile(`^\s*[$%>]\s`)

// catShown is the content of f that a shell session of doc shows with
// cat before line, in the same section; false when it shows none.
func catShown(secs []retrieval.DocSection, doc string, line int64, f string) (string, bool) {
	if doc == "" || line <= 0 {
		return "", false
	}
	found, data := false, ""
	for _, s := range secs {
		if s.Path != doc || line < s.Line || s.EndLine > 0 && line > s.EndLine {
			continue
		}
		for _, cb := range s.Code {
			if cb.Line > line {
				continue
			}
			if d, ok := catIn(cb, line, f); ok {
				found, data = true, d // the nearest before the command wins
			}
		}
	}
	return data, found
}

// catIn is the content of f the block cb shows with cat before line.
func catIn(cb retrieval.CodeBlock, line int64, f string) (string, bool) {
	ls := strings.Split(cb.Code, "\n")
	found, data := false, ""
	for i := 0; i < len(ls); i++ {
		if cb.Line+int64(i) >= line {
			break
		}
		m := catPromptRe.FindStringSubmatch(ls[i])
		if m == nil || path.Clean(m[1]) != path.Clean(f) {
			continue
		}
		var out []string
		for j := i + 1; j < len(ls); j++ {
			t := strings.TrimSpace(ls[j])
			if t == "" || promptLineRe.MatchString(ls[j]) || strings.HasPrefix(t, "#") {
				break
			}
			out = append(out, t)
		}
		if len(out) > 0 {
			found, data = true, strings.Join(out, "\n")+"\n"
		}
	}
	return data, found
}
