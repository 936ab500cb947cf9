package pyramid

import (
	"fmt"
	"regexp"
	"strings"
)

// CTestParallel is what a Testable ctest runs its tests with: one test
// per core of the sandbox, as CMake projects' CI runs them. ctest runs
// tests one at a time unless told otherwise, and on this 2-core machine
// a large suite run serially did not fit the run's time: libjpeg-turbo's
// 664 tests (341 run when its share of the run stopped them, ~620 s
// serially), mosquitto's and re2's suites, cut with most of their tests
// unrun. A project whose tests collide when run together (a fixed port,
// a shared file) is run serially instead (the loop's serial fallback:
// SerialCTest).
const CTestParallel = ` --parallel "$(nproc)"`

// ctestParallelRe finds a ctest already told how many tests to run at
// once, or a run of the failed tests only.
var ctestParallelRe = regexp.MustCompile(`(^|\s)(-j\s*\S*|--parallel(\s|=)\S*|--rerun-failed)(\s|$)|CTEST_PARALLEL_LEVEL`)

// parallelCTest runs each ctest of text one test per core, unless it
// says how already or runs the failed tests again.
func parallelCTest(text string) string {
	loc := ctestWordRe.FindStringIndex(text)
	if loc == nil || ctestParallelRe.MatchString(text[loc[0]:]) {
		return text // only ctest's own arguments count, not a build's -j before it
	}
	return ctestWordRe.ReplaceAllString(text, "${1}ctest"+CTestParallel+"${2}")
}

// SerialCTest returns text with its ctests run one test at a time again,
// when heragent made them parallel (parallelCTest).
func SerialCTest(text string) (string, bool) {
	if !strings.Contains(text, "ctest"+CTestParallel) {
		return text, false
	}
	return strings.ReplaceAll(text, "ctest"+CTestParallel, "ctest"), true
}

// FailedCTestRerun returns a command that runs again, one at a time, the
// tests c's ctest failed: in its --test-dir, or in the directory the
// command changed into before ctest; as c runs (libuv's suite refuses
// root: the failures of its run as the unprivileged user run again as
// that user).
func FailedCTestRerun(c Command) Command {
	text := "ctest --rerun-failed --output-on-failure"
	if dir, ok := ctestDir(c.Text); ok {
		text = "ctest --test-dir " + dir + " --rerun-failed --output-on-failure"
	}
	rc := c // run as c ran: as its user, under its display, after its services
	rc.Text, rc.Synth, rc.Reason = boundCTest(text), true, "runs the tests that failed in parallel again, one at a time"
	return rc
}

// FailedCTestSample is FailedCTestRerun for the first n of the failed
// tests (ctest's Testing/Temporary/LastTestsFailed.log, "N:name" lines,
// matched by exact name): a suite with too many failures to run them all
// again alone still tells a collision from its own failures on a sample.
func FailedCTestSample(c Command, n int) Command {
	rc := FailedCTestRerun(c)
	dir, ok := ctestDir(c.Text)
	if !ok {
		dir = "."
	}
	names := fmt.Sprintf(`$(head -n %d %s/Testing/Temporary/LastTestsFailed.log | cut -d: -f2- | sed 's/[][\\.*^$()+?{}|]/\\&/g' | paste -sd'|')`, n, quoteArg(dir))
	rc.Text = strings.Replace(rc.Text, "--rerun-failed", `-R "^(`+names+`)\$"`, 1)
	rc.Reason = fmt.Sprintf("runs the first %d of the tests that failed in parallel again, one at a time", n)
	return rc
}

// ctestDir is the directory text's ctest runs in: its --test-dir, or the
// one the command changed into before ctest; false when it says none.
func ctestDir(text string) (string, bool) {
	m := testDirRe.FindStringSubmatch(text)
	if m == nil {
		m = cdBeforeCTestRe.FindStringSubmatch(text)
	}
	if m == nil {
		m = cmakeTestTargetRe.FindStringSubmatch(text)
	}
	if m == nil {
		return "", false
	}
	return m[1], true
}

// cdBeforeCTestRe is `cd DIR && ctest` (libuv's `(cd build && ctest …)`).
var cdBeforeCTestRe = regexp.MustCompile(`\bcd\s+(\S+)\s*&&\s*ctest\b`)

// cmakeTestTargetRe is CMake's own test target, which runs ctest in the
// build directory: `cmake --build build --target test` (flac's CI).
var cmakeTestTargetRe = regexp.MustCompile(`\bcmake\s+--build\s+(\S+)(?:\s+\S+)*?\s+(?:--target|-t)\s+test(?:\s|$)`)
