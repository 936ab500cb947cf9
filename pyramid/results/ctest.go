package results

import (
	"regexp"
	"strings"
)

var (
	// "60% tests passed, 2 tests failed out of 5"
	ctestSummary = regexp.MustCompile(`^(\d+)% tests passed, (\d+) tests? failed out of (\d+)$`)
	// "3/6 Test #3: t_bad ............................***Failed    0.01 sec"
	ctestLine = regexp.MustCompile(`^\d+/\d+ Test +#\d+: .*? \.+\s*\**(Passed|Failed|Skipped|Not Run|Timeout|Exception|[A-Za-z]+)\b.*\s[\d.]+ sec$`)
	// "	  4 - t_skip (Skipped)" in the lists that follow the summary
	ctestListItem = regexp.MustCompile(`^\s+\d+ - .* \(([A-Za-z ]+)\)$`)
)

// parseCTest reads ctest's console output. The "% tests passed" line is the
// source; skipped tests are counted as passed in it, so the "did not run"
// list that follows moves them to Skipped (and adds disabled tests, which
// the total leaves out). "Not Run" entries of the FAILED list (missing
// executable) become Errors. Per-test lines are only a fallback for a run
// that ended without a summary. Each "Test project" line starts a run.
func parseCTest(ls []string) (Counts, bool) {
	var r runs
	list := "" // "notrun" or "failed" while inside a list after the summary
	for _, l := range ls {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "Test project "):
			r.start()
			r.detect()
			list = ""
			continue
		case t == "No tests were found!!!":
			r.detect()
			continue
		case strings.Contains(t, "tests passed, ") || strings.Contains(t, "test passed, "):
			if m := ctestSummary.FindStringSubmatch(t); m != nil {
				total, failed := atoi(m[3]), atoi(m[2])
				r.summary(Counts{Passed: max(total-failed, 0), Failed: failed})
				list = ""
				continue
			}
		case strings.HasPrefix(t, "The following tests did not run:"):
			list = "notrun"
			continue
		case strings.HasPrefix(t, "The following tests FAILED:"):
			list = "failed"
			continue
		}
		if list != "" && r.hasSum {
			if m := ctestListItem.FindStringSubmatch(l); m != nil {
				switch reason := m[1]; {
				case list == "notrun" && reason == "Skipped":
					r.sum.Passed = max(r.sum.Passed-1, 0)
					r.sum.Skipped++
				case list == "notrun": // Disabled: not part of the total
					r.sum.Skipped++
				case list == "failed" && reason == "Not Run":
					r.sum.Failed = max(r.sum.Failed-1, 0)
					r.sum.Errors++
				}
				continue
			}
			if t != "" {
				list = ""
			}
		}
		if strings.Contains(t, " Test ") && strings.Contains(t, " sec") {
			if m := ctestLine.FindStringSubmatch(t); m != nil {
				r.test(ctestOutcome(m[1], strings.Contains(t, "(Disabled)")))
			}
		}
	}
	return r.result()
}

func ctestOutcome(status string, disabled bool) Counts {
	switch {
	case status == "Passed":
		return onePassed
	case status == "Skipped" || disabled:
		return oneSkipped
	case status == "Not Run":
		return oneError
	default: // Failed, Timeout, Exception, SEGFAULT, …
		return oneFailed
	}
}
