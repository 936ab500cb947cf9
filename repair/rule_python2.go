package repair

import (
	"path"
	"regexp"
	"strings"
)

// python2: a script of the project is Python 2 — Python 3 refuses its
// `print fingerprint` ("Missing parentheses in call to 'print'"), its
// `except Error, e:` — and Debian 12 has no Python 2 interpreter to run
// it with (libinjection's src/make_parens.py, which its `make check`
// runs first). No edit of the Bash File helps: recorded, naming the
// script, so the report says why instead of "unknown".
type python2 struct{}

var (
	// python2SyntaxRe is Python 3's SyntaxError on Python 2 code.
	python2SyntaxRe = regexp.MustCompile(`SyntaxError: (?:Missing parentheses in call to '(?:print|exec)'|multiple exception types must be parenthesized)`)
	// pyFileLineRe is a traceback's or SyntaxError's location line.
	pyFileLineRe = regexp.MustCompile(`^\s*File "([^"]+)", line \d+`)
)

func (python2) Name() string { return "python2" }

func (python2) Diagnose(f Failure) []Diagnosis {
	lines := logLines(f.Log)
	for i, l := range lines {
		if !python2SyntaxRe.MatchString(l) {
			continue
		}
		script := ""
		for j := i - 1; j >= 0 && j >= i-6; j-- {
			if m := pyFileLineRe.FindStringSubmatch(lines[j]); m != nil {
				script = strings.TrimPrefix(path.Clean(m[1]), "/repo/")
				break
			}
		}
		return []Diagnosis{{Kind: Python2, Subject: script, Evidence: strings.TrimSpace(l)}}
	}
	return nil
}

func (python2) Propose(d Diagnosis, _ *Context) (Proposal, bool) {
	if d.Kind != Python2 {
		return Proposal{}, false
	}
	what := "a script of the project"
	if d.Subject != "" {
		what = d.Subject
	}
	return record(d, what+" is Python 2 ("+d.Evidence+"): Debian 12 has no Python 2 interpreter, and Python 3 cannot run it"), true
}
