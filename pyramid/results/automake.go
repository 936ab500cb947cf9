package results

import (
	"regexp"
	"strings"
)

var (
	// "PASS: ok1.sh", "FAIL: t/foo.tap 3 - description" (TAP driver)
	automakeTest = regexp.MustCompile(`^(PASS|FAIL|SKIP|XFAIL|XPASS|ERROR): \S+(?: \d+(?: .*)?)?$`)
	// "# TOTAL: 6", "# PASS:  2" …
	automakeKey = regexp.MustCompile(`^# (TOTAL|PASS|SKIP|XFAIL|FAIL|XPASS|ERROR): +(\d+)$`)
	// Older serial harness: "All 5 tests passed", "1 of 5 tests failed",
	// "All 4 tests behaved as expected (1 expected failure)",
	// "(2 tests were not run)".
	automakeOldAll  = regexp.MustCompile(`^All (\d+) tests? (?:passed|behaved as expected)`)
	automakeOldFail = regexp.MustCompile(`^(\d+) of (\d+) tests? (?:failed|did not behave as expected)`)
	automakeOldSkip = regexp.MustCompile(`^\((\d+) tests? (?:was|were) not run\)$`)
)

// automakeKeyAdd maps the "# KEY:" lines to fields; TOTAL is ignored (it is
// the sum of the others).
var automakeKeyAdd = map[string]func(*Counts, int){
	"PASS": addPassed, "SKIP": addSkipped, "XFAIL": addSkipped,
	"FAIL": addFailed, "XPASS": addFailed, "ERROR": addErrors,
}

// parseAutomake reads `make check` output of automake's harnesses.
//
// Parallel harness: the "Testsuite summary for …" block is the source, one
// per directory that has TESTS (recursive make prints several; they are
// summed). A "# TOTAL:" block under a "test-suite.log" banner is that file
// being echoed (`cat test-suite.log` after a failure) and is ignored. Per-test
// "PASS: x" lines are a fallback for a run that ended before its summary; a
// summary closes the run, so the lines before it are not counted twice.
func parseAutomake(ls []string) (Counts, bool) {
	var r runs
	inBlock, echo := false, false
	header := ""     // last non-separator line before a "# TOTAL:" block
	dejagnu := false // inside a DejaGnu run: its PASS/FAIL lines are its own
	for i, l := range ls {
		t := strings.TrimSpace(l)
		dejagnu = inDejagnu(t, dejagnu)
		if strings.HasPrefix(t, "# ") {
			if m := automakeKey.FindStringSubmatch(t); m != nil {
				if m[1] == "TOTAL" {
					inBlock = true
					echo = strings.Contains(header, "test-suite.log") || !strings.HasPrefix(header, "Testsuite summary")
					if !echo {
						r.summary(Counts{})
					}
					continue
				}
				if inBlock && !echo {
					automakeKeyAdd[m[1]](&r.sum, atoi(m[2]))
				}
				continue
			}
		}
		if inBlock {
			inBlock = false
			if !echo {
				r.done()
			}
		}
		if t != "" && strings.Trim(t, "=") != "" {
			header = t
		}
		switch {
		case strings.HasPrefix(t, "Testsuite summary"):
			r.detect()
			continue
		case strings.HasSuffix(t, "check-TESTS"):
			r.detect()
			continue
		}
		if !dejagnu && strings.IndexByte(t, ':') > 0 && t[0] >= 'A' && t[0] <= 'X' {
			if m := automakeTest.FindStringSubmatch(t); m != nil {
				// In test-suite.log (echoed by `cat`) each test's section
				// starts with "FAIL: x" underlined by "=": not a result line.
				if i+1 < len(ls) && isRule(ls[i+1], '=') {
					continue
				}
				r.test(automakeOutcome(m[1]))
				continue
			}
		}
		if strings.Contains(t, " test") {
			if m := automakeOldAll.FindStringSubmatch(t); m != nil {
				r.summary(Counts{Passed: atoi(m[1])})
				r.done()
				continue
			}
			if m := automakeOldFail.FindStringSubmatch(t); m != nil {
				r.summary(Counts{Passed: max(atoi(m[2])-atoi(m[1]), 0), Failed: atoi(m[1])})
				r.done()
				continue
			}
			if m := automakeOldSkip.FindStringSubmatch(t); m != nil && r.hasSum {
				r.sum.Skipped += atoi(m[1])
				continue
			}
		}
	}
	return r.result()
}

func automakeOutcome(s string) Counts {
	switch s {
	case "PASS":
		return onePassed
	case "SKIP", "XFAIL":
		return oneSkipped
	case "ERROR":
		return oneError
	default: // FAIL, XPASS
		return oneFailed
	}
}

// isRule reports whether l is a non-empty line made only of c.
func isRule(l string, c byte) bool {
	t := strings.TrimSpace(l)
	return t != "" && strings.Trim(t, string(c)) == ""
}
