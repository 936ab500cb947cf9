package results

import "strings"

// doctestWords are the columns of doctest's "test cases:" row. doctest's
// "skipped" are the test cases that did not pass the filters or are
// decorated with doctest::skip(): they did not run.
var doctestWords = map[string]func(*Counts, int){
	"passed": addPassed, "failed": addFailed, "skipped": addSkipped,
}

// parseDoctest reads doctest's closing block: "[doctest] test cases: N |
// P passed | F failed | S skipped" (numbers right-aligned with spaces; the
// skipped column is missing with --no-skipped-summary, leaving a trailing
// "|"). Each such line ends one binary's run; several binaries (ctest -V)
// are summed. "[doctest] doctest version is" alone (a run that crashed, or
// --minimal with no failure) is recognised without counts.
func parseDoctest(ls []string) (Counts, bool) {
	c, _, ok := doctestRuns(ls)
	return c, ok
}

// doctestSummaries counts the closing lines, one per binary run.
func doctestSummaries(ls []string) int {
	_, n, _ := doctestRuns(ls)
	return n
}

func doctestRuns(ls []string) (Counts, int, bool) {
	var r runs
	n := 0
	for _, l := range ls {
		c, t := lead(l)
		if c != '[' || !strings.HasPrefix(t, "[doctest] ") {
			continue
		}
		t = strings.TrimSpace(strings.TrimPrefix(t, "[doctest] "))
		switch {
		case strings.HasPrefix(t, "test cases:"):
			if _, c, ok := pipeCounts(strings.TrimPrefix(t, "test cases:"), doctestWords); ok {
				r.summary(c)
				r.done()
				n++
			}
		case strings.HasPrefix(t, "doctest version is"):
			r.detect()
		}
	}
	c, ok := r.result()
	return c, n, ok
}
