package repair

import (
	"regexp"
	"slices"
	"strings"
)

// symptomRe picks the lines of a long log that may explain a failure: the
// vocabulary of compilers, linkers, shells, package managers and test
// runners. It is deliberately broad; the rules decide what a line means.
var symptomRe = regexp.MustCompile(`(?i)error|not found|no such file|cannot|can't|could not|fatal|undefined reference|` +
	`no module named|missing|unable to|permission denied|not permitted|timed? ?out|refused|unreachable|` +
	`failed|\bfail\b|killed|traceback|exception|requires|required|too old|deprecated|warning: setting locale|` +
	`display|network|resolve|^\s*(usage|syntax)\s*:`)

// Excerpt condenses a whole log for diagnosis: the lines anywhere before
// the last tailLines that look like symptoms (at most maxSymptoms, in log
// order, without repeats), then the last tailLines lines as they are. A
// failing test suite often prints its cause (`xxd: not found`) hundreds
// of lines before its summary; the tail alone would miss it.
func Excerpt(log string, tailLines, maxSymptoms int) string {
	lines := strings.Split(strings.TrimRight(log, "\n"), "\n")
	if len(lines) <= tailLines {
		return strings.Join(lines, "\n")
	}
	head, tail := lines[:len(lines)-tailLines], lines[len(lines)-tailLines:]
	inTail := make(map[string]bool, len(tail))
	for _, l := range tail {
		inTail[strings.TrimSpace(l)] = true
	}
	seen := map[string]bool{}
	var picked []string
	for _, l := range head {
		t := strings.TrimSpace(l)
		if t == "" || len(t) > 400 || seen[t] || inTail[t] || chatter(t) || !symptomRe.MatchString(t) {
			continue
		}
		seen[t] = true
		picked = append(picked, l)
	}
	if len(picked) > maxSymptoms {
		picked = bound(picked, maxSymptoms)
	}
	if len(picked) == 0 {
		return strings.Join(tail, "\n")
	}
	return strings.Join(picked, "\n") + "\n[…]\n" + strings.Join(tail, "\n")
}

// raisedRe is a line that states an error rather than mentions one: an
// exception raised (pytest's `E   OSError: pytest: reading from stdin
// while output is captured!`), a tool's `error:`, a missing file. A
// verbose test runner's names (pytest-relaxed's "raises ValueError if no
// name found", hundreds of them) mention errors too; they must not crowd
// the raised ones out of the excerpt.
var raisedRe = regexp.MustCompile(`^(?:E\s+)?(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception|Exit)(?:\[\w+\])?: |(?i)\berror(?:\[\w+\])?: |: no such file or directory|: command not found|\bnot found\b`)

// bound keeps n of the picked symptoms, in log order: the raised ones
// first (both ends of them when they are more than n), then the others
// with what is left. The first symptoms are usually the causes, the last
// ones the consequences nearest the summary: of each group both ends.
func bound(picked []string, n int) []string {
	var raised, other []int
	for i, l := range picked {
		if raisedRe.MatchString(strings.TrimSpace(l)) {
			raised = append(raised, i)
		} else {
			other = append(other, i)
		}
	}
	keep := ends(raised, n)
	keep = append(keep, ends(other, n-len(keep))...)
	slices.Sort(keep)
	out := make([]string, 0, len(keep))
	for _, i := range keep {
		out = append(out, picked[i])
	}
	return out
}

// ends is n of xs: its first half and its last.
func ends(xs []int, n int) []int {
	if len(xs) <= n {
		return xs
	}
	half := n / 2
	return append(xs[:half:half], xs[len(xs)-(n-half):]...)
}

// chatter is a configure-time status line ("-- Could NOT find Doxygen",
// "checking for xyz... no"): it names optional things that are absent,
// never the cause of a failure that comes later.
func chatter(line string) bool {
	return strings.HasPrefix(line, "-- ") || strings.HasPrefix(line, "checking ") || strings.HasPrefix(line, "Run-time dependency ")
}
