package results

import (
	"regexp"
	"strings"
)

// Boost.Test's console output at its default report level: the module
// opens with "Running N test cases..." and closes with "*** No errors
// detected", or "*** K failure(s) is/are detected in the test module
// "name"" — K counts failed checks, not test cases: a failed case is one
// an error line names (`file(12): error: in "suite/case": check … has
// failed`, `fatal error: in "…"`).
var (
	boostRunning = regexp.MustCompile(`^Running (\d+) test cases?\.\.\.$`)
	boostOK      = regexp.MustCompile(`^\*\*\* No errors detected$`)
	boostFailed  = regexp.MustCompile(`^\*\*\* (\d+) failures? (?:is|are) detected in (?:the )?test (?:module|suite) `)
	boostCaseErr = regexp.MustCompile(`(?:fatal )?error: in "([^"]+)":`)
)

// parseBoostTest sums the modules run: each "Running N test cases" opens
// one, its closing line says whether all passed.
func parseBoostTest(ls []string) (Counts, bool) {
	var r runs
	total := -1
	failedCases := map[string]bool{}
	for _, l := range ls {
		l = strings.TrimSpace(l)
		switch m := boostRunning.FindStringSubmatch(l); {
		case m != nil:
			r.start()
			total, failedCases = atoi(m[1]), map[string]bool{}
			r.detect()
		case total >= 0 && boostOK.MatchString(l):
			r.summary(Counts{Passed: total})
			r.done()
			total = -1
		case total >= 0 && boostFailed.MatchString(l):
			failed := min(max(len(failedCases), 1), total)
			r.summary(Counts{Passed: total - failed, Failed: failed})
			r.done()
			total = -1
		case total >= 0:
			if m := boostCaseErr.FindStringSubmatch(l); m != nil {
				failedCases[m[1]] = true
			}
		}
	}
	return r.result()
}

// boostSummaries counts Boost.Test's closing lines, one per module run.
func boostSummaries(ls []string) int {
	n := 0
	for _, l := range ls {
		if l = strings.TrimSpace(l); boostOK.MatchString(l) || boostFailed.MatchString(l) {
			n++
		}
	}
	return n
}
