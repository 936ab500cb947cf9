package results

import (
	"regexp"
	"strings"
)

var (
	// "		=== libffi Summary ===" opens a DejaGnu (runtest) summary
	dejagnuSummary = regexp.MustCompile(`^=== .+ Summary ===$`)
	// "		=== libffi tests ===" opens a run
	dejagnuTests = regexp.MustCompile(`^=== .+ tests ===$`)
	// "# of expected passes		1876"
	dejagnuCount = regexp.MustCompile(`^# of (expected passes|unexpected failures|unexpected successes|expected failures|unresolved testcases|untested testcases|unsupported tests|paths in test names|duplicate test names)\s+(\d+)$`)
	// per test: "PASS: libffi.call/align_mixed.c -W -Wall -O0 (test for excess errors)"
	dejagnuTest = regexp.MustCompile(`^(PASS|FAIL|XPASS|XFAIL|KPASS|KFAIL|UNSUPPORTED|UNRESOLVED|UNTESTED): \S`)
)

// dejagnuAdd maps a summary line to the field it adds to.
var dejagnuAdd = map[string]func(*Counts, int){
	"expected passes": addPassed, "unexpected failures": addFailed, "unexpected successes": addFailed,
	"unresolved testcases": addErrors, "expected failures": addSkipped, "untested testcases": addSkipped,
	"unsupported tests": addSkipped,
}

// dejagnuOne maps a per-test verdict to its count, as the summary counts it.
var dejagnuOne = map[string]Counts{
	"PASS": onePassed, "KPASS": onePassed, "FAIL": oneFailed, "XPASS": oneFailed,
	"XFAIL": oneSkipped, "KFAIL": oneSkipped, "UNSUPPORTED": oneSkipped, "UNTESTED": oneSkipped,
	"UNRESOLVED": oneError,
}

// parseDejagnu reads the summaries of DejaGnu's runtest (automake's
// `make check` with AUTOMAKE_OPTIONS = dejagnu: libffi, GNU toolchains):
// each "=== tool Summary ===" block is a run, its "# of …" lines the counts.
// A run stopped before its summary counts its per-test verdict lines
// (all of them with runtest --all, else only the unexpected ones).
func parseDejagnu(ls []string) (Counts, bool) {
	var r runs
	in, running := false, false
	for _, l := range ls {
		t := strings.TrimSpace(l)
		switch {
		case dejagnuSummary.MatchString(t):
			r.summary(Counts{})
			in, running = true, false
			continue
		case dejagnuTests.MatchString(t):
			r.start()
			r.detect()
			running = true
			continue
		case running:
			if m := dejagnuTest.FindStringSubmatch(t); m != nil {
				r.test(dejagnuOne[m[1]])
			}
			continue
		case !in:
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

// inDejagnu reports, line by line, whether a line is inside a DejaGnu
// run (between "=== x tests ===" and "=== x Summary ==="), where
// automake's per-test lines are DejaGnu's.
func inDejagnu(t string, was bool) bool {
	switch {
	case dejagnuTests.MatchString(t):
		return true
	case dejagnuSummary.MatchString(t):
		return false
	}
	return was
}
