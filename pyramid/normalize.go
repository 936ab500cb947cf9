package pyramid

import (
	"regexp"
	"strings"
)

// normalize rewrites a mined test command into a form whose output the
// result parsers count (go test without -v reports no test names).
func normalize(text string, b Bucket) string {
	text = maskedStatus.ReplaceAllString(text, "") // judged by its own exit (fromShell classified it so)
	if b.Level() == Testable {
		// a CI step keeping only the exit status (gods' `go test -v
		// -coverprofile=coverage.out ./... >/dev/null`) or writing its
		// output to a log the CI uploads (mongoose's `make -C test
		// atcmd_test >log`): the output is the evidence of what ran
		text = discardedOutputRe.ReplaceAllString(text, "")
	}
	if b == Unit && goTestRe.MatchString(text) {
		// the tests, not the benchmarks, ten times (go-toml's CI runs
		// `go test -v ./... -bench=. -count=10`: minutes of benchmarks
		// prove nothing a test run does not)
		for t := ""; t != text; { // adjacent flags share the blank between them
			t, text = text, goBenchFlagRe.ReplaceAllString(text, " ")
		}
		text = strings.TrimRight(text, " ")
		if m := goTestRe.FindStringSubmatch(text); m != nil && !goVerboseRe.MatchString(text) {
			return m[1] + "go test -v" + m[2]
		}
	}
	return text
}

var (
	// discardedOutputRe is a command's closing redirection of its output
	// (stdout, or both streams) to /dev/null or to a log file of the
	// working directory.
	discardedOutputRe = regexp.MustCompile(`\s+(?:1?>|&>)\s*(?:/dev/null|[\w-]*\.(?:log|txt|out)|log|out|output)(?:\s+2>&1)?\s*$`)
	goTestRe          = regexp.MustCompile(`^(.*?)go test(\s.*)?$`)
	goVerboseRe       = regexp.MustCompile(`go test\b.*\s(-v|-json)\b`)
	// goBenchFlagRe is a go test flag for benchmarks or repetition.
	goBenchFlagRe = regexp.MustCompile(`\s-(?:bench(?:=|\s+)\S+|benchmem|benchtime(?:=|\s+)\S+|count(?:=|\s+)(?:[2-9]|\d\d+))(?:\s|$)`)
)
