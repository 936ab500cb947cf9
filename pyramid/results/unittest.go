package results

import (
	"regexp"
	"strings"
)

var (
	// "Ran 6 tests in 0.002s"
	unittestRan = regexp.MustCompile(`^Ran (\d+) tests? in [\d.]+s$`)
	// "OK", "OK (skipped=1)", "FAILED (failures=1, errors=2)", "PASSED (successes=5)",
	// "NO TESTS RAN"
	unittestResult = regexp.MustCompile(`^(OK|FAILED|PASSED|NO TESTS RAN)(?: \((.*)\))?$`)
)

// parseUnittest reads Python unittest's closing lines (also printed by
// Django's runner and Twisted trial): "Ran N tests in Xs" followed by the
// result line. Passed is N minus failures, errors, skips, expected failures
// and unexpected successes. Expected failures → skipped; unexpected
// successes → failed (unittest's wasSuccessful() is false for them). Each
// "Ran" line is one run.
func parseUnittest(ls []string) (Counts, bool) {
	var total Counts
	seen := false
	ran, pending := 0, false
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "Ran ") {
			if m := unittestRan.FindStringSubmatch(t); m != nil {
				ran, pending, seen = atoi(m[1]), true, true
			}
			continue
		}
		if !pending || t == "" {
			continue
		}
		pending = false
		m := unittestResult.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		var c Counts
		for _, kv := range strings.Split(m[2], ",") {
			k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
			if !ok {
				continue
			}
			n := atoi(v)
			switch k {
			case "failures", "unexpected successes":
				c.Failed += n
			case "errors":
				c.Errors += n
			case "skipped", "skips", "expected failures", "expectedFailures":
				c.Skipped += n
			}
		}
		c.Passed = max(ran-c.Failed-c.Errors-c.Skipped, 0)
		total.Add(c)
	}
	return total, seen
}

// unittestSummaries counts the "Ran N tests in Xs" lines: one per run.
func unittestSummaries(ls []string) int {
	n := 0
	for _, l := range ls {
		if c, t := lead(l); c == 'R' && strings.HasPrefix(t, "Ran ") && unittestRan.MatchString(strings.TrimSpace(t)) {
			n++
		}
	}
	return n
}
