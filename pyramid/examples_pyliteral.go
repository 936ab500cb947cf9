package pyramid

import (
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A Python project's Sphinx pages show most of their code in reST literal
// blocks ("… making simple cases extremely simple::" and the lines
// indented under it), which Sphinx highlights as Python unless told
// otherwise: jsonlines' whole usage guide is written so. The graph calls
// them "literal" (they may as well be a shell session or output); in a
// Python project a literal block of a .rst document that reads as Python —
// an import, an assignment, a with or for statement, a call — and not as
// a shell command is a Python block to the example miners.

var (
	pyStatementRe = regexp.MustCompile(`(?m)^(?:import \w|from [\w.]+ import |[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*\s*=[^=]|with .+:\s*$|for .+ in .+:\s*$|print\()`)
	shellLineRe   = regexp.MustCompile(`(?m)^\s*(?:\$ |pip3? |python3? |py\.test|pytest |git |cd |make |sudo |apt(?:-get)? |conda |poetry |tox\b|nox\b|curl |wget )`)
)

// pyLiteralBlocks is secs with the literal blocks of .rst documents that
// read as Python given the language "python", when the project is a
// Python project; secs itself otherwise (the index's sections are not
// changed).
func pyLiteralBlocks(secs []retrieval.DocSection, python bool) []retrieval.DocSection {
	if !python {
		return secs
	}
	out := make([]retrieval.DocSection, len(secs))
	for i, s := range secs {
		out[i] = s
		if !strings.HasSuffix(strings.ToLower(s.Path), ".rst") {
			continue
		}
		var code []retrieval.CodeBlock // a copy, once a block changes
		for j, cb := range s.Code {
			if cb.Lang == "literal" && pyStatementRe.MatchString(cb.Code) && !shellLineRe.MatchString(cb.Code) {
				if code == nil {
					code = slices.Clone(s.Code)
				}
				code[j].Lang = "python"
			}
		}
		if code != nil {
			out[i].Code = code
		}
	}
	return out
}
