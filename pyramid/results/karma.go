package results

import (
	"regexp"
	"strings"
)

// karmaTotal is Karma's closing line over every browser it ran the tests
// in: "TOTAL: 2 FAILED, 570 SUCCESS", "TOTAL: 1702 SUCCESS" (its progress
// and dots reporters; a runner such as concurrently may put "[karma] "
// before it).
var karmaTotal = regexp.MustCompile(`\bTOTAL: (?:(\d+) FAILED, )?(\d+) SUCCESS\b`)

// parseKarma reads Karma's TOTAL line; reporters that print it again
// print the same run, whose last line counts.
func parseKarma(ls []string) (Counts, bool) {
	var r runs
	for _, l := range ls {
		if !strings.Contains(l, "TOTAL: ") {
			continue
		}
		if m := karmaTotal.FindStringSubmatch(l); m != nil {
			r.summary(Counts{Passed: atoi(m[2]), Failed: atoi(m[1])})
		}
	}
	return r.result()
}
