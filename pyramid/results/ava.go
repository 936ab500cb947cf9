package results

import (
	"regexp"
	"strings"
)

// ava's closing lines, each alone on its line, after its own mark:
// "✔ 32 tests passed", "✖ 2 tests failed", "1 known failure",
// "3 tests skipped", "2 tests todo". The same words close hand-written
// runners: UglifyJS's test/mocha.js ends "264 test(s) passed."
var avaLine = regexp.MustCompile(`^(?:[✔✖⚠]\s+)?(\d+) ((?:tests?|test\(s\)) passed|(?:tests?|test\(s\)) failed|known failures?|tests? skipped|tests? todo|uncaught exceptions?)\.?$`)

// parseAva reads ava's summary. Each "passed" line starts a run. A run
// with failures closes with them alone ("1 test failed", no passed line:
// filenamify's): its tests that passed are its "✔ name" lines.
func parseAva(ls []string) (Counts, bool) {
	var r runs
	ticks, passedLine := 0, false
	for _, l := range ls {
		t := strings.TrimSpace(l)
		m := avaLine.FindStringSubmatch(t)
		if m == nil {
			if strings.HasPrefix(t, "✔ ") {
				ticks++
			}
			continue
		}
		n := atoi(m[1])
		switch what := m[2]; {
		case strings.HasSuffix(what, "passed"):
			r.start()
			r.summary(Counts{Passed: n})
			passedLine = true
		case strings.HasSuffix(what, "failed"), strings.HasPrefix(what, "uncaught"):
			r.sum.Failed += n
			r.hasSum, r.found = true, true
		default: // known failures, skipped, todo
			r.sum.Skipped += n
			r.hasSum, r.found = true, true
		}
	}
	if !passedLine && r.found && r.sum.Failed > 0 {
		r.sum.Passed += ticks
	}
	return r.result()
}
