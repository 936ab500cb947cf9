package results

import "slices"

// textParser recognises one framework's console output.
type textParser struct {
	// name is the framework name reported in Counts.Frameworks.
	name string
	// parse returns the counts and whether the framework was seen at all.
	parse func(lines []string) (Counts, bool)
	// supersedes names frameworks whose counts are dropped when this one
	// counted at least one test: a runner (ctest, meson, automake, prove) shows only part of the
	// output of the tests it runs, so the inner framework's counts would be
	// partial and would double count.
	supersedes []string
	// fallback parsers are used only when no other parser saw anything.
	fallback bool
	// alone: used only when no parser at all, fallbacks included, saw
	// anything (per-test verdict lines also show in other formats).
	alone bool
	// wraps marks a runner whose tests are programs (ctest, meson,
	// automake): each may run a whole framework suite of its own.
	wraps bool
	// summaries counts the framework's closing summaries in the output,
	// one per run of a binary or script; set for the frameworks a runner
	// wraps (see coarse).
	summaries func(lines []string) int
}

// inner are frameworks whose binaries or scripts are typically run by a
// test runner (ctest, meson, automake, prove).
var inner = []string{"googletest", "catch2", "doctest", "boost.test", "cunit", "unity", "acutest", "tap", "pytest", "unittest", "plain"}

// textParsers is the ordered list of console-output parsers. Order is the
// order of Counts.Frameworks; supersession and fallback decide overlaps.
var textParsers = []textParser{
	// CMake's ctest: "N% tests passed, F tests failed out of T" per run.
	{name: "ctest", parse: parseCTest, supersedes: inner, wraps: true},
	// meson test: the "Ok: / Expected Fail: / Fail: …" block per run.
	{name: "meson", parse: parseMeson, supersedes: inner, wraps: true},
	// automake's parallel test harness (make check): "# TOTAL:" block, or
	// the older "All N tests passed" / "F of N tests failed" banners.
	{name: "automake", parse: parseAutomake, supersedes: inner, wraps: true},
	// DejaGnu's runtest (automake's dejagnu option): "=== x Summary ===", "# of expected passes N".
	{name: "dejagnu", parse: parseDejagnu, supersedes: inner, wraps: true},
	// Perl's prove (TAP::Harness): "Files=N, Tests=M" and "Result:".
	{name: "prove", parse: parseProve, supersedes: []string{"tap"}},
	// curl's runtests.pl: "TESTDONE: 116 tests out of 117 reported OK".
	{name: "runtests", parse: parseRuntests, supersedes: []string{"plain"}},
	// pytest: the "=== 1 failed, 2 passed in 0.1s ===" closing line.
	{name: "pytest", parse: parsePytest},
	// Python unittest (and Django/trial): "Ran N tests in Xs" + "OK"/"FAILED (…)".
	{name: "unittest", parse: parseUnittest, summaries: unittestSummaries},
	// go test: -v "--- PASS/FAIL/SKIP:" lines and -json events (leaf tests).
	{name: "go test", parse: parseGoTest},
	// googletest: "[==========] N tests from M test suites ran." + PASSED/FAILED/SKIPPED.
	{name: "googletest", parse: parseGoogletest, summaries: gtestSummaries},
	// Catch2 v2/v3 console reporter: "All tests passed (A assertions in N
	// test cases)" or "test cases: N | P passed | F failed | S skipped".
	{name: "catch2", parse: parseCatch2, summaries: catch2Summaries},
	// doctest: "[doctest] test cases: N | P passed | F failed | S skipped".
	{name: "doctest", parse: parseDoctest, summaries: doctestSummaries},
	// Boost.Test: "Running N test cases..." then "*** No errors detected"
	// or "*** K failures are detected in the test module".
	{name: "boost.test", parse: parseBoostTest, summaries: boostSummaries},
	// CUnit: the "Run Summary:" table's "tests  Total Ran Passed Failed Inactive" row.
	{name: "cunit", parse: parseCUnit, summaries: cunitSummaries},
	// ThrowTheSwitch Unity: "42 Tests 0 Failures 1 Ignored" per program.
	{name: "unity", parse: parseUnity, summaries: unitySummaries},
	// acutest: "Test x...   [ OK ]" per test, "SUCCESS: No unit tests have failed." / "FAILED: 2 of 31 unit tests have failed." per program.
	{name: "acutest", parse: parseAcutest, summaries: acutestSummaries},
	// jest: "Tests:       1 failed, 1 skipped, 3 passed, 5 total".
	{name: "jest", parse: parseJest},
	// mocha: "N passing (12ms)", "N pending", "N failing".
	{name: "mocha", parse: parseMocha},
	// vitest: " Tests  3 passed | 1 skipped (4)".
	{name: "vitest", parse: parseVitest},
	// Jasmine: "3 specs, 0 failures[, 1 pending spec]"; Jasmine 1's
	// jasmine-node: "7 tests, 9 assertions, 0 failures".
	{name: "jasmine", parse: parseJasmine},
	// TAP: node:test's "# tests/# pass/# fail…" summary (also the spec
	// reporter's "ℹ tests"), else plain "ok N"/"not ok N" lines.
	{name: "tap", parse: parseTAP, summaries: tapSummaries},
	// Karma: "TOTAL: 2 FAILED, 570 SUCCESS" over the browsers it ran.
	{name: "karma", parse: parseKarma},
	// ava: "✔ 32 tests passed", "✖ 2 tests failed", "1 known failure".
	{name: "ava", parse: parseAva},
	// node-tap: "Asserts:  528 pass  0 fail  528 of 528 complete", "# { total: 528, pass: 528 }".
	{name: "node-tap", parse: parseNodeTap, supersedes: []string{"tap"}},
	// QUnit on Node (qunit-extras): " PASS - decode" per test, "PASS: 1597  FAIL: 0  TOTAL: 1597".
	{name: "qunit", parse: parseQUnit},
	// @hapi/lab: "243 tests complete", "2 of 243 tests failed (1 skipped)".
	{name: "lab", parse: parseLab, supersedes: []string{"automake"}},
	// cargo test: "test result: ok. 3 passed; 0 failed; 1 ignored; …" per binary.
	{name: "cargo test", parse: parseCargo},
	// Maven Surefire/Failsafe: "Tests run: 5, Failures: 1, Errors: 0, Skipped: 1".
	{name: "surefire", parse: parseSurefire},
	// Gradle: "5 tests completed, 1 failed, 1 skipped" (printed on failure only).
	{name: "gradle", parse: parseGradle},
	// A closing line "N passed, N failed[, N skipped]" with an optional
	// "Word:" prefix; used only when nothing else matched.
	{name: "plain", parse: parsePlain, fallback: true},
	// Totals on lines of their own, "TESTS: 1283" / "FAILURES: 2" (PyYAML's
	// test driver, shell and Perl drivers); used only when nothing else matched.
	{name: "labels", parse: parseLabels, fallback: true},
	// One verdict line per test from a driver of the project's own
	// ("testing -fPIC ... passed", "[ok]: SET and GET"), three at least;
	// used only when nothing else matched.
	{name: "verdicts", parse: parseVerdicts, fallback: true, alone: true},
}

