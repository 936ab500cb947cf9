package results

import (
	"regexp"
	"strings"
)

var (
	// "All tests passed (4 assertions in 3 test cases)" (v2 and v3)
	catch2AllPassed = regexp.MustCompile(`^All tests passed \((\d+) assertions? in (\d+) test cases?\)$`)
	// "catch_tests is a Catch v2.13.10 host application.", "… a Catch2 v3.7.1 host application."
	catch2Banner = regexp.MustCompile(` is a Catch2? v\d+\.\d+\.\d+ host application\.$`)
)

// catch2Words are the columns of Catch2's "test cases:" row. A test case
// that failed as expected ([!shouldfail], [!mayfail]) is a known-broken
// test: skipped, like an XFAIL.
var catch2Words = map[string]func(*Counts, int){
	"passed": addPassed, "failed": addFailed, "skipped": addSkipped, "failed as expected": addSkipped,
}

// parseCatch2 reads the closing block of Catch2's console reporter (v2 and
// v3): "All tests passed (A assertions in N test cases)" when everything
// passed, else the "test cases: N | P passed | F failed | S skipped | X
// failed as expected" row (columns with a zero are left out, numbers are
// right-aligned with spaces: "test cases:  5 |  3 passed | 1 failed").
// "No tests ran" is a run without tests. Each closing line ends one
// binary's run; several binaries (ctest -V) are summed.
func parseCatch2(ls []string) (Counts, bool) {
	c, _, ok := catch2Runs(ls)
	return c, ok
}

// catch2Summaries counts the closing lines, one per binary run.
func catch2Summaries(ls []string) int {
	_, n, _ := catch2Runs(ls)
	return n
}

func catch2Runs(ls []string) (Counts, int, bool) {
	var r runs
	n := 0
	for _, l := range ls {
		c, t := lead(l)
		if c != 't' && c != 'A' && c != 'N' && !strings.HasSuffix(t, "application.") {
			continue
		}
		t = strings.TrimSpace(t)
		switch {
		case strings.HasPrefix(t, "test cases:"):
			if _, c, ok := pipeCounts(strings.TrimPrefix(t, "test cases:"), catch2Words); ok {
				r.summary(c)
				r.done()
				n++
			}
		case strings.HasPrefix(t, "All tests passed ("):
			if m := catch2AllPassed.FindStringSubmatch(t); m != nil {
				r.summary(Counts{Passed: atoi(m[2])})
				r.done()
				n++
			}
		case t == "No tests ran":
			r.detect()
			n++
		case strings.HasSuffix(t, "host application.") && catch2Banner.MatchString(t):
			r.detect()
		}
	}
	c, ok := r.result()
	return c, n, ok
}

// pipeCounts parses the "N | P passed | F failed …" rows of Catch2 and
// doctest: the first item is the total, the others "count words" whose
// words must all be known (nil ones are ignored). Items may be padded with
// spaces and the row may end with a "|". It returns the total and the
// counts.
func pipeCounts(s string, words map[string]func(*Counts, int)) (int, Counts, bool) {
	items := strings.Split(strings.TrimSuffix(strings.TrimSpace(s), "|"), "|")
	total := strings.TrimSpace(items[0])
	if !isDigits(total) {
		return 0, Counts{}, false
	}
	var c Counts
	for _, it := range items[1:] {
		num, word, ok := strings.Cut(strings.TrimSpace(it), " ")
		add, known := words[strings.TrimSpace(word)]
		if !ok || !isDigits(num) || !known {
			return 0, Counts{}, false
		}
		if add != nil {
			add(&c, atoi(num))
		}
	}
	return atoi(total), c, true
}
