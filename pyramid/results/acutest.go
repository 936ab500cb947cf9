package results

import (
	"regexp"
	"strings"
)

var (
	// acutest (a one-header C/C++ framework; tinyobjloader's tests):
	// "Test parsing_quads...   [ OK ]", the verdict alone on a later
	// line when the test printed in between; a timer may follow it.
	acutestVerdict = regexp.MustCompile(`\[ (OK|FAILED|SKIPPED) \](?:\s+[\d.]+ ?\w*)?$`)
	// its closing line, one per program: "SUCCESS: All unit tests have
	// passed." (older), "SUCCESS: No unit tests have failed.", "FAILED:
	// 2 of 31 unit tests have failed."
	acutestSummary = regexp.MustCompile(`^(?:SUCCESS: (?:All unit tests have passed|No unit tests have failed)|FAILED: (\d+) of (\d+) unit tests? ha(?:s|ve) failed)\.$`)
	// the counts block before it (acutest's verbose summary, its
	// ancestor CUTest's always, where a test's verdict is "SUCCESS: All
	// conditions have passed." under "Test name:": universal-ctags'
	// utiltest): "Count of run unit tests: 12", "Count of failed unit
	// tests: 0", "Count of skipped unit tests: 0"
	acutestCount = regexp.MustCompile(`^Count of (run|failed|skipped) unit tests:\s*(\d+)$`)
)

// parseAcutest counts acutest's verdicts of each program's tests, its
// summary's numbers when it gives them; verdict lines count only in a
// run that closes with acutest's summary.
func parseAcutest(ls []string) (Counts, bool) {
	var r runs
	var per Counts // this run's verdicts
	var block map[string]int
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if m := acutestCount.FindStringSubmatch(t); m != nil {
			if block == nil {
				block = map[string]int{}
			}
			block[m[1]] = atoi(m[2])
			continue
		}
		if m := acutestVerdict.FindStringSubmatch(t); m != nil {
			switch m[1] {
			case "OK":
				per.Passed++
			case "FAILED":
				per.Failed++
			default:
				per.Skipped++
			}
			continue
		}
		m := acutestSummary.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		c := per
		if run, ok := block["run"]; ok && per.Total() == 0 {
			c = Counts{Passed: max(run-block["failed"], 0), Failed: block["failed"], Skipped: block["skipped"]}
		} else if m[2] != "" {
			failed, run := atoi(m[1]), atoi(m[2])
			c = Counts{Passed: max(run-failed-per.Skipped, 0), Failed: failed, Skipped: per.Skipped} // the run counts skipped tests too
		}
		r.summary(c)
		r.done()
		per, block = Counts{}, nil
	}
	return r.result()
}

// acutestSummaries counts acutest's closing lines, one per program run.
func acutestSummaries(ls []string) int { return matchingLines(ls, acutestSummary) }
