package results

import (
	"regexp"
	"strings"
)

// @hapi/lab (the hapi ecosystem's runner: hoek, joi, boom …) closes its
// console report with "243 tests complete" or "2 of 243 tests failed",
// then " (3 skipped)" when some were; its total leaves the skipped out.
// Its next line is always "Test duration: N ms", which tells it from
// automake's older "1 of 5 tests failed" between rules of "=".
var labSummary = regexp.MustCompile(`^(?:(\d+) of )?(\d+) tests (complete|failed)(?: \((\d+) skipped\))?$`)

// parseLab reads lab's summary lines, one per run.
func parseLab(ls []string) (Counts, bool) {
	var r runs
	for i, l := range ls {
		m := labSummary.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil || (m[1] != "") != (m[3] == "failed") || i+1 >= len(ls) || !strings.HasPrefix(strings.TrimSpace(ls[i+1]), "Test duration: ") {
			continue
		}
		total, failed := atoi(m[2]), atoi(m[1])
		r.summary(Counts{Passed: total - failed, Failed: failed, Skipped: atoi(m[4])})
		r.done()
	}
	return r.result()
}
