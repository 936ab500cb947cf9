package pyramid

import (
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A documented command's own comment can say what it is for, where its
// words do not: hashmap.c's README has `cc -DHASHMAP_TEST hashmap.c &&
// ./a.out  # run tests` and the same line with `BENCH=1 … # run
// benchmarks`. A program run that its comment calls the tests is the test
// suite, not a use; one it calls a benchmark measures the project and is
// no use of it either.

// testsCommentRe is a comment calling its command the tests: "run tests",
// "runs the unit tests", "run the test suite", "tests".
var testsCommentRe = regexp.MustCompile(`(?i)^(?:to\s+)?(?:runs?\s+)?(?:all\s+)?(?:the\s+)?(?:unit\s+)?(?:tests?|test\s*suite)$`)

// benchCommentRe is a comment calling its command a benchmark.
var benchCommentRe = regexp.MustCompile(`(?i)^(?:to\s+)?(?:runs?\s+)?(?:the\s+)?(?:benchmarks?|bench)$`)

// commented is v as the comment on the command's line names it: an
// Entry or Smoke its comment calls the tests is Unit, one it calls a
// benchmark is dropped. Builds, tests and drops keep their verdict.
func commented(v verdict, comment string) verdict {
	if v.Drop != "" || v.Bucket != Entry && v.Bucket != Smoke {
		return v
	}
	c := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(comment), ".:"))
	switch {
	case testsCommentRe.MatchString(c):
		return verdict{Bucket: Unit, Reason: "runs the tests (its comment in the docs: " + c + ")"}
	case benchCommentRe.MatchString(c):
		return verdict{Drop: "runs a benchmark (its comment in the docs: " + c + "): it measures the project, it is no use of it"}
	}
	return v
}

// lineComment is the comment that ends line n (1-based) of a shell
// block, "" for none.
func lineComment(block string, n int) string {
	lines := strings.Split(block, "\n")
	if n < 1 || n > len(lines) || !strings.Contains(lines[n-1], "#") {
		return ""
	}
	f, err := syntax.NewParser(syntax.KeepComments(true)).Parse(strings.NewReader(promptRe.ReplaceAllString(lines[n-1], "")), "")
	if err != nil || len(f.Stmts) == 0 {
		return ""
	}
	cs := f.Stmts[len(f.Stmts)-1].Comments
	if len(cs) == 0 {
		return ""
	}
	return cs[len(cs)-1].Text
}
