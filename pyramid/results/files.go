package results

import (
	"path"
	"sort"
	"strings"
)

// ParseFiles counts the tests in result files collected after a test
// command, keyed by their path relative to the repository (see
// [ResultFilePatterns]). By content and name:
//   - JUnit XML (any *.xml with <testsuite>/<testcase>) → "junit-xml";
//   - automake's test-suite.log ("# TOTAL:" block) → "automake"; its *.trs
//     files are used only when no test-suite.log is given (they describe
//     the same tests);
//   - ctest's Testing/Temporary/LastTest.log is ignored: it reports
//     "Test Passed." for skipped, disabled and not-run tests alike;
//   - anything else (a saved `go test -json` stream, meson's testlog.txt, a
//     tee'd console log) goes through the console parsers ([Parse]).
//
// Files are read in path order, so the result does not depend on map order.
func ParseFiles(files map[string][]byte) Counts {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	hasSuiteLog := false
	for _, n := range names {
		if path.Base(n) == "test-suite.log" {
			hasSuiteLog = true
		}
	}
	var out []found
	seen := map[junitCase]string{}
	for _, n := range names {
		data := files[n]
		base := path.Base(n)
		switch {
		case base == "LastTest.log" || strings.HasPrefix(base, "LastTest"):
			continue
		case strings.HasSuffix(base, ".xml"):
			if c, ok := parseJUnitXML(data, seen, n); ok {
				out = append(out, found{name: "junit-xml", counts: c})
			}
		case base == "test-suite.log":
			if c, ok := parseSuiteLog(string(data)); ok {
				out = append(out, found{name: "automake", counts: c})
			}
		case strings.HasSuffix(base, ".trs"):
			if hasSuiteLog {
				continue
			}
			if c, ok := parseTRS(string(data)); ok {
				out = append(out, found{name: "automake", counts: c})
			}
		default:
			out = append(out, parseText(string(data))...)
		}
	}
	return combine(out)
}

// parseSuiteLog reads the "# TOTAL:" block at the top of an automake
// test-suite.log.
func parseSuiteLog(s string) (Counts, bool) {
	var c Counts
	ok := false
	for _, l := range lines(s) {
		t := strings.TrimSpace(l)
		if m := automakeKey.FindStringSubmatch(t); m != nil {
			if m[1] == "TOTAL" {
				if ok {
					break // the header block only; the per-test sections follow
				}
				ok = true
				continue
			}
			if ok {
				automakeKeyAdd[m[1]](&c, atoi(m[2]))
			}
		}
	}
	return c, ok
}

// parseTRS reads an automake .trs file: one ":test-result: RESULT" line per
// test (several for a TAP script).
func parseTRS(s string) (Counts, bool) {
	var c Counts
	ok := false
	for _, l := range lines(s) {
		if v, found := strings.CutPrefix(strings.TrimSpace(l), ":test-result:"); found {
			c.Add(automakeOutcome(strings.Fields(v + " x")[0]))
			ok = true
		}
	}
	return c, ok
}
