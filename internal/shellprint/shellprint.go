// Package shellprint says whether mvdan.cc/sh's printer can print a shell
// syntax tree as it was written.
package shellprint

import (
	"bytes"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Faithful reports whether the printer writes n as it was written. Two
// habits of the printer change what a command means (fuzzing found both):
//
//   - it goes through text/tabwriter, which takes a form feed for a line
//     break and a vertical tab for the end of a cell wherever they stand
//     (a word, a quoted string, a here-document): bash reads
//     `make<FF>test` as one word, printed it became two commands;
//   - it rewrites a backquoted command substitution as $(…), so a literal
//     `$` just before one (`a$` + "`cmd`") becomes `a$$(cmd)`: the
//     shell's PID, then a subshell or a syntax error.
//
// Such text is refused or dropped, never reprinted.
func Faithful(n syntax.Node) bool {
	ok := true
	syntax.Walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Lit:
			ok = ok && !strings.ContainsAny(n.Value, "\f\v")
		case *syntax.SglQuoted:
			ok = ok && !strings.ContainsAny(n.Value, "\f\v")
		case *syntax.Comment:
			ok = ok && !strings.ContainsAny(n.Text, "\f\v")
		case *syntax.Word:
			ok = ok && !dollarBeforeBackquote(n.Parts)
		case *syntax.DblQuoted:
			ok = ok && !dollarBeforeBackquote(n.Parts)
		}
		return ok
	})
	return ok
}

// dollarBeforeBackquote reports a literal ending in `$` followed by a
// backquoted command substitution.
func dollarBeforeBackquote(parts []syntax.WordPart) bool {
	for i := 1; i < len(parts); i++ {
		lit, ok := parts[i-1].(*syntax.Lit)
		cs, ok2 := parts[i].(*syntax.CmdSubst)
		if ok && ok2 && cs.Backquotes && strings.HasSuffix(lit.Value, "$") {
			return true
		}
	}
	return false
}

// OneLine prints st on one line, or reports false when the printer cannot:
// st is not Faithful, or the line it writes is not shell. Its single-line
// mode drops the separator after a compound command nested in a loop when
// the next statement stood on its own line (fuzzing found
// "for … do if a & then b & fi<LF>c & done" printed as "… fi c & done").
func OneLine(st *syntax.Stmt) (string, bool) {
	if !Faithful(st) {
		return "", false
	}
	var b bytes.Buffer
	if err := syntax.NewPrinter(syntax.SingleLine(true)).Print(&b, st); err != nil {
		return "", false
	}
	if _, err := syntax.NewParser().Parse(strings.NewReader(b.String()), ""); err != nil {
		return "", false
	}
	return b.String(), true
}
