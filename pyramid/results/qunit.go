package results

import (
	"regexp"
	"strings"
)

var (
	// qunit-extras' (QUnit on Node: he, punycode, lodash's old suites)
	// closing line: "PASS: 1597  FAIL: 0  TOTAL: 1597", in assertions
	qunitSummary = regexp.MustCompile(`^PASS: (\d+)\s+FAIL: (\d+)\s+TOTAL: (\d+)$`)
	// one line per test before it: " PASS - decode", " FAIL - encode"
	qunitTest = regexp.MustCompile(`^(PASS|FAIL) - \S`)
)

// parseQUnit reads qunit-extras' console output: its tests' verdict
// lines when it prints them, else its summary's assertions (each one
// run of a suite).
func parseQUnit(ls []string) (Counts, bool) {
	var r runs
	var per Counts // this run's verdict lines
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if m := qunitTest.FindStringSubmatch(t); m != nil {
			if m[1] == "PASS" {
				per.Passed++
			} else {
				per.Failed++
			}
			continue
		}
		if m := qunitSummary.FindStringSubmatch(t); m != nil {
			c := Counts{Passed: atoi(m[1]), Failed: atoi(m[2])}
			if per.Passed+per.Failed > 0 {
				c = per
			}
			r.summary(c)
			r.done()
			per = Counts{}
		}
	}
	return r.result()
}
