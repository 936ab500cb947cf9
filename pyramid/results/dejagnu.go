package results

import (
	"regexp"
	"strings"
)

var (
	// "		=== libffi Summary ===" opens a DejaGnu (runtest) summary
	dejagnuSummary = regexp.MustCompile(`^=== .+ Summary ===$`)
	// "# of expected passes		1876"
	dejagnuCount = regexp.MustCompile(`^# of (expected passes|unexpected failures|unexpected successes|expected failures|unresolved testcases|untested testcases|unsupported tests|paths in test names|duplicate test names)\s+(\d+)$`)
)

// dejagnuAdd maps a summary line to the field it adds to.
var dejagnuAdd = map[string]func(*Counts, int){
	"expected passes": addPassed, "unexpected failures": addFailed, "unexpected successes": addFailed,
	"unresolved testcases": addErrors, "expected failures": addSkipped, "untested testcases": addSkipped,
	"unsupported tests": addSkipped,
}

// parseDejagnu reads the summaries of DejaGnu's runtest (automake's
// `make check` with AUTOMAKE_OPTIONS = dejagnu: libffi, GNU toolchains):
// each "=== tool Summary ===" block is a run, its "# of …" lines the counts.
func parseDejagnu(ls []string) (Counts, bool) {
	var r runs
	in := false
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if dejagnuSummary.MatchString(t) {
			r.summary(Counts{})
			in = true
			continue
		}
		if !in {
			continue
		}
		if m := dejagnuCount.FindStringSubmatch(t); m != nil {
			if add := dejagnuAdd[m[1]]; add != nil {
				add(&r.sum, atoi(m[2]))
			}
			continue
		}
		if t != "" {
			in = false
			r.done()
		}
	}
	return r.result()
}
