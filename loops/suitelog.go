package loops

import (
	"path"
	"sort"
	"strings"
)

// An automake test suite (make check) prints one line per test, "FAIL:
// t1000-zip-single.pl", and keeps why in tests/test-suite.log: libgsf's
// fourteen Perl tests all died on "Can't locate XML/Parser.pm in @INC",
// which its output never shows; once installed, each skipped itself for
// "SKIP -- unzip is missing". suiteLogFailures is the start of each
// failed or skipped test's section of the test-suite.log files the
// command wrote, for the repair rules to read beside the output.

// maxSuiteLogSections and maxSuiteLogLines bound what is taken of a
// test-suite.log: the first sections, the first lines of each.
const (
	maxSuiteLogSections = 4
	maxSuiteLogLines    = 12
)

// suiteLogFailures is the failed and skipped tests' sections (FAIL,
// ERROR, SKIP, XPASS) of the command's test-suite.log files, bounded by
// maxSuiteLogSections and maxSuiteLogLines; "" when none.
func suiteLogFailures(files map[string][]byte) string {
	var names []string
	for n := range files {
		if path.Base(n) == "test-suite.log" {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var out strings.Builder
	for _, n := range names {
		lines, taken := strings.Split(string(files[n]), "\n"), 0
		for i := 0; i < len(lines) && taken < maxSuiteLogSections; i++ {
			if !sectionStart(lines[i]) {
				continue
			}
			taken++
			out.WriteString("(" + n + ") " + lines[i] + "\n")
			for j := i + 1; j < len(lines) && j <= i+maxSuiteLogLines; j++ {
				if sectionStart(lines[j]) || strings.HasPrefix(lines[j], "PASS: ") || strings.HasPrefix(lines[j], "XFAIL: ") {
					break
				}
				if strings.Trim(lines[j], "=") != "" {
					out.WriteString(lines[j] + "\n")
				}
			}
		}
	}
	return out.String()
}

// sectionStart is the heading of a test's section that says why it did
// not pass.
func sectionStart(l string) bool {
	return strings.HasPrefix(l, "FAIL: ") || strings.HasPrefix(l, "ERROR: ") || strings.HasPrefix(l, "SKIP: ") || strings.HasPrefix(l, "XPASS: ")
}
