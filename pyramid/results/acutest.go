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
)

// parseAcutest counts acutest's verdicts of each program's tests, its
// summary's numbers when it gives them; verdict lines count only in a
// run that closes with acutest's summary.
func parseAcutest(ls []string) (Counts, bool) {
	var r runs
	var per Counts // this run's verdicts
	for _, l := range ls {
		t := strings.TrimSpace(l)
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
		if m[2] != "" {
			failed, run := atoi(m[1]), atoi(m[2])
			c = Counts{Passed: max(run-failed-per.Skipped, 0), Failed: failed, Skipped: per.Skipped} // the run counts skipped tests too
		}
		r.summary(c)
		r.done()
		per = Counts{}
	}
	return r.result()
}

// acutestSummaries counts acutest's closing lines, one per program run.
func acutestSummaries(ls []string) int { return matchingLines(ls, acutestSummary) }
