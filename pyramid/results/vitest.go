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

// parseVitest reads vitest's closing "Tests" line (the one without a
// colon; "Test Files" is ignored). todo → skipped. Each line is one run.
func parseVitest(ls []string) (Counts, bool) {
	var total Counts
	seen := false
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if !strings.HasPrefix(t, "Tests ") {
			continue
		}
		m := vitestTests.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		if c, ok := countList(m[1], "|", vitestWords); ok {
			total.Add(c)
			seen = true
		}
	}
	return total, seen
}
