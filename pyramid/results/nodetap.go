package results

import (
	"regexp"
	"strings"
)

var (
	// node-tap's reporter: "Asserts:  528 pass  0 fail  3 skip  531 of 531 complete"
	nodeTapAsserts = regexp.MustCompile(`^Asserts:\s+(\d+) pass\s+(\d+) fail(?:\s+(\d+) skip)?(?:\s+(\d+) todo)?\s+\d+ of \d+ complete$`)
	// node-tap's closing comment: "# { total: 528, pass: 528, fail: 2, skip: 1 }"
	nodeTapTotal = regexp.MustCompile(`^# \{ total: (\d+), pass: (\d+)(?:, fail: (\d+))?(?:, skip: (\d+))?(?:, todo: \d+)?`)
)

// parseNodeTap reads node-tap's summaries (its default reporter draws a
// progress screen and ends with them): the asserts passed, failed and
// skipped. The last summary counts: the reporter repeats it while it
// redraws.
func parseNodeTap(ls []string) (Counts, bool) {
	var c Counts
	seen := false
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if m := nodeTapAsserts.FindStringSubmatch(t); m != nil {
			c, seen = Counts{Passed: atoi(m[1]), Failed: atoi(m[2]), Skipped: atoi(m[3]) + atoi(m[4])}, true
		} else if m := nodeTapTotal.FindStringSubmatch(t); m != nil {
			c, seen = Counts{Passed: atoi(m[2]), Failed: atoi(m[3]), Skipped: atoi(m[4])}, true
		}
	}
	return c, seen
}
