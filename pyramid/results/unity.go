package results

import (
	"regexp"
	"strings"
)

// unitySummary is ThrowTheSwitch Unity's closing line, one per test
// program (C projects, embedded code; Unity's rake driver prefixes its
// lines with "[    ] "): "42 Tests 0 Failures 1 Ignored".
var unitySummary = regexp.MustCompile(`(?:^|\] )(\d+) Tests (\d+) Failures (\d+) Ignored\s*$`)

// parseUnity sums Unity's summaries: each is one program's run, its
// failures and ignored tests out of its total.
func parseUnity(ls []string) (Counts, bool) {
	var r runs
	for _, l := range ls {
		if m := unitySummary.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			total, failed, ignored := atoi(m[1]), atoi(m[2]), atoi(m[3])
			r.summary(Counts{Passed: max(total-failed-ignored, 0), Failed: failed, Skipped: ignored})
			r.done()
		}
	}
	return r.result()
}

// unitySummaries counts Unity's summaries, one per test program run.
func unitySummaries(ls []string) int { return matchingLines(ls, unitySummary) }

// matchingLines counts the lines re matches, blanks around them trimmed:
// a framework's closing summaries, one per program run.
func matchingLines(ls []string, re *regexp.Regexp) int {
	n := 0
	for _, l := range ls {
		if re.MatchString(strings.TrimSpace(l)) {
			n++
		}
	}
	return n
}
