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
	// node-qunit's (moment's grunt qtest) "Global summary:" table, its
	// header row "│ Files │ Tests │ Assertions │ Failed │ Passed │ Runtime │"
	// (box-drawing or ASCII bars), then a row of numbers
	nodeQUnitHeader = regexp.MustCompile(`^[│|]\s*Files\s*[│|]\s*Tests\s*[│|]\s*Assertions\s*[│|]\s*Failed\s*[│|]\s*Passed\s*[│|]`)
	nodeQUnitRow    = regexp.MustCompile(`^[│|]\s*(\d+)\s*[│|]\s*(\d+)\s*[│|]\s*(\d+)\s*[│|]\s*(\d+)\s*[│|]\s*(\d+)\s*[│|]`)
)

// parseQUnit reads qunit-extras' console output: its tests' verdict
// lines when it prints them, else its summary's assertions (each one
// run of a suite); and node-qunit's summary table: its tests, less those
// its failed assertions may have failed.
func parseQUnit(ls []string) (Counts, bool) {
	var r runs
	var per Counts // this run's verdict lines
	table := false // in node-qunit's summary table, after its header
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if nodeQUnitHeader.MatchString(t) {
			table = true
			continue
		}
		if table {
			if m := nodeQUnitRow.FindStringSubmatch(t); m != nil {
				// Failed and Passed count assertions: a failed one fails
				// a test, so at most that many tests failed, at least one
				tests, failed := atoi(m[2]), min(atoi(m[4]), atoi(m[2]))
				r.summary(Counts{Passed: tests - failed, Failed: failed})
				r.done()
				table = false
				continue
			}
		}
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
