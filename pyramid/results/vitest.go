package results

import (
	"regexp"
	"strings"
)

// "Tests  1 failed | 3 passed | 1 skipped | 1 todo (6)"
var vitestTests = regexp.MustCompile(`^Tests\s+(.*?)\s*\((\d+)\)$`)

var vitestWords = map[string]func(*Counts, int){
	"passed": addPassed, "failed": addFailed, "skipped": addSkipped,
	"todo": addSkipped, "expected fail": addSkipped,
}

// filesFailedRe is the test files (vitest) or suites (jest) that failed,
// on the line before the tests' count: "Test Files  1 failed | 20 passed
// (22)", "Test Suites: 1 failed, 20 passed, 21 total".
var filesFailedRe = regexp.MustCompile(`^Test (?:Files|Suites):?\s+(\d+) failed\b`)

// fileErrors counts, as errors, the test files that failed when no test
// did: a file that could not load (handlebars.js' spec/spec.js, its
// mustache specs submodule absent) runs none of its tests, and the run
// is no clean one.
func fileErrors(c *Counts, filesFailed int) {
	if c.Failed+c.Errors == 0 {
		c.Errors += filesFailed
	}
}

// parseVitest reads vitest's closing "Tests" line (the one without a
// colon); todo → skipped; failed test files with no failed test are
// errors (fileErrors). Each line is one run.
func parseVitest(ls []string) (Counts, bool) {
	var total Counts
	seen := false
	filesFailed := 0
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if m := filesFailedRe.FindStringSubmatch(t); m != nil {
			filesFailed = atoi(m[1])
			continue
		}
		if !strings.HasPrefix(t, "Tests ") {
			continue
		}
		m := vitestTests.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		if c, ok := countList(m[1], "|", vitestWords); ok {
			fileErrors(&c, filesFailed)
			total.Add(c)
			seen = true
		}
		filesFailed = 0
	}
	return total, seen
}
