package results

import (
	"regexp"
	"strings"
)

var (
	// "Files=3, Tests=8,  0 wallclock secs (…)"
	proveFiles = regexp.MustCompile(`^Files=(\d+), Tests=(\d+),`)
	// "t/bad.t (Wstat: 256 (exited 1) Tests: 4 Failed: 1)"
	proveReport = regexp.MustCompile(`\(Wstat: .* Tests: (\d+) Failed: (\d+)\)$`)
	// "(less 1 skipped subtest: 2 okay)"
	proveSkipped = regexp.MustCompile(`\(less (\d+) skipped subtests?: \d+ okay\)`)
	// "t/skipall.t .. skipped: no database"
	proveSkipAll = regexp.MustCompile(`^\S+ \.+ skipped:`)
)

// parseProve reads Perl's prove (TAP::Harness) output. "Files=N, Tests=T"
// gives the number of subtests run; the "Test Summary Report" lines give
// the failures per file; a reported file with no failed subtest (it died or
// broke its plan) counts as one error. Skips are only visible where prove
// prints them ("less N skipped subtests" for failing files, "skipped:" for
// files skipped as a whole); other skipped subtests count as passed.
// "Result:" closes a run.
func parseProve(ls []string) (Counts, bool) {
	var r runs
	var failed, errs, skipped int
	reset := func() { failed, errs, skipped = 0, 0, 0 }
	for _, l := range ls {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "Files="):
			if m := proveFiles.FindStringSubmatch(t); m != nil {
				tests := atoi(m[2])
				r.summary(Counts{Passed: max(tests-failed-skipped, 0), Failed: failed, Skipped: skipped, Errors: errs})
			}
		case strings.HasPrefix(t, "Result: "):
			if r.hasSum || t == "Result: NOTESTS" {
				r.detect()
				r.done()
			}
			reset()
		case strings.Contains(t, "(Wstat: "):
			if m := proveReport.FindStringSubmatch(t); m != nil {
				if f := atoi(m[2]); f > 0 {
					failed += f
				} else {
					errs++
				}
			}
		case strings.Contains(t, "skipped"):
			if m := proveSkipped.FindStringSubmatch(t); m != nil {
				skipped += atoi(m[1])
			} else if proveSkipAll.MatchString(t) {
				skipped++
			}
		}
	}
	return r.result()
}
