package pyramid

import (
	"fmt"
	"regexp"
	"strings"
)

// CTestTimeout is the per-test limit a Testable ctest runs with, unless
// the command sets its own: just under the loop's idle limit (5 min of no
// output ends a test command). ctest prints nothing while a test runs, so
// one slow test (re2's dfa_test on a loaded machine) silenced the whole
// suite until the idle limit killed it, with 14 of its 20 tests passed
// and no verdict; stopped by ctest instead, it is one failed test and the
// suite goes on to its summary. A test the project gives its own TIMEOUT
// property keeps it.
const CTestTimeout = 290 // seconds

// ctestWordRe is ctest as a command of a shell line: at its start or
// after a separator.
var ctestWordRe = regexp.MustCompile(`(^|[;&|(]\s*)ctest(\s|$)`)

// boundCTest gives each ctest of text the per-test limit, unless text
// sets one (--timeout) already.
func boundCTest(text string) string {
	if strings.Contains(text, "--timeout") || !ctestWordRe.MatchString(text) {
		return text
	}
	return ctestWordRe.ReplaceAllString(text, fmt.Sprintf("${1}ctest --timeout %d${2}", CTestTimeout))
}
