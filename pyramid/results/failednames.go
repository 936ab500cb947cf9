package results

import (
	"regexp"
	"strings"
)

// failedName matches the line naming one failed test in the common
// frameworks' output; the first non-empty group is the name.
var failedName = []*regexp.Regexp{
	regexp.MustCompile(`^\s*--- FAIL: (\S+)`),                        // go test
	regexp.MustCompile(`^\s*not ok \d+ (?:- )?([^#]+?)\s*(?:#.*)?$`), // TAP, node's test runner
	regexp.MustCompile(`^(?:FAILED|ERROR) (\S+::\S+)`),               // pytest's short summary
	regexp.MustCompile(`^(?:FAIL|ERROR): (\S+ \(\S+\))`),             // unittest
	regexp.MustCompile(`^\s*\d+ - (\S+) \((?:Failed|Not Run|SEGFAULT|Timeout|Subprocess aborted|Exception|OTHER_FAULT|Child aborted)\)`), // ctest
	regexp.MustCompile(`^\[  FAILED  \] (\w[\w/]*\.\w[\w/]*)`),                                                                           // googletest
	regexp.MustCompile(`^test (\S+) \.\.\. FAILED`),                                                                                      // cargo test
	regexp.MustCompile(`^\s*(?:✕|×) (.+?)(?: \(\d+ ?m?s\))?$`),                                                                           // jest, vitest
}

// FailedNames lists the names of the failed tests a command's output
// names (go test, TAP, pytest, unittest, ctest, googletest, cargo, jest),
// in order, without duplicates, at most max (all when max <= 0). It is a
// best effort beside the counts: a framework not listed names none.
func FailedNames(output string, max int) []string {
	seen := map[string]bool{}
	var out []string
	for _, line := range strings.Split(StripANSI(output), "\n") {
		line = strings.TrimRight(line, "\r")
		for _, re := range failedName {
			m := re.FindStringSubmatch(line)
			if m == nil || m[1] == "" || seen[m[1]] {
				continue
			}
			if strings.Contains(strings.ToLower(line), "# skip") || strings.Contains(strings.ToLower(line), "# todo") {
				continue
			}
			seen[m[1]] = true
			out = append(out, m[1])
			break
		}
		if max > 0 && len(out) >= max {
			break
		}
	}
	return out
}