// parseText runs every parser over the text and resolves overlaps.
func parseText(text string) []found {
	if text == "" {
		return nil
	}
	ls := ctestVerbose(lines(text))
	var got []found
	var dropped []string
	anyPrimary := false
	for _, p := range textParsers {
		if p.fallback && anyPrimary || p.alone && len(got) > 0 {
			continue
		}
		c, ok := p.parse(ls)
		if !ok {
			continue
		}
		got = append(got, found{name: p.name, counts: c, supersedes: p.supersedes, wraps: p.wraps, summaries: p.summaries})
		if !p.fallback {
			anyPrimary = true
		}
	}
	for _, f := range got {
		switch {
		case f.counts.Total() == 0:
		case coarse(f, got, ls):
			dropped = append(dropped, f.name)
		default:
			dropped = append(dropped, f.supersedes...)
		}
	}
	out := got[:0]
	for _, f := range got {
		if !slices.Contains(dropped, f.name) {
			out = append(out, f)
		}
	}
	return out
}

// coarse reports whether a runner's counts are coarser than those of the
// frameworks it ran, so the inner counts say more and the runner's are
// dropped instead:
//   - a few runner tests that each wrap a whole suite (libuv: ctest's 2
//     tests are 1,026 TAP tests; one ctest entry running a gtest binary
//     whose 300 tests show with -V);
//   - every runner test that ran shows its framework's closing summary
//     (ctest -V or --output-on-failure over failing Catch2/doctest
//     binaries): the inner counts are complete. When only some entries
//     show theirs (--output-on-failure shows the failing ones only), the
//     runner's counts stay.
func coarse(f found, got []found, ls []string) bool {
	if len(f.supersedes) == 0 {
		return false
	}
	inner := 0
	for _, g := range got {
		if slices.Contains(f.supersedes, g.name) {
			inner += g.counts.Total()
		}
	}
	entries := f.counts.Passed + f.counts.Failed + f.counts.Errors
	switch {
	case f.counts.Total() <= 5 && inner >= 10*f.counts.Total():
		return true
	case !f.wraps || entries == 0 || inner < entries:
		return false
	}
	runs := 0 // counted only now: a pass over the output per framework
	for _, g := range got {
		if slices.Contains(f.supersedes, g.name) && g.summaries != nil {
			runs += g.summaries(ls)
		}
	}
	return runs >= entries
}
