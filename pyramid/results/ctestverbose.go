package results

import (
	"regexp"
	"strings"
)

// ctestVerbose undoes ctest -V's prefixes: with -V (or -VV, --verbose)
// ctest shows every test's output with the test's number in front ("1:
// [==========] 300 tests from 2 test suites ran."), and with -j the
// outputs of tests running at once interleave. The prefixes are removed
// and each test's lines are moved, together, to just before the line that
// reports the test's end ("1/2 Test #1: unit …"), so the inner
// frameworks' parsers see one whole run per test. Outputs without ctest's
// "N: Test command:" lines are returned as they are.
func ctestVerbose(ls []string) []string {
	if !hasVerboseCTest(ls) {
		return ls
	}
	out := make([]string, 0, len(ls))
	pending := map[string][]string{} // test number → its lines not yet placed
	var order []string               // test numbers in first-seen order
	flush := func(id string) {
		out = append(out, pending[id]...)
		delete(pending, id)
	}
	flushAll := func() {
		for _, id := range order {
			flush(id)
		}
		order = order[:0]
	}
	for _, l := range ls {
		if id, rest, ok := verbosePrefix(l); ok {
			if _, seen := pending[id]; !seen {
				order = append(order, id)
			}
			pending[id] = append(pending[id], rest)
			continue
		}
		switch c, t := lead(l); {
		case c == 'T' && strings.HasPrefix(t, "Test project "):
			flushAll()
		case c >= '0' && c <= '9' && strings.Contains(t, " Test "):
			if id := endedTest(t); id != "" {
				flush(id)
			}
		}
		out = append(out, l)
	}
	flushAll()
	return out
}

// hasVerboseCTest reports a "N: Test command: …" line of ctest -V.
func hasVerboseCTest(ls []string) bool {
	for _, l := range ls {
		if len(l) > 0 && l[0] >= '0' && l[0] <= '9' && strings.Contains(l, ": Test command: ") {
			if _, rest, ok := verbosePrefix(l); ok && strings.HasPrefix(rest, "Test command: ") {
				return true
			}
		}
	}
	return false
}

// verbosePrefix splits "12: text" (or "12:" for an empty line) into the
// test number and the test's line.
func verbosePrefix(l string) (id, rest string, ok bool) {
	i := 0
	for i < len(l) && l[i] >= '0' && l[i] <= '9' {
		i++
	}
	if i == 0 || i >= len(l) || l[i] != ':' {
		return "", "", false
	}
	switch {
	case i+1 == len(l):
		return l[:i], "", true
	case l[i+1] == ' ':
		return l[:i], l[i+2:], true
	}
	return "", "", false
}

// ctestEnded is ctest's line for a finished test: "3/6 Test #3: name …",
// " 3/12 Test  #3: name …".
var ctestEnded = regexp.MustCompile(`^\d+/\d+ Test +#(\d+):`)

// endedTest returns K from ctest's "3/6 Test #K: name ….. Passed" line,
// "" for other lines.
func endedTest(t string) string {
	if m := ctestEnded.FindStringSubmatch(t); m != nil {
		return m[1]
	}
	return ""
}
