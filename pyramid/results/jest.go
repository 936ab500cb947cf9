package results

import (
	"regexp"
	"strings"
)

// "Tests:       1 failed, 1 skipped, 1 todo, 3 passed, 6 total"
var jestTests = regexp.MustCompile(`^Tests:\s+(.*), (\d+) total$`)

var jestWords = map[string]func(*Counts, int){
	"passed": addPassed, "failed": addFailed, "skipped": addSkipped,
	"todo": addSkipped, "pending": addSkipped,
}

// parseJest reads jest's closing "Tests:" line; todo tests count as
// skipped; failed suites with no failed test are errors (fileErrors).
// Each "Tests:" line is one run (jest prints it once per invocation; with
// several projects it is still one aggregated line).
func parseJest(ls []string) (Counts, bool) {
	var total Counts
	seen := false
	filesFailed := 0
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if m := filesFailedRe.FindStringSubmatch(t); m != nil {
			filesFailed = atoi(m[1])
			continue
		}
		if !strings.HasPrefix(t, "Tests:") {
			continue
		}
		m := jestTests.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		if c, ok := countList(m[1], ", ", jestWords); ok {
			fileErrors(&c, filesFailed)
			total.Add(c)
			seen = true
		}
		filesFailed = 0
	}
	return total, seen
}
