package results

import (
	"regexp"
	"strings"
)

// "12 passed, 0 failed", "Summary: 3 passed, 1 failed, 2 skipped.",
// md4c's run-testsuite.py "4 passed, 0 failed, 0 errored, 0 skipped",
// pdjson's tests/tests "38 pass, 0 fail"
var plainLine = regexp.MustCompile(`^(?:[A-Za-z]+:\s*)?(\d+) pass(?:ed)?, (\d+) fail(?:ed)?(?:, (\d+) errored)?(?:, (\d+) skipped)?\.?$`)

// jemalloc's harness: "--- pass: 24/24, skip: 0/24, fail: 0/24 ---" per
// test program, "Test suite summary: pass: 17/17, skip: 0/17, fail: 0/17"
// over the programs (used when no program line shows).
var passSkipFailLine = regexp.MustCompile(`^(---|Test suite summary:) pass: (\d+)/\d+, skip: (\d+)/\d+, fail: (\d+)/\d+`)

// "57 tests conducted, 0 failed." (uthash's do_tests), "12 tests run, 1 failed"
var conductedLine = regexp.MustCompile(`^(\d+) tests? (?:conducted|run|ran|executed|completed|performed), (\d+) failed\.?$`)

// "SUCCESS. Total tests: 394, failed: 0" (mjson's unit_test), "Total
// tests: 12, failed: 1"
var totalFailedLine = regexp.MustCompile(`^(?:[A-Za-z]+[.!:]\s+)?[Tt]otal tests:?\s*(\d+),\s*[Ff]ailed:?\s*(\d+)\.?$`)

// a success banner with the number of tests and no failure count, which
// the program prints only when every test passed (mongoose's unit_test:
// "SUCCESS. Total tests: 362"; a failure aborts it first)
var successTotalLine = regexp.MustCompile(`^(?:SUCCESS|PASSED|ALL TESTS PASSED)[.!:]?\s+[Tt]otal tests:?\s*(\d+)\.?$`)

// "58/58 tests successful" (yajl's run_tests.sh), "5/6 tests passed"
var ofLine = regexp.MustCompile(`^(\d+)/(\d+) tests? (?:successful|succeeded|passed|ok)\.?$`)

// minctest's closing line (tinyexpr, genann): "ALL TESTS PASSED
// (4930/4930)", "SOME TESTS FAILED (4928/4930)" — passed of run.
var minctestLine = regexp.MustCompile(`^(?:ALL TESTS PASSED|SOME TESTS FAILED) \((\d+)/(\d+)\)$`)

// tad's summary (medikoo's packages: memoizee, es5-ext, cli-color): its
// duration, then "1569 Ok [100.00%]", "3 Failed", "1 Errors" — the
// percentage is of all three.
var tadLine = regexp.MustCompile(`(?:^|\s)(\d+) Ok \[\d+(?:\.\d+)?%\](?:\s+(\d+) Failed)?(?:\s+(\d+) Errors)?$`)

// "49 of 49 tests passed (0 skipped)." closing each suite, after its
// name ("Finished suite test/suite-array.janet in 0.002 seconds - "):
// the skipped are among the run (janet's test/helper.janet).
var ofRunLine = regexp.MustCompile(`(?:^|\s-\s)(\d+) of (\d+) tests? passed(?: \((\d+) skipped\))?\.?$`)

// A summary table's row of tests (ptest's, which mpc and other C
// projects vendor): "| Tests  || Total   30 | Passed   30 | Failed    0 |",
// read with its bars as spaces.
var tableLine = regexp.MustCompile(`^Tests\s+Total:?\s+(\d+)\s+Passed:?\s+(\d+)\s+Failed:?\s+(\d+)$`)

// tableRow matches a line as a summary table's row of tests, its bars
// read as spaces; a line without the word Total is none, unrewritten.
func tableRow(t string) []string {
	if !strings.Contains(t, "Total") {
		return nil
	}
	return tableLine.FindStringSubmatch(strings.Join(strings.Fields(strings.ReplaceAll(t, "|", " ")), " "))
}

// parsePlain reads a home-made closing line "N passed, N failed" (optionally
// ", N skipped", optionally prefixed by one word and a colon), "N tests
// conducted, M failed", "Total tests: N, failed: M", "SUCCESS. Total
// tests: N", "N/M tests successful",
// minctest's "ALL TESTS PASSED (N/N)", "N of M tests passed
// (K skipped)", tad's "N Ok [P%]  M Failed", or a summary table's row of
// tests. It is a
// fallback: used only when no framework was recognised. Each line counts.
func parsePlain(ls []string) (Counts, bool) {
	var total, suite Counts
	seen, programs := false, false
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if m := passSkipFailLine.FindStringSubmatch(t); m != nil {
			c := Counts{Passed: atoi(m[2]), Skipped: atoi(m[3]), Failed: atoi(m[4])}
			if m[1] == "---" {
				total.Add(c)
				programs = true
			} else {
				suite.Add(c)
			}
			seen = true
			continue
		}
		m := conductedLine.FindStringSubmatch(t)
		if m == nil {
			m = totalFailedLine.FindStringSubmatch(t)
		}
		if m != nil && atoi(m[2]) <= atoi(m[1]) {
			total.Add(Counts{Passed: atoi(m[1]) - atoi(m[2]), Failed: atoi(m[2])})
			seen = true
			continue
		}
		if m := successTotalLine.FindStringSubmatch(t); m != nil {
			total.Add(Counts{Passed: atoi(m[1])})
			seen = true
			continue
		}
		m = ofLine.FindStringSubmatch(t)
		if m == nil {
			m = minctestLine.FindStringSubmatch(t)
		}
		if m != nil && atoi(m[1]) <= atoi(m[2]) {
			total.Add(Counts{Passed: atoi(m[1]), Failed: atoi(m[2]) - atoi(m[1])})
			seen = true
			continue
		}
		if m := tadLine.FindStringSubmatch(t); m != nil {
			total.Add(Counts{Passed: atoi(m[1]), Failed: atoi(m[2]), Errors: atoi(m[3])})
			seen = true
			continue
		}
		if m := tableRow(t); m != nil && atoi(m[2])+atoi(m[3]) == atoi(m[1]) {
			total.Add(Counts{Passed: atoi(m[2]), Failed: atoi(m[3])})
			seen = true
			continue
		}
		if m := ofRunLine.FindStringSubmatch(t); m != nil && atoi(m[1])+atoi(m[3]) <= atoi(m[2]) {
			total.Add(Counts{Passed: atoi(m[1]), Skipped: atoi(m[3]), Failed: atoi(m[2]) - atoi(m[1]) - atoi(m[3])})
			seen = true
			continue
		}
		if !strings.Contains(t, " passed, ") && !strings.Contains(t, " pass, ") {
			continue
		}
		if m := plainLine.FindStringSubmatch(t); m != nil {
			total.Add(Counts{Passed: atoi(m[1]), Failed: atoi(m[2]), Errors: atoi(m[3]), Skipped: atoi(m[4])})
			seen = true
		}
	}
	if !programs {
		total.Add(suite)
	}
	return total, seen
}
