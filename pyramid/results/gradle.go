package results

import (
	"regexp"
	"strings"
)

// "5 tests completed, 1 failed, 1 skipped"
var gradleLine = regexp.MustCompile(`^(\d+) tests? completed(?:, (\d+) failed)?(?:, (\d+) skipped)?$`)

// parseGradle reads Gradle's test task line, printed once per failing test
// task (a passing task prints nothing: its counts come from the JUnit XML
// under build/test-results). "N tests completed" includes the failed and
// skipped ones. Each line is one run (one task), summed.
func parseGradle(ls []string) (Counts, bool) {
	var total Counts
	seen := false
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if t == "" || t[0] < '0' || t[0] > '9' {
			continue
		}
		if m := gradleLine.FindStringSubmatch(t); m != nil {
			n, f, s := atoi(m[1]), atoi(m[2]), atoi(m[3])
			total.Add(Counts{Passed: max(n-f-s, 0), Failed: f, Skipped: s})
			seen = true
		}
	}
	return total, seen
}
