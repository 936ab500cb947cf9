package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/pyramid"
)

// testFailure: the test runner ran and some tests failed. Only for
// commands after setup; recorded, since the environment works.
type testFailure struct{}

var testFailureMatches = []match{
	{TestFailure, regexp.MustCompile(`^--- FAIL: (\S+)`)},                                               // go test
	{TestFailure, regexp.MustCompile(`^FAIL: (\S+) \(`)},                                                // unittest
	{TestFailure, regexp.MustCompile(`^FAILED (\S+::\S+)`)},                                             // pytest
	{TestFailure, regexp.MustCompile(`^()FAILED \((?:failures|errors)=\d+`)},                            // unittest summary
	{TestFailure, regexp.MustCompile(`^=+ (?:.*, )?()\d+ failed`)},                                      // pytest summary
	{TestFailure, regexp.MustCompile(`^(?:\d+ \w+, )*()\d+ failed(?:, \d+ \w+)* in [\d.]+s`)},           // pytest -q summary
	{TestFailure, regexp.MustCompile(`()\d+% tests passed, \d+ tests? failed out of \d+`)},              // ctest
	{TestFailure, regexp.MustCompile(`^Tests:\s+()\d+ failed`)},                                         // jest
	{TestFailure, regexp.MustCompile(`^\s*()\d+ failing$`)},                                             // mocha
	{TestFailure, regexp.MustCompile(`^test result: ()FAILED`)},                                         // cargo
	{TestFailure, regexp.MustCompile(`Tests run: \d+, Failures: [1-9]\d*()|There are test failures()`)}, // maven
	{TestFailure, regexp.MustCompile(`^\s*\d+/\d+\s+(\S+)\s+FAIL\s`)},                                   // meson test
	{TestFailure, regexp.MustCompile(`^Fail:\s+()[1-9]`)},                                               // meson summary
	{TestFailure, regexp.MustCompile(`^# FAIL:\s+()[1-9]`)},                                             // automake test-driver summary
	{TestFailure, regexp.MustCompile(`^FAIL: ([\w./+-]+)$`)},                                            // automake test-driver
	{TestFailure, regexp.MustCompile(`^# of unexpected failures\s+()\d+`)},                              // DejaGnu
	{TestFailure, regexp.MustCompile(`^The following tests FAILED:()`)},                                 // ctest
	{TestFailure, regexp.MustCompile(`^✖ (.+?) \([\d.]+m?s\)$`)},                                        // node:test spec reporter
	{TestFailure, regexp.MustCompile(`^(?:ℹ|#) fail ()[1-9]`)},                                          // node:test, TAP summaries
	{TestFailure, regexp.MustCompile(`^not ok \d+ (?:- )?(.+?)(?: # time=[\d.]+m?s)?$`)},                // TAP (node-tap, tape): a top-level test
	{TestFailure, regexp.MustCompile(`^\s*()[1-9]\d* tests? failed$`)},                                  // a project's own driver (tcpdump's TESTrun)
	// a driver comparing the output with a recorded one, diff's hunks:
	// "93,97c73,74" (better-exceptions' test_all.sh), "@@ -3,4 +3,5 @@"
	{TestFailure, regexp.MustCompile(`^()\d+(?:,\d+)?[acd]\d+(?:,\d+)?$|^()@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@`)},
}

func (testFailure) Name() string { return "test-failure" }

func (testFailure) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand {
		return nil
	}
	ds := scan(f.Log, testFailureMatches, nil)
	if len(ds) > 1 {
		ds = ds[:1]
	}
	if len(ds) == 0 && f.Counts.Failed+f.Counts.Errors > 0 {
		// the parser counted failed tests in a shape no line above
		// matches (node-tap's "# { total: 507, pass: 501, fail: 6 }", a
		// go test failure before the excerpt's window): a test failure
		ds = []Diagnosis{{Kind: TestFailure, Evidence: firstFailLine(f.Log)}}
	}
	return ds
}

// failWordRe is a line reporting a failure.
var failWordRe = regexp.MustCompile(`(?i)(^|[\s:{,])((fail(s|ed|ures?)?|not ok)\b|✖)`)

// noFailRe is a line counting no failure ("0 pass  0 fail", "fail: 0").
var noFailRe = regexp.MustCompile(`(?i)\b0 fail|fail(s|ed|ures)?:? 0\b`)

// firstFailLine is the first line of log reporting a failure, else its
// last line that is the run's own: the loop appends pip check's report to
// a Python run's log, and its "poetry 1.3.2 has requirement dulwich…" is
// no evidence of the tests' failure (tomlkit's, textual's).
func firstFailLine(log string) string {
	var own strings.Builder
	for _, l := range logLines(log) {
		if failWordRe.MatchString(l) && !noFailRe.MatchString(l) {
			return strings.TrimSpace(l)
		}
		if !pipCheckLine(l) {
			own.WriteString(l + "\n")
		}
	}
	return lastLine(own.String())
}

func (testFailure) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != TestFailure {
		return Proposal{}, false
	}
	return record(d, "tests ran and failed in the project's code: "+d.Evidence), true
}

// runnerFailed: the command ran tests, every one it counted passed, and
// it still failed — a step the runner takes after the tests (npm's
// posttest `npm audit`, a coverage threshold, a skip list the container
// does not match). Nothing in the log names a cause another rule knows;
// recorded with the last thing the command printed, not as unknown.
type runnerFailed struct{}

func (runnerFailed) Name() string { return "runner-failed" }

func (runnerFailed) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand || f.TimedOut || !pyramid.RunnerFailed(f.Counts) {
		return nil
	}
	return []Diagnosis{{Kind: RunnerFailed, Subject: f.Command, Evidence: lastLine(f.Log)}}
}

func (runnerFailed) Propose(d Diagnosis, _ *Context) (Proposal, bool) {
	if d.Kind != RunnerFailed {
		return Proposal{}, false
	}
	return record(d, "every test the run counted passed; what failed is a step of the runner after them (a post-test script, a coverage threshold, a skip list): "+d.Evidence), true
}
