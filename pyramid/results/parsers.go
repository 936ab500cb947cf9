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
}

// inner are frameworks whose binaries or scripts are typically run by a
// test runner (ctest, meson, automake, prove).
var inner = []string{"googletest", "tap", "pytest", "unittest", "plain"}

// textParsers is the ordered list of console-output parsers. Order is the
// order of Counts.Frameworks; supersession and fallback decide overlaps.
var textParsers = []textParser{
	// CMake's ctest: "N% tests passed, F tests failed out of T" per run.
	{name: "ctest", parse: parseCTest, supersedes: inner},
	// meson test: the "Ok: / Expected Fail: / Fail: …" block per run.
	{name: "meson", parse: parseMeson, supersedes: inner},
	// automake's parallel test harness (make check): "# TOTAL:" block, or
	// the older "All N tests passed" / "F of N tests failed" banners.
	{name: "automake", parse: parseAutomake, supersedes: inner},
	// Perl's prove (TAP::Harness): "Files=N, Tests=M" and "Result:".
	{name: "prove", parse: parseProve, supersedes: []string{"tap"}},
	// curl's runtests.pl: "TESTDONE: 116 tests out of 117 reported OK".
	{name: "runtests", parse: parseRuntests, supersedes: []string{"plain"}},
	// pytest: the "=== 1 failed, 2 passed in 0.1s ===" closing line.
	{name: "pytest", parse: parsePytest},
	// Python unittest (and Django/trial): "Ran N tests in Xs" + "OK"/"FAILED (…)".
	{name: "unittest", parse: parseUnittest},
	// go test: -v "--- PASS/FAIL/SKIP:" lines and -json events (leaf tests).
	{name: "go test", parse: parseGoTest},
	// googletest: "[==========] N tests from M test suites ran." + PASSED/FAILED/SKIPPED.
	{name: "googletest", parse: parseGoogletest},
	// jest: "Tests:       1 failed, 1 skipped, 3 passed, 5 total".
	{name: "jest", parse: parseJest},
	// mocha: "N passing (12ms)", "N pending", "N failing".
	{name: "mocha", parse: parseMocha},
	// vitest: " Tests  3 passed | 1 skipped (4)".
	{name: "vitest", parse: parseVitest},
	// TAP: node:test's "# tests/# pass/# fail…" summary (also the spec
	// reporter's "ℹ tests"), else plain "ok N"/"not ok N" lines.
	{name: "tap", parse: parseTAP},
	// cargo test: "test result: ok. 3 passed; 0 failed; 1 ignored; …" per binary.
	{name: "cargo test", parse: parseCargo},
	// Maven Surefire/Failsafe: "Tests run: 5, Failures: 1, Errors: 0, Skipped: 1".
	{name: "surefire", parse: parseSurefire},
	// Gradle: "5 tests completed, 1 failed, 1 skipped" (printed on failure only).
	{name: "gradle", parse: parseGradle},
	// A closing line "N passed, N failed[, N skipped]" with an optional
	// "Word:" prefix; used only when nothing else matched.
	{name: "plain", parse: parsePlain, fallback: true},
}

// parseText runs every parser over the text and resolves overlaps.
func parseText(text string) []found {
	if text == "" {
		return nil
	}
	ls := lines(text)
	var got []found
	var dropped []string
	anyPrimary := false
	for _, p := range textParsers {
		if p.fallback && anyPrimary {
			continue
		}
		c, ok := p.parse(ls)
		if !ok {
			continue
		}
		got = append(got, found{name: p.name, counts: c, supersedes: p.supersedes})
		if !p.fallback {
			anyPrimary = true
		}
	}
	for _, f := range got {
		switch {
		case f.counts.Total() == 0:
		case coarse(f, got):
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
// frameworks it ran: a few runner tests that each wrap a whole suite
// (libuv: ctest's 2 tests are 1,026 TAP tests). Then the inner counts say
// more and the runner's are dropped instead.
func coarse(f found, got []found) bool {
	if len(f.supersedes) == 0 || f.counts.Total() > 5 {
		return false
	}
	inner := 0
	for _, g := range got {
		if slices.Contains(f.supersedes, g.name) {
			inner += g.counts.Total()
		}
	}
	return inner >= 10*f.counts.Total()
}
