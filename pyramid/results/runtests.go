package results

import (
	"regexp"
	"strings"
)

var (
	// "TESTDONE: 116 tests out of 117 reported OK: 99%"
	runtestsDone = regexp.MustCompile(`^TESTDONE: (\d+) tests? out of (\d+) reported OK`)
	// "TESTINFO: 1845 tests were skipped due to these restraints:"
	runtestsSkipped = regexp.MustCompile(`^TESTINFO: (\d+) tests? (?:was|were) skipped`)
	// per test: "-------e--- OK (13  out of 1423, remaining: 02:58, …)",
	// "test 0001 SKIPPED: failed starting HTTP server",
	// " 0375: data FAILED:" (one line per check that failed)
	runtestsOK      = regexp.MustCompile(`^\S+ OK \(\d+ +out of \d+,`)
	runtestsSkipOne = regexp.MustCompile(`^test \d+ SKIPPED\b`)
	runtestsFailOne = regexp.MustCompile(`^(\d+): .*FAILED\b`)
)

// parseRuntests reads curl's runtests.pl: "TESTINFO: N tests were skipped"
// comes before the closing "TESTDONE: OK tests out of T reported OK";
// failed = T - OK. Each TESTDONE line closes a run. A run stopped before
// its TESTDONE line (cut at its share of the run's time) counts its
// per-test lines: an "OK (n out of N" per passed test, "test n SKIPPED"
// per skipped one, the test numbers of "n: … FAILED" lines.
func parseRuntests(ls []string) (Counts, bool) {
	var r runs
	skipped := 0
	failed := map[string]bool{}
	for _, l := range ls {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "TEST"):
			if m := runtestsSkipped.FindStringSubmatch(t); m != nil {
				skipped = atoi(m[1])
			} else if m := runtestsDone.FindStringSubmatch(t); m != nil {
				ok, total := atoi(m[1]), atoi(m[2])
				r.summary(Counts{Passed: ok, Failed: max(total-ok, 0), Skipped: skipped})
				r.done()
				skipped, failed = 0, map[string]bool{}
			}
		case strings.Contains(t, " OK (") && runtestsOK.MatchString(t):
			r.test(onePassed)
		case strings.HasPrefix(t, "test ") && runtestsSkipOne.MatchString(t):
			r.test(oneSkipped)
		case strings.Contains(t, "FAILED"):
			if m := runtestsFailOne.FindStringSubmatch(t); m != nil && !failed[m[1]] {
				failed[m[1]] = true
				r.test(oneFailed)
			}
		}
	}
	return r.result()
}
