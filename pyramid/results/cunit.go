package results

import (
	"regexp"
	"strings"
)

var (
	// "Run Summary:    Type  Total    Ran Passed Failed Inactive"
	cunitSummary = regexp.MustCompile(`^Run Summary:\s+Type\s+Total\s+Ran\s+Passed\s+Failed\s+Inactive$`)
	// "               tests     27     27     27      0        0"
	cunitTests = regexp.MustCompile(`^tests\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)$`)
)

// parseCUnit reads CUnit's basic-interface summaries (C projects' unit
// test programs: mosquitto, many autotools libraries): each "Run
// Summary:" table is one run, its "tests" row Total, Ran, Passed, Failed,
// Inactive. Tests registered but not run (Total-Ran) and inactive ones
// are skipped.
func parseCUnit(ls []string) (Counts, bool) {
	var r runs
	in := false
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if cunitSummary.MatchString(t) {
			r.summary(Counts{})
			in = true
			continue
		}
		if !in {
			continue
		}
		if m := cunitTests.FindStringSubmatch(t); m != nil {
			total, ran, passed, failed, inactive := atoi(m[1]), atoi(m[2]), atoi(m[3]), atoi(m[4]), atoi(m[5])
			r.sum = Counts{Passed: passed, Failed: failed, Skipped: max(total-ran, 0) + inactive}
			in = false
			r.done()
		}
	}
	return r.result()
}

// cunitSummaries counts CUnit's summaries, one per test program run.
func cunitSummaries(ls []string) int {
	n := 0
	for _, l := range ls {
		if c, t := lead(l); c == 'R' && cunitSummary.MatchString(strings.TrimSpace(t)) {
			n++
		}
	}
	return n
}
