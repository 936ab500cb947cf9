package results

import (
	"regexp"
	"strings"
)

var (
	// "# tests 7", "ℹ pass 4" (node:test's TAP and spec reporters)
	tapSummary = regexp.MustCompile(`^(?:#|ℹ) (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) +[\d.]+$`)
	// "ok 3 - skip # SKIP later", "not ok 2 - bad"
	tapLine = regexp.MustCompile(`^(not )?ok \d+\b(.*)$`)
	// "# SKIP", "# skip no net", "# TODO"
	tapDirective = regexp.MustCompile(`(?i)#\s*(skip|todo)\b`)
	// node:test's spec reporter, one line per test with its duration:
	// "✔ ok (1.1ms)", "✖ bad (6.8ms)", "﹣ skip (0.2ms) # later"
	specLine = regexp.MustCompile(`^\s*([✔✖﹣]) .+ \(\d+(?:\.\d+)?m?s\)(.*)$`)
)

// parseTAP reads TAP streams. node:test's closing block ("# tests N",
// "# pass", "# fail", "# cancelled", "# skipped", "# todo"; the spec
// reporter prints the same with "ℹ") is the source when present: it closes
// the run, so the TAP lines before it are not counted again. Otherwise the
// top-level "ok"/"not ok" lines are counted — only when the output also
// holds a plan ("1..N") or "TAP version", so a stray "ok 1" in prose does
// not count. Indented lines (nested subtests) are not counted: the parent's
// line stands for them. SKIP → skipped; TODO (either way) → skipped;
// cancelled → error.
func parseTAP(ls []string) (Counts, bool) {
	var r runs
	isTAP, sawSummary, isSpec := false, false, false
	inBlock, failing := false, false
	for _, l := range ls {
		if c, ok := specTest(l); ok && !failing {
			// a run stopped before its summary (cut at its share of the
			// run's time) counts them; a summary that follows wins
			isSpec = true
			r.test(c)
			continue
		}
		if strings.HasPrefix(strings.TrimSpace(l), "✖ failing tests:") {
			failing = true // the failures again, after the summary
			continue
		}
		if strings.HasPrefix(l, "TAP version ") || (strings.HasPrefix(l, "1..") && isDigits(strings.TrimSpace(l[3:]))) {
			isTAP = true
			continue
		}
		if strings.HasPrefix(l, "# ") || strings.HasPrefix(l, "ℹ ") {
			if m := tapSummary.FindStringSubmatch(l); m != nil {
				f := strings.Fields(l)
				n := atoi(f[2])
				if m[1] == "tests" {
					r.summary(Counts{})
					inBlock, sawSummary = true, true
					continue
				}
				if !inBlock {
					continue
				}
				switch m[1] {
				case "pass":
					r.sum.Passed = n
				case "fail":
					r.sum.Failed = n
				case "cancelled":
					r.sum.Errors = n
				case "skipped", "todo":
					r.sum.Skipped += n
				}
				continue
			}
		}
		if inBlock {
			inBlock = false
			r.done()
		}
		if !strings.HasPrefix(l, "ok") && !strings.HasPrefix(l, "not ok") {
			continue
		}
		m := tapLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		switch {
		case tapDirective.MatchString(m[2]):
			r.test(oneSkipped)
		case m[1] != "":
			r.test(oneFailed)
		default:
			r.test(onePassed)
		}
	}
	if inBlock {
		r.done()
	}
	c, ok := r.result()
	if !ok || (!isTAP && !sawSummary && !isSpec) {
		return Counts{}, false
	}
	return c, true
}

// specTest is the outcome of one line of node:test's spec reporter; ok is
// false for any other line (the regexp runs only where it can match).
func specTest(l string) (Counts, bool) {
	if !strings.ContainsAny(l, "✔✖﹣") {
		return Counts{}, false
	}
	m := specLine.FindStringSubmatch(l)
	switch {
	case m == nil:
		return Counts{}, false
	case m[1] == "﹣" || tapDirective.MatchString(m[2]):
		return oneSkipped, true
	case m[1] == "✖":
		return oneFailed, true
	}
	return onePassed, true
}

// tapSummaries counts the plans ("1..N"): one per TAP stream (a test
// script or binary).
func tapSummaries(ls []string) int {
	n := 0
	for _, l := range ls {
		if strings.HasPrefix(l, "1..") && isDigits(strings.TrimSpace(l[3:])) {
			n++
		}
	}
	return n
}
