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
)

// parseRuntests reads curl's runtests.pl: "TESTINFO: N tests were skipped"
// comes before the closing "TESTDONE: OK tests out of T reported OK";
// failed = T - OK. Each TESTDONE line closes a run.
func parseRuntests(ls []string) (Counts, bool) {
	var r runs
	skipped := 0
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if !strings.HasPrefix(t, "TEST") {
			continue
		}
		if m := runtestsSkipped.FindStringSubmatch(t); m != nil {
			skipped = atoi(m[1])
		} else if m := runtestsDone.FindStringSubmatch(t); m != nil {
			ok, total := atoi(m[1]), atoi(m[2])
			r.summary(Counts{Passed: ok, Failed: max(total-ok, 0), Skipped: skipped})
			r.done()
			skipped = 0
		}
	}
	return r.result()
}
