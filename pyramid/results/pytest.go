package results

import (
	"regexp"
	"strings"
)

// " in 0.12s", " in 12.34s (0:00:12)"
var pytestTiming = regexp.MustCompile(` in [\d.]+s(?: \([\d:]+\))?$`)

// "test_a.py::test_skip SKIPPED (nope)      [ 57%]" (-v), a fallback for a
// session that died before its summary
var pytestVerbose = regexp.MustCompile(`^\S+::\S+.*? (PASSED|FAILED|SKIPPED|XFAIL|XPASS|ERROR)\b`)

// pytestProgress is a line of pytest's progress, one character a test
// and the share done: "....s...F.   [ 28%]", after the file's name without
// -q ("tests/test_a.py ..s  [ 57%]"). A fallback too: with -q twice (-q
// on the command line and in the project's addopts: cleo) pytest prints no
// summary at all.
var pytestProgress = regexp.MustCompile(`^(?:\S+\.py )?([.sFExX]+)\s+\[\s*\d{1,3}%\]$`)

// pytestProgressOutcome is what a progress character says: xfail counts
// as skipped, xpass as passed, as in the summary.
var pytestProgressOutcome = map[rune]Counts{'.': onePassed, 's': oneSkipped, 'F': oneFailed, 'E': oneError, 'x': oneSkipped, 'X': onePassed}

var pytestWords = map[string]func(*Counts, int){
	"passed": addPassed, "failed": addFailed, "skipped": addSkipped,
	"xfailed": addSkipped, "xpassed": addPassed,
	"error": addErrors, "errors": addErrors,
	"deselected": nil, "warning": nil, "warnings": nil, "rerun": nil,
	"subtests passed": addPassed, "subtests failed": addFailed, "subtests skipped": addSkipped,
}

// parsePytest reads pytest's closing line, in the framed form
// "==== 1 failed, 2 passed, 1 skipped in 0.12s ====" or the -q form
// "3 passed in 0.01s". A line counts only if every item is "N <pytest word>"
// and it is framed by "=" or ends with the timing, so prose does not match.
// With -v, the per-test "PASSED"/"FAILED"… lines are a fallback for a
// session that died before its summary (a segfault, a kill).
// xfailed → skipped (as pytest's own JUnit XML reports it), xpassed → passed
// (non-strict xpass does not fail the run; strict ones are reported as
// failed by pytest itself). Each "test session starts" begins a run; a
// repeated summary within a run replaces the earlier one.
func parsePytest(ls []string) (Counts, bool) {
	var r runs
	unloaded := map[string]bool{}
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		if m := pytestCollectError.FindStringSubmatch(t); m != nil {
			unloaded[m[1]] = true
			continue
		}
		framed := t[0] == '='
		if framed && strings.Contains(t, " test session starts ") {
			clear(unloaded) // the last session's files count (a rerun that loads them all)
			r.start()
			r.detect()
			continue
		}
		if !framed && (t[0] < '0' || t[0] > '9') && !strings.HasPrefix(t, "no tests ran") {
			if m := pytestProgress.FindStringSubmatch(t); m != nil {
				for _, ch := range m[1] {
					r.test(pytestProgressOutcome[ch])
				}
				continue
			}
			if strings.Contains(t, "::") {
				if m := pytestVerbose.FindStringSubmatch(t); m != nil {
					r.test(pytestOutcome(m[1]))
				}
			}
			continue
		}
		body := strings.TrimSpace(strings.Trim(t, "="))
		loc := pytestTiming.FindStringIndex(body)
		if loc != nil {
			body = body[:loc[0]]
		} else if !framed {
			continue
		}
		if body == "no tests ran" {
			r.summary(Counts{})
			continue
		}
		if body == "" || body[0] < '0' || body[0] > '9' {
			continue
		}
		if c, ok := countList(body, ", ", pytestWords); ok {
			r.summary(c)
		}
	}
	c, ok := r.result()
	if ok {
		c.Unloaded = len(unloaded)
	}
	return c, ok
}

// pytestCollectError heads the report of a test file pytest could not
// collect: "____ ERROR collecting tests/test_prettytable.py ____".
var pytestCollectError = regexp.MustCompile(`^_+ ERROR collecting (\S+) _+$`)

func pytestOutcome(s string) Counts {
	switch s {
	case "PASSED", "XPASS":
		return onePassed
	case "FAILED":
		return oneFailed
	case "ERROR":
		return oneError
	default: // SKIPPED, XFAIL
		return oneSkipped
	}
}
