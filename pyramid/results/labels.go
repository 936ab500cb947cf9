package results

import (
	"regexp"
	"strings"
)

// labelLine is a home-made runner's total on a line of its own:
// "TESTS: 1283", "FAILURES: 2", "Errors: 0", "SKIPPED: 12" (PyYAML's
// test_appliance, many shell and Perl drivers), with the unit after it
// too ("Executed:  7885 Tests", "FAILED:     8 Tests": Vim's test driver),
// or the word tests before it ("Tests passed: 349", "Tests failed: 0":
// parson's test program).
var labelLine = regexp.MustCompile(`(?i)^(tests|total|tests run|executed|passed|pass|failures|failed|fail|errors|error|skipped|skip|tests passed|tests failed|tests skipped)\s*:\s*(\d+)(?:\s+tests?)?$`)

// hashLabelLine is such a total after a hash, its label maybe qualified
// by a reason and the colon maybe left out, one line a reason the totals
// add up over (universal-ctags' units harness: "#passed: 1642",
// "#FAILED (unexpected-output): 0", "#TIMED-OUT (10s) 0", "#skipped
// (features): 3").
var hashLabelLine = regexp.MustCompile(`(?i)^#\s*(tests|total|passed|pass|failures|failed|fail|errors|error|skipped|skip|timed-out)(?:\s+\([^)]*\))?(?:\s*:\s*|\s+)(\d+)$`)

// countFirstLine is the same total with the number first, as a closing
// block of its own lines (rsync's runtests.py: "322 passed", "29 skipped").
var countFirstLine = regexp.MustCompile(`(?i)^(\d+)\s+(tests|passed|failed|failures|errors|skipped)$`)

// sentenceLine is the same total as a sentence: "42 tests passed in 3
// sec", "Error: 3 of 120 tests failed in 2 sec" (micro-should and
// @paulmillr/jsbt, which paulmillr's packages test with; many drivers'
// "12 tests passed").
var sentenceLine = regexp.MustCompile(`(?i)^(?:Error: )?(?:(\d+) of )?(\d+) tests? (passed|failed)(?: in \d[^,;]*)?\.?$`)

// filesLine is a runner of test files' total: "0 errors in 28 files
// (0:00:25)" (far, which felixge's packages — form-data, combined-stream —
// test with; its progress line "[0:00:25 0/28/28 100.0% x.js]" before it
// on the same line): each file a test, those with errors failed.
var filesLine = regexp.MustCompile(`(?i)(?:^|\])\s*(\d+) errors? in (\d+) files?(?: \([\d:.]+\))?$`)

// parseLabels reads such totals: the tests run from TESTS/TOTAL, the
// failures, errors and skips from their labels, passed the rest (or its
// own label). It is a fallback, used only when no framework was
// recognised, and needs a total or a pass count. The last block counts
// (a runner prints its totals once).
func parseLabels(ls []string) (Counts, bool) {
	var c Counts
	total, passed, seen := -1, -1, false
	for _, l := range ls {
		t := strings.TrimSpace(l)
		m, add := labelLine.FindStringSubmatch(t), false
		if m == nil {
			m = hashLabelLine.FindStringSubmatch(t)
			add = m != nil
		}
		if m == nil {
			if n := countFirstLine.FindStringSubmatch(t); n != nil {
				m = []string{n[0], n[2], n[1]}
			}
		}
		if m == nil {
			if n := filesLine.FindStringSubmatch(t); n != nil {
				c.Failed, total, passed, seen = atoi(n[1]), atoi(n[2]), -1, true
				continue
			}
			if n := sentenceLine.FindStringSubmatch(t); n != nil {
				var ok bool
				total, passed, ok = sentence(&c, n, total, passed)
				seen = seen || ok
			}
			continue
		}
		n := atoi(m[2])
		set := func(p *int) {
			if add {
				*p += n
			} else {
				*p = n
			}
		}
		switch strings.ToLower(m[1]) {
		case "tests", "total", "tests run", "executed":
			total, seen = n, true
		case "passed", "pass", "tests passed":
			passed, seen = n, true
		case "failures", "failed", "fail", "tests failed", "timed-out":
			set(&c.Failed)
		case "errors", "error":
			set(&c.Errors)
		case "skipped", "skip", "tests skipped":
			set(&c.Skipped)
		}
	}
	if !seen {
		return Counts{}, false
	}
	c.Passed = passed
	if passed < 0 {
		c.Passed = max(total-c.Failed-c.Errors-c.Skipped, 0)
	}
	return c, true
}

// sentence applies a sentenceLine match n: "N tests passed", "K of N
// tests passed", "K of N tests failed", "N tests failed" (no total); ok
// when it gave a total or a pass count.
func sentence(c *Counts, n []string, total, passed int) (int, int, bool) {
	of, num, failed := n[1], atoi(n[2]), strings.EqualFold(n[3], "failed")
	switch {
	case failed && of != "":
		c.Failed = atoi(of)
		return num, passed, true
	case failed:
		c.Failed = num
		return total, passed, false
	case of != "":
		return num, atoi(of), true
	}
	return total, num, true
}
