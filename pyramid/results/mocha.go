package results

import (
	"regexp"
	"strings"
)

var (
	// "3 passing (12ms)", "0 passing (2s)"
	mochaPassing = regexp.MustCompile(`^(\d+) passing \(\d+(?:ms|s|m|h)\)$`)
	// "2 pending", "1 failing"
	mochaOther = regexp.MustCompile(`^(\d+) (pending|failing)$`)
)

// parseMocha reads mocha's spec-reporter epilogue: "N passing (T)" starts a
// run (mocha always prints it, "0 passing" included), then optional
// "N pending" (→ skipped) and "N failing" lines amend it.
func parseMocha(ls []string) (Counts, bool) {
	var r runs
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if t == "" || t[0] < '0' || t[0] > '9' {
			continue
		}
		if m := mochaPassing.FindStringSubmatch(t); m != nil {
			r.start()
			r.summary(Counts{Passed: atoi(m[1])})
			continue
		}
		if !r.hasSum {
			continue
		}
		if m := mochaOther.FindStringSubmatch(t); m != nil {
			if m[2] == "pending" {
				r.sum.Skipped = atoi(m[1])
			} else {
				r.sum.Failed = atoi(m[1])
			}
		}
	}
	return r.result()
}
