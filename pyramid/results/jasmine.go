package results

import (
	"regexp"
	"strings"
)

var (
	// Jasmine 2+: "3 specs, 0 failures", "12 specs, 1 failure, 2 pending specs"
	jasmineSpecs = regexp.MustCompile(`^(\d+) specs?, (\d+) failures?(?:, (\d+) pending specs?)?$`)
	// jasmine-node, minijasminenode (Jasmine 1): "7 tests, 9 assertions, 0 failures, 0 skipped"
	jasmineTests = regexp.MustCompile(`^(\d+) tests?, \d+ assertions?, (\d+) failures?(?:, (\d+) skipped)?$`)
)

// parseJasmine reads Jasmine's closing line, one per run: its specs (or
// Jasmine 1's tests) counting the failed and the pending ones.
func parseJasmine(ls []string) (Counts, bool) {
	var r runs
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if t == "" || t[0] < '0' || t[0] > '9' {
			continue
		}
		m := jasmineSpecs.FindStringSubmatch(t)
		if m == nil {
			m = jasmineTests.FindStringSubmatch(t)
		}
		if m == nil {
			continue
		}
		all, failed, pending := atoi(m[1]), atoi(m[2]), atoi(m[3])
		r.start()
		r.summary(Counts{Passed: max(all-failed-pending, 0), Failed: failed, Skipped: pending})
	}
	return r.result()
}
