package results

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// c builds expected counts: passed, failed, skipped, errors, frameworks.
func c(p, f, s, e int, fw ...string) Counts {
	return Counts{Passed: p, Failed: f, Skipped: s, Errors: e, Frameworks: fw}
}

// TestParseTestdata runs Parse over the console excerpts in testdata. Unless
// a comment says otherwise, each file is real output captured on the
// development machine (see README.md); surefire/ and gradle/ hold faithful
// samples (Maven/Gradle cannot fetch plugins there), plain/ and the prose
// sample are hand-written, and some mixed/ files concatenate real outputs.
func TestParseTestdata(t *testing.T) {
	tests := []struct {
		file string
		want Counts
	}{
		// ctest: skipped tests are inside "passed" of the summary; disabled
		// ones outside the total; "Not Run" (missing executable) → error.
		{"ctest/mixed.txt", c(2, 1, 2, 1, "ctest")},
		{"ctest/pass.txt", c(2, 0, 0, 0, "ctest")},
		// libuv (heragent run, 2026-11-22): ctest's 2 tests each run a whole
		// TAP suite; the TAP counts replace the coarse ctest ones.
		{"ctest/wraps-tap.txt", c(1008, 4, 14, 0, "tap")},
		{"ctest/fail_output_on_failure.txt", c(0, 1, 0, 0, "ctest")},
		{"ctest/parallel_j2.txt", c(2, 1, 2, 1, "ctest")},
		// `timeout 2 ctest` killed it during a sleeping test: no summary,
		// the finished per-test lines count.
		{"ctest/killed_by_timeout.txt", c(2, 0, 2, 0, "ctest")},
		// automake: XFAIL → skipped, ERROR → error.
		{"automake/mixed.txt", c(2, 1, 2, 1, "automake")},
		// the console summary, then `cat test-suite.log`: counted once.
		{"automake/failure_then_cat_test-suite-log.txt", c(2, 1, 2, 1, "automake")},
		// SUBDIRS = lib tests: two summaries, summed.
		{"automake/two_suites_recursive.txt", c(4, 0, 1, 0, "automake")},
		// DejaGnu under make check (libffi's shape): the summary block;
		// unsupported → skipped.
		{"dejagnu/make_check_libffi.txt", c(1876, 1, 30, 0, "dejagnu")},
		// runtest --all stopped at its share of the run's time: the verdict
		// lines so far ("PASS: x" is DejaGnu's, not automake's).
		{"dejagnu/make_check_all_cut.txt", c(5, 1, 2, 0, "dejagnu")},
		// CUnit: three test programs of mosquitto's `make test`; a failing
		// run (hand-written) with one test registered but not run.
		{"cunit/make_test_mosquitto.txt", c(100, 0, 0, 0, "cunit")},
		{"cunit/failed.txt", c(2, 1, 1, 0, "cunit")},
		// meson: Expected Fail → skipped.
		{"meson/mixed.txt", c(2, 1, 2, 0, "meson")},
		{"meson/pass.txt", c(2, 0, 0, 0, "meson")},
		// pytest: xfailed → skipped, xpassed → passed.
		{"pytest/mixed.txt", c(3, 1, 2, 1, "pytest")},
		{"pytest/quiet_mixed.txt", c(3, 1, 2, 1, "pytest")},
		{"pytest/quiet_pass.txt", c(3, 0, 0, 0, "pytest")},
		{"pytest/color_tail.txt", c(3, 1, 2, 1, "pytest")},
		{"pytest/no_tests.txt", c(0, 0, 0, 0, "pytest")},
		{"pytest/quiet_twice_no_summary.txt", c(247, 0, 3, 0, "pytest")}, // cleo: -q and addopts -q, no summary line: the progress characters count
		// --continue-on-collection-errors: prettytable's main test file
		// could not be loaded (pytest-lazy-fixtures missing), the rest ran
		{"pytest/collection_error_continue.txt", Counts{Passed: 10, Errors: 1, Unloaded: 1, Frameworks: []string{"pytest"}}},
		// segfault mid-session under -v: the per-test lines seen so far.
		{"pytest/crash_verbose.txt", c(2, 0, 0, 0, "pytest")},
		// unittest: expected failures → skipped.
		{"unittest/mixed.txt", c(1, 1, 2, 2, "unittest")},
		{"unittest/pass_skip.txt", c(2, 0, 1, 0, "unittest")},
		{"unittest/verbose.txt", c(2, 0, 1, 0, "unittest")},
		{"unittest/no_tests.txt", c(0, 0, 0, 0, "unittest")},
		// go test: leaf tests only (TestTable's three subtests count, not TestTable).
		{"gotest/verbose.txt", c(5, 2, 1, 0, "go test")},
		{"gotest/json.txt", c(5, 2, 1, 0, "go test")},
		{"gotest/panic.txt", c(1, 1, 0, 0, "go test")},
		{"gotest/gocheck.txt", c(50, 2, 1, 1, "go test")},
		{"gotest/gocheck_quiet.txt", c(47, 0, 0, 0, "go test")}, // go test without -v: no go test line takes the summary // gopkg.in/check.v1's suites inside one go test each (go-yaml, g28)
		// one package ran, the tests of another did not compile: an error
		{"gotest/build_failed.txt", c(2, 0, 0, 1, "go test")},
		{"gotest/json_panic.txt", c(1, 1, 0, 0, "go test")},
		// without -v only failures are printed; no passes are invented.
		{"gotest/plain.txt", c(0, 3, 0, 0, "go test")},
		// t.Parallel subtests (PAUSE/CONT lines) and a cached package.
		{"gotest/parallel_cached.txt", c(6, 0, 1, 0, "go test")},
		// googletest: disabled tests → skipped.
		{"googletest/mixed.txt", c(3, 1, 2, 0, "googletest")},
		{"googletest/pass.txt", c(2, 0, 0, 0, "googletest")},
		{"googletest/color.txt", c(3, 1, 2, 0, "googletest")},
		// utest.h's look-alike output (utf8.h): "N test cases ran.", times in ns
		{"googletest/utest_h_utf8.txt", c(156, 0, 0, 0, "googletest")},
		{"googletest/ubench_h.txt", c(18, 0, 0, 0, "googletest")}, // sheredom's ubench.h: "18 benchmarks ran.", "[ OK ] x (mean 2.354us, …)"
		// abort() in the second test: one passed, the unfinished one an error.
		{"googletest/crash.txt", c(1, 0, 0, 1, "googletest")},
		// jest: todo → skipped; colour codes stripped.
		{"jest/mixed.txt", c(3, 1, 2, 0, "jest")},
		{"jest/pass.txt", c(1, 0, 0, 0, "jest")},
		{"jest/color.txt", c(2, 1, 2, 0, "jest")},
		{"mocha/mixed.txt", c(2, 1, 2, 0, "mocha")},
		{"mocha/pass.txt", c(3, 0, 0, 0, "mocha")},
		// vitest prints colour even into a pipe.
		{"vitest/mixed_color.txt", c(3, 1, 2, 0, "vitest")},
		{"vitest/pass_color.txt", c(1, 0, 0, 0, "vitest")},
		// handlebars.js: a test file that could not load (its mustache specs
		// submodule absent) ran none of its tests: an error
		{"vitest/file_failed_handlebars.txt", c(544, 0, 10, 1, "vitest")},
		// node --test (TAP and spec reporters): the summary, not the TAP lines.
		{"tap/node_test_tap.txt", c(4, 1, 2, 0, "tap")},
		{"tap/node_test_spec.txt", c(4, 1, 2, 0, "tap")},
		// the failures listed again after the summary are not counted twice
		{"tap/node_test_spec_failing.txt", c(4, 1, 2, 0, "tap")},
		// fastify's npm test (borp, node:test's spec reporter; heragent run,
		// 2026-11-27, its first 80 lines) cut at its share of the run's
		// time before the summary: the per-test lines
		{"tap/node_test_spec_cut.txt", c(62, 0, 0, 0, "tap")},
		// nanoid's `pnpm run /^test:/` (heragent run, 2026-11-28, its spec
		// lines cut to a few): pnpm prefixes each line with ". <script>: "
		{"tap/node_test_pnpm_prefixed.txt", c(79, 0, 0, 0, "tap")},
		// a bare Test::More script: plan + ok/not ok lines.
		{"tap/perl_plain.txt", c(2, 1, 1, 0, "tap")},
		// tape under nyc (minimist): "# pass  171", two spaces, and no "# fail" when none failed
		{"tap/tape_nyc.txt", c(171, 0, 0, 0, "tap")},
		{"prove/pass.txt", c(3, 0, 0, 0, "prove")},
		// a file that died after its first test counts as one error.
		{"prove/mixed_crash.txt", c(6, 1, 1, 1, "prove")},
		// prove -v shows the TAP lines too; prove's summary wins.
		{"prove/verbose.txt", c(2, 1, 1, 0, "prove")},
		// curl's test-ci: most tests skipped (their servers were not built).
		{"runtests/curl_test_ci.txt", c(116, 1, 1845, 0, "runtests")},
		// curl's test-ci stopped at its share of the run's time (heragent run,
		// 2026-11-27, excerpt) before TESTDONE: its per-test lines.
		{"runtests/curl_test_ci_cut.txt", c(75, 0, 37, 0, "runtests")},
		{"runtests/failed_cut.txt", c(1, 1, 0, 0, "runtests")},
		{"cargo/fail.txt", c(2, 1, 1, 0, "cargo test")},
		{"cargo/no_fail_fast.txt", c(4, 1, 1, 0, "cargo test")},
		{"cargo/color.txt", c(5, 0, 1, 0, "cargo test")},
		// unit tests, an integration test and doc-tests: three results summed.
		{"cargo/pass_three_binaries.txt", c(5, 0, 1, 0, "cargo test")},
		// per-class lines and the "Results:" total per module: totals only.
		{"surefire/multimodule.txt", c(6, 1, 1, 1, "surefire")},
		// the fork died before "Results:": the per-class lines.
		{"surefire/fork_crashed.txt", c(4, 1, 0, 0, "surefire")},
		{"gradle/failed_task.txt", c(3, 1, 1, 0, "gradle")},
		// Chart.js's karma in Chromium and Firefox under concurrently's "[karma] " (g80c, 2026-12-01): "TOTAL: 2 FAILED, 570 SUCCESS" printed three times for one run
		{"karma/two-browsers-chartjs.txt", c(570, 2, 0, 0, "karma")},
		{"karma/one-browser.txt", c(10, 0, 0, 0, "karma")},
		{"plain/summary_lines.txt", c(12, 1, 2, 0, "plain")},
		{"plain/pass-fail-pdjson.txt", c(38, 0, 0, 0, "plain")}, // pdjson's tests/tests: "PASS name" per test, "38 pass, 0 fail" at the end
		{"plain/bare.txt", c(2, 1, 0, 0, "plain")},
		// md4c's scripts/run-tests.py (heragent run, 2026-11-30, excerpt): a
		// spec file's "4 passed, 0 failed, 0 errored, 0 skipped" each, the
		// pathological tests' "29 passed, 0 failed, 0 errored".
		{"plain/md4c_run_tests.txt", c(88, 0, 0, 0, "plain")},
		{"plain/conducted.txt", c(56, 1, 0, 0, "plain")},
		{"plain/success-total-tests-mongoose.txt", c(41, 0, 0, 0, "plain")}, // mongoose's eth_test: "SUCCESS. Total tests: 41", no failure count
		{"plain/total-tests-failed.txt", c(788, 0, 0, 0, "plain")},          // mjson's unit_test, built as C then as C++: "SUCCESS. Total tests: 394, failed: 0" twice
		{"plain/jemalloc-harness.txt", c(301, 0, 0, 0, "plain")},            // 37 programs
		{"verdicts/chibicc-driver.txt", c(12, 1, 0, 0, "verdicts")},
		{"verdicts/success-lines.txt", c(18, 0, 0, 0, "verdicts")}, // tiny-AES-c's test.elf: "CBC encrypt: SUCCESS!" for AES128, 192, 256
		{"verdicts/tcl-brackets.txt", c(2, 1, 1, 0, "verdicts")},
		{"verdicts/bracket-pass-files.txt", c(6, 1, 0, 0, "verdicts")},    // uvu's test/index.js: a verdict in brackets before each test file
		{"verdicts/tree-marks-crashed.txt", c(3, 1, 0, 0, "verdicts")},    // micro-should (chokidar): "…: ✓" under a tree's branches, the process ended by a test's error before its totals
		{"verdicts/column-makefile.txt", c(4, 1, 1, 0, "verdicts")},       // tmux regress/Makefile: name, verdict column, time
		{"verdicts/rsync-runtests-cut.txt", c(199, 0, 21, 0, "verdicts")}, // rsync runtests.py stopped before its totals: verdict first
		{"verdicts/through2_bare_async.txt", c(38, 0, 0, 0, "verdicts")},  // through2's npm test (heragent run, 2026-11-30): bare-async's "✔ name" lines, no total
		{"verdicts/check-word-lines.txt", c(10, 1, 0, 0, "verdicts")},     // json-parser's tests/test.c (heragent run, 2026-12-03): "string comparison on line N succeeded", one shape, no total (line 220 made a failure)
		{"verdicts/word-lines-mixed.txt", c(0, 0, 0, 0)},                  // bare verdict words of different shapes: log lines, not checks
		{"labels/pyyaml_appliance.txt", c(1283, 0, 0, 0, "labels")},
		// rsync's runtests.py (heragent run, 2026-11-23): PASS/SKIP lines, then
		// "322 passed" / "29 skipped" on lines of their own.
		{"labels/rsync_runtests.txt", c(322, 0, 29, 0, "labels")},
		// Vim's make test (heragent run, 2026-11-23): "Executed:  7885 Tests"
		// includes the skipped and failed ones.
		{"labels/vim_make_test.txt", c(7696, 8, 181, 0, "labels")},
		// parson's make test (heragent run, 2026-11-26): "Tests failed: 0",
		// "Tests passed: 349" (counted as 1 run before).
		{"labels/parson_make_test.txt", c(349, 0, 0, 0, "labels")},
		// @paulmillr/jsbt's summary sentence (readdirp's npm test, excerpt
		// made from the g65 run's log and jsbt 0.6.1's finalize, 2026-11-30).
		{"labels/jsbt_passed.txt", c(51, 0, 0, 0, "labels")},
		{"labels/jsbt_failed.txt", c(49, 2, 0, 0, "labels")},
		// far's total of test files (form-data's npm test, g67 run 2026-12-01; the failed form
		// written to its format): each file a test
		{"labels/far_files.txt", c(28, 0, 0, 0, "labels")},
		{"labels/far_files_failed.txt", c(1, 2, 0, 0, "labels")},
		// universal-ctags' units harness (make check, u11 run 2026-12-03,
		// excerpt; the failed form written to its format): "#passed:
		// 1642", a "#FAILED (reason): N" and "#skipped (reason): N" line a
		// reason, "#TIMED-OUT (10s) N" without a colon
		{"labels/ctags_units.txt", c(1642, 0, 3, 0, "labels")},
		{"labels/ctags_units_failed.txt", c(1639, 3, 3, 0, "labels")},
		// Unity's own rake ci (heragent run, 2026-11-26, excerpt): three
		// programs' "N Tests F Failures I Ignored" (68, 32, 42; 1 ignored).
		{"unity/rake_ci_unity.txt", c(141, 0, 1, 0, "unity")},
		// he's npm test (heragent run, 2026-11-29): qunit-extras' three
		// tests' verdict lines, then 1597 assertions in its summary.
		{"qunit/qunit_extras_he.txt", c(3, 0, 0, 0, "qunit")},
		// moment's `npm test` (grunt's qtest task runs node-qunit; g82, 2026-12-01), cut: its "Global summary:" table, 3871 tests, 0 failed assertions
		{"qunit/node-qunit-moment.txt", c(3871, 0, 0, 0, "qunit")},
		// hand-written: the same table in ASCII bars, 3 failed assertions (at most 3 tests)
		{"qunit/node-qunit-ascii-failed.txt", c(37, 3, 0, 0, "qunit")},
		// hoek's npm test (heragent run, 2026-11-30): @hapi/lab's dots,
		// "243 tests complete", then its assertions, leaks and coverage.
		{"lab/hoek_npm_test.txt", c(243, 0, 0, 0, "lab")},
		// lab with failures and skips (its console reporter's format: the
		// total leaves the skipped out)
		{"lab/failed_skipped.txt", c(8, 2, 3, 0, "lab")},
		// tinyobjloader's make check (heragent run, 2026-11-30, its tests' own output cut): an older
		// acutest's 40 "[ OK ]" verdicts, some on a line after the test's
		// output, and "SUCCESS: All unit tests have passed."
		{"acutest/tinyobjloader_make_check.txt", c(40, 0, 0, 0, "acutest")},
		// CUTest, acutest's ancestor (universal-ctags' utiltest under make
		// check, u11b run 2026-12-03, excerpt; the failed form written to
		// its format): no per-test verdict acutest's way, the counts
		// block before the closing line
		{"acutest/cutest_summary.txt", c(12, 0, 0, 0, "acutest")},
		{"acutest/cutest_summary_failed.txt", c(11, 1, 0, 0, "acutest")},
		{"nodetap/http_server_tap16.txt", c(528, 0, 0, 0, "node-tap")},
		{"ava/chalk.txt", c(32, 0, 0, 0, "ava")},
		{"ava/uglifyjs-mocha-js.txt", c(264, 0, 0, 0, "ava")},
		// a run with a failure closes "1 test failed" alone: its passes are its ✔ lines
		{"ava/filenamify-failed.txt", c(13, 1, 0, 0, "ava")},
		// Catch2 (real, v2.13.10 and v3.7.1): a test case that failed as
		// expected ([!shouldfail]) → skipped; SKIP() → skipped.
		{"catch2/v2_mixed.txt", c(3, 1, 1, 0, "catch2")},
		{"catch2/v2_pass.txt", c(2, 0, 0, 0, "catch2")},
		{"catch2/v3_mixed.txt", c(3, 1, 1, 0, "catch2")},
		{"catch2/v3_pass.txt", c(3, 0, 0, 0, "catch2")},
		// doctest 2.4.9: doctest::skip() → skipped (outside "test cases: N").
		{"doctest/mixed.txt", c(4, 1, 1, 0, "doctest")},
		{"doctest/pass.txt", c(5, 0, 0, 0, "doctest")},
		// Boost.Test at its default report level; failures count checks, the cases are named
		{"boosttest/pass.txt", c(312, 0, 0, 0, "boost.test")},
		{"boosttest/mixed.txt", c(3, 2, 0, 0, "boost.test")},
		// ctest -V: one entry running a gtest binary whose 300 tests show
		// (prefixed "1: "): the inner tests count.
		{"ctest/wraps-gtest-verbose.txt", c(300, 0, 0, 0, "googletest")},
		// two ctest entries wrapping a Catch2 and a doctest binary, each
		// showing its summary (--output-on-failure, both failed; -V -j2 with
		// interleaved output; -V, all passed): the inner tests count.
		{"ctest/wraps-catch2-doctest-output-on-failure.txt", c(7, 2, 2, 0, "catch2", "doctest")},
		{"ctest/wraps-catch2-doctest-verbose-j2.txt", c(7, 2, 2, 0, "catch2", "doctest")},
		{"ctest/wraps-catch2-doctest-verbose-pass.txt", c(8, 0, 0, 0, "catch2", "doctest")},
		// ctest --output-on-failure shows the failing gtest binary's output:
		// ctest (the runner) counts, googletest's partial view is dropped.
		{"mixed/ctest_running_gtest.txt", c(1, 1, 0, 0, "ctest")},
		// two ctest invocations (concatenated real outputs) are summed.
		{"mixed/ctest_twice.txt", c(4, 1, 2, 1, "ctest")},
		// pytest -q output followed by its summary echoed again (constructed).
		{"mixed/pytest_summary_repeated.txt", c(3, 1, 2, 1, "pytest")},
		// negatives: nothing ran.
		{"negative/cmake_build_log.txt", c(0, 0, 0, 0)},
		{"negative/npm_install.txt", c(0, 0, 0, 0)},
		{"negative/prose.txt", c(0, 0, 0, 0)},
		// pytest segfaulted in its third test without -v: recognised, no count.
		{"negative/pytest_segfault.txt", c(0, 0, 0, 0, "pytest")},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			got := Parse(string(b))
			if !equal(got, tt.want) {
				t.Errorf("Parse = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestParseInline covers the line shapes named in the design (some from
// framework versions not installed here) and the edge cases.
func TestParseInline(t *testing.T) {
	tests := []struct {
		name, out string
		want      Counts
	}{
		{"ctest all passed", "Test project /b\n100% tests passed, 0 tests failed out of 28\n", c(28, 0, 0, 0, "ctest")},
		{"ctest no tests", "Test project /b\nNo tests were found!!!\n", c(0, 0, 0, 0, "ctest")},
		{"ctest timeout line fallback", "Test project /b\n1/2 Test #1: a ....   Passed    0.01 sec\n2/2 Test #2: b ....***Timeout  10.00 sec\n", c(1, 1, 0, 0, "ctest")},
		{"automake old all", "All 5 tests passed\n", c(5, 0, 0, 0, "automake")},
		{"automake old fail", "==================\n1 of 5 tests failed\n(2 tests were not run)\n==================\n", c(4, 1, 2, 0, "automake")},
		{"meson one line", "Ok: 3  Expected Fail: 0  Fail: 1  Unexpected Pass: 0  Skipped: 1  Timeout: 0\n", c(3, 1, 1, 0, "meson")},
		{"meson no summary", " 1/3 a   OK   0.01s\n 2/3 b   FAIL   0.02s   exit status 1\n", c(1, 1, 0, 0, "meson")},
		{"pytest design line", "=== 3 passed, 1 failed, 2 skipped, 1 error in 0.12s ===\n", c(3, 1, 2, 1, "pytest")},
		{"pytest warnings deselected", "== 4 passed, 2 deselected, 3 warnings in 1.50s ==\n", c(4, 0, 0, 0, "pytest")},
		{"pytest quiet xfail", "2 passed, 1 xfailed in 0.02s\n", c(2, 0, 1, 0, "pytest")},
		{"pytest two sessions", "=== test session starts ===\n=== 2 passed in 0.1s ===\n=== test session starts ===\n=== 1 failed in 0.1s ===\n", c(2, 1, 0, 0, "pytest")},
		{"unittest failed", "Ran 5 tests in 0.001s\n\nFAILED (failures=1, errors=2, skipped=1)\n", c(1, 1, 1, 2, "unittest")},
		{"unittest unexpected success", "Ran 2 tests in 0.001s\n\nFAILED (unexpected successes=1)\n", c(1, 1, 0, 0, "unittest")},
		{"go ok without -v", "ok  \texample.com/a\t0.010s\nok  \texample.com/b\t(cached)\n", c(0, 0, 0, 0, "go test")},
		{"go same test name in two packages", "=== RUN   TestX\n--- PASS: TestX (0.00s)\nPASS\nok  \ta\t0.1s\n=== RUN   TestX\n--- PASS: TestX (0.00s)\n    --- PASS: TestX/sub (0.00s)\nPASS\nok  \tb\t0.1s\n", c(2, 0, 0, 0, "go test")},
		{"googletest design lines", "[==========] Running 5 tests from 2 test suites.\n[==========] 5 tests from 2 test suites ran. (3 ms total)\n[  PASSED  ] 4 tests.\n[  FAILED  ] 1 test, listed below:\n[  FAILED  ] A.B\n", c(4, 1, 0, 0, "googletest")},
		{"googletest old no SKIPPED line", "[==========] Running 5 tests from 1 test case.\n[==========] 5 tests from 1 test case ran. (3 ms total)\n[  PASSED  ] 3 tests.\n[  FAILED  ] 1 test, listed below:\n", c(3, 1, 1, 0, "googletest")},
		{"googletest two binaries", "[==========] Running 1 test from 1 test suite.\n[==========] 1 test from 1 test suite ran. (0 ms total)\n[  PASSED  ] 1 test.\n[==========] Running 2 tests from 1 test suite.\n[==========] 2 tests from 1 test suite ran. (0 ms total)\n[  PASSED  ] 2 tests.\n", c(3, 0, 0, 0, "googletest")},
		{"jest design line", "Tests:       1 failed, 1 skipped, 3 passed, 5 total\n", c(3, 1, 1, 0, "jest")},
		{"mocha design lines", "  3 passing (12ms)\n  2 pending\n  1 failing\n", c(3, 1, 2, 0, "mocha")},
		{"vitest design line", " Tests  3 passed | 1 skipped (4)\n", c(3, 0, 1, 0, "vitest")},
		{"vitest failed", "      Tests  2 failed | 3 passed (5)\n", c(3, 2, 0, 0, "vitest")},
		{"node test design lines", "# tests 4\n# pass 3\n# fail 1\n# skipped 0\n# todo 0\n", c(3, 1, 0, 0, "tap")},
		{"plain tap", "1..3\nok 1 - a\nnot ok 2 - b\nok 3 # SKIP no db\n", c(1, 1, 1, 0, "tap")},
		{"ok lines without a plan are not TAP", "ok 1 file copied\nok 2 files copied\n", c(0, 0, 0, 0)},
		{"cargo design line", "running 4 tests\ntest result: ok. 3 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out\n", c(3, 0, 1, 0, "cargo test")},
		{"go test: a package ok whose tests print inner runs' failures", "=== RUN   TestSuiteRequireTwice\n=== RUN   TestSuiteRequireTwice/Inner\n--- FAIL: TestSuiteRequireTwice/Inner (0.01s)\n--- PASS: TestOther (0.00s)\nPASS\nok  \tgithub.com/stretchr/testify/suite\t0.1s\n", c(1, 0, 0, 0, "go test")},
		{"a unittest docstring starting with test is no cargo test", "test_a (tests.T.test_a) ... ok\ntest `MetaData` with `Wikilinks` Extension. ... ok\n----------------------------------------------------------------------\nRan 2 tests in 0.01s\n\nOK\n", c(2, 0, 0, 0, "unittest")},
		{"cargo binary crashed", "running 3 tests\ntest a ... ok\ntest b ... ok\nerror: test failed, to rerun pass `--lib`\n\nCaused by:\n  process didn't exit successfully: `target/debug/deps/x` (signal: 11, SIGSEGV: invalid memory reference)\n", c(2, 0, 0, 0, "cargo test")},
		{"surefire old unprefixed", "-------------------------------------------------------\n T E S T S\n-------------------------------------------------------\nRunning com.x.ATest\nTests run: 5, Failures: 1, Errors: 0, Skipped: 1, Time elapsed: 0.1 sec <<< FAILURE!\n\nResults :\n\nTests run: 5, Failures: 1, Errors: 0, Skipped: 1\n", c(3, 1, 1, 0, "surefire")},
		{"gradle design line", "5 tests completed, 1 failed, 1 skipped\n", c(3, 1, 1, 0, "gradle")},
		{"prove design lines", "All tests successful.\nFiles=3, Tests=42,  1 wallclock secs\nResult: PASS\n", c(42, 0, 0, 0, "prove")},
		{"plain with word prefix", "Results: 7 passed, 0 failed\n", c(7, 0, 0, 0, "plain")},
		{"plain N of M successful", "cases/a.json: SUCCESS\n58/58 tests successful\n test(./api1): SUCCESS\n3/4 tests passed\n", c(61, 1, 0, 0, "plain")},
		{"jasmine", "Started\n...F\n\n12 specs, 1 failure, 2 pending specs\nFinished in 0.01 seconds\n", c(9, 1, 2, 0, "jasmine")},
		{"minijasminenode", "Finished in 0.008 seconds\n\x1b[32m7 tests, 9 assertions, 0 failures\n\x1b[0m\n", c(7, 0, 0, 0, "jasmine")},
		{"tad", "\x1b[32m18:40:54.173  ✓  weak.js .\x1b[39m\n\n\x1b[36m      17.946     \x1b[39m\x1b[32m1569 Ok [100.00%]\x1b[39m\n\n      0.512     \x1b[32m12 Ok [80.00%]\x1b[39m  \x1b[31m2 Failed\x1b[39m  \x1b[35m1 Errors\x1b[39m\n", c(1581, 2, 0, 1, "plain")},
		{"minctest", "\tPow           pass:42   fail: 0      0ms\nALL TESTS PASSED (4930/4930)\n./smoke_pr\nSOME TESTS FAILED (4926/4928)\n", c(9856, 2, 0, 0, "plain")},
		{"plain N of M passed, K skipped, per suite", "Starting suite test/suite-array.janet...\nFinished suite test/suite-array.janet in 0.002 seconds - 49 of 49 tests passed (0 skipped).\nFinished suite test/suite-os.janet in 1.2 seconds - 10 of 13 tests passed (1 skipped).\n", c(59, 2, 1, 0, "plain")},
		{"plain summary table", "  | Suites  ||\x1b[33m Total    4 \x1b[39m|\x1b[32m Passed    4 \x1b[39m|\x1b[31m Failed    0 \x1b[39m|\n  | Tests   ||\x1b[33m Total   30 \x1b[39m|\x1b[32m Passed   28 \x1b[39m|\x1b[31m Failed    2 \x1b[39m|\n  | Asserts ||\x1b[33m Total  142 \x1b[39m|\x1b[32m Passed  142 \x1b[39m|\x1b[31m Failed    0 \x1b[39m|\n", c(28, 2, 0, 0, "plain")},
		{"plain not used when a framework matched", "=== 3 passed, 1 failed in 0.1s ===\nsummary: 3 passed, 1 failed\n", c(3, 1, 0, 0, "pytest")},
		{"two frameworks in one log", "Tests:       2 passed, 2 total\n=== 1 passed in 0.1s ===\n", c(3, 0, 0, 0, "pytest", "jest")},
		{"ansi colours", "\x1b[1mTests:       \x1b[22m\x1b[1m\x1b[32m2 passed\x1b[39m\x1b[22m, 2 total\n", c(2, 0, 0, 0, "jest")},
		{"carriage return progress", "running...\r 50%\r100%\r=== 4 passed in 0.30s ===\r\n", c(4, 0, 0, 0, "pytest")},
		{"windows line endings", "Ran 3 tests in 0.001s\r\n\r\nOK\r\n", c(3, 0, 0, 0, "unittest")},
		{"empty", "", c(0, 0, 0, 0)},
		{"catch2 aligned columns", "test cases:  5 |  4 passed | 1 failed\nassertions: 12 | 11 passed | 1 failed\n", c(4, 1, 0, 0, "catch2")},
		{"catch2 v3 skipped column", "test cases: 3 | 2 passed | 1 failed | 1 skipped\n", c(2, 1, 1, 0, "catch2")},
		{"catch2 all failed", "test cases: 1 | 1 failed\nassertions: 2 | 1 passed | 1 failed\n", c(0, 1, 0, 0, "catch2")},
		{"catch2 no assertions", "test cases: 2 | 2 passed\nassertions: - none -\n", c(2, 0, 0, 0, "catch2")},
		{"catch2 singular", "All tests passed (1 assertion in 1 test case)\n", c(1, 0, 0, 0, "catch2")},
		{"catch2 no tests ran", "No tests ran\n", c(0, 0, 0, 0, "catch2")},
		{"doctest design line", "[doctest] test cases: 5 | 5 passed | 0 failed | 0 skipped\n[doctest] Status: SUCCESS!\n", c(5, 0, 0, 0, "doctest")},
		{"doctest aligned, no skipped summary", "[doctest] test cases:  12 |  11 passed | 1 failed |\n", c(11, 1, 0, 0, "doctest")},
		{"two ctest entries, one summary shown", "Test project /b\n1/2 Test #1: a ....***Failed    0.01 sec\ntest cases: 3 | 2 passed | 1 failed\n2/2 Test #2: b ....   Passed    0.01 sec\n\n50% tests passed, 1 tests failed out of 2\n", c(1, 1, 0, 0, "ctest")},
		{"runner without tests does not hide a later pytest", "Test project /b\nNo tests were found!!!\n=== 2 passed in 0.1s ===\n", c(2, 0, 0, 0, "ctest", "pytest")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Parse(tt.out)
			if !equal(got, tt.want) {
				t.Errorf("Parse(%q) = %+v, want %+v", tt.out, got, tt.want)
			}
		})
	}
}

func TestParseFiles(t *testing.T) {
	read := func(names ...string) map[string][]byte {
		m := map[string][]byte{}
		for _, n := range names {
			b, err := os.ReadFile(filepath.Join("testdata", n))
			if err != nil {
				t.Fatal(err)
			}
			m[n] = b
		}
		return m
	}
	tests := []struct {
		name  string
		files map[string][]byte
		want  Counts
	}{
		{"pytest junit (real)", read("junit/pytest-junit.xml"), c(3, 1, 2, 1, "junit-xml")},
		{"meson junit (real; xfail passes in meson's XML)", read("junit/meson-testlog.junit.xml"), c(3, 1, 1, 0, "junit-xml")},
		{"ctest junit (real; disabled and not-run are skipped)", read("junit/ctest-junit.xml"), c(2, 1, 3, 0, "junit-xml")},
		{"surefire report (sample)", read("surefire/TEST-com.example.app.AppTest.xml"), c(1, 1, 1, 1, "junit-xml")},
		{"gradle report (sample)", read("gradle/TEST-com.example.AppTest.xml"), c(3, 1, 1, 0, "junit-xml")},
		{"automake test-suite.log (real)", read("automake/test-suite.log"), c(2, 1, 2, 1, "automake")},
		{"automake .trs without the log (real)", read("automake/ok1.sh.trs", "automake/ok2.sh.trs", "automake/bad.sh.trs", "automake/skip.sh.trs", "automake/xfail.sh.trs", "automake/err.sh.trs"), c(2, 1, 2, 1, "automake")},
		{"automake log and .trs: the log only", read("automake/test-suite.log", "automake/ok1.sh.trs", "automake/bad.sh.trs"), c(2, 1, 2, 1, "automake")},
		{"go test -json stream saved to a file", read("gotest/json.txt"), c(5, 2, 1, 0, "go test")},
		{"meson testlog.txt (real)", read("meson/testlog.txt"), c(2, 1, 2, 0, "meson")},
		{"aggregate report repeating per-class cases", map[string][]byte{
			"build/test-results/test/TEST-com.example.AppTest.xml": read("gradle/TEST-com.example.AppTest.xml")["gradle/TEST-com.example.AppTest.xml"],
			"build/reports/TESTS-TestSuites.xml":                   []byte(`<testsuites>` + strings.SplitN(string(read("gradle/TEST-com.example.AppTest.xml")["gradle/TEST-com.example.AppTest.xml"]), "?>", 2)[1] + `</testsuites>`),
		}, c(3, 1, 1, 0, "junit-xml")},
		{"suite attributes only", map[string][]byte{"r.xml": []byte(`<testsuite name="x" tests="4" failures="1" errors="0" skipped="1"></testsuite>`)}, c(2, 1, 1, 0, "junit-xml")},
		{"truncated XML keeps what was read", map[string][]byte{"r.xml": []byte(`<testsuite><testcase name="a"/><testcase name="b"><failure/></testcase><testcase name="c"`)}, c(1, 1, 0, 0, "junit-xml")},
		{"not JUnit", map[string][]byte{"pom.xml": []byte(`<project><modelVersion>4.0.0</modelVersion></project>`)}, c(0, 0, 0, 0)},
		{"ctest LastTest.log ignored", map[string][]byte{"build/Testing/Temporary/LastTest.log": []byte("Test Passed.\n")}, c(0, 0, 0, 0)},
		{"none", nil, c(0, 0, 0, 0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ParseFiles(tt.files)
			if !equal(got, tt.want) {
				t.Errorf("ParseFiles = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestParseRun(t *testing.T) {
	xml := []byte(`<testsuite><testcase name="a"/><testcase name="b"/><testcase name="c"><skipped/></testcase></testsuite>`)
	// Files that count tests win over the console.
	got := ParseRun("=== 1 passed in 0.1s ===\n", map[string][]byte{"junit.xml": xml})
	if want := c(2, 0, 1, 0, "pytest", "junit-xml"); !equal(got, want) {
		t.Errorf("ParseRun with files = %+v, want %+v", got, want)
	}
	// Without countable files the console counts.
	got = ParseRun("=== 1 passed in 0.1s ===\n", map[string][]byte{"pom.xml": []byte("<project/>")})
	if want := c(1, 0, 0, 0, "pytest"); !equal(got, want) {
		t.Errorf("ParseRun without files = %+v, want %+v", got, want)
	}
}

func TestCounts(t *testing.T) {
	x := c(1, 2, 3, 4, "a")
	if x.Total() != 10 || !x.Ran() {
		t.Errorf("Total/Ran of %+v", x)
	}
	if c(0, 0, 5, 0).Ran() {
		t.Error("only skipped tests must not count as ran")
	}
	if !c(0, 0, 0, 1).Ran() {
		t.Error("a test that errored ran")
	}
	x.Add(c(1, 1, 1, 1, "b", "a"))
	if want := c(2, 3, 4, 5, "a", "b"); !equal(x, want) {
		t.Errorf("Add = %+v, want %+v", x, want)
	}
	b, err := json.Marshal(c(1, 0, 2, 0, "pytest"))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"passed":1,"failed":0,"skipped":2,"errors":0,"frameworks":["pytest"]}`; string(b) != want {
		t.Errorf("JSON = %s, want %s", b, want)
	}
}

func TestResultFilePatterns(t *testing.T) {
	ps := ResultFilePatterns()
	for _, want := range []string{"**/TEST-*.xml", "**/target/surefire-reports/TEST-*.xml", "**/build/test-results/**/*.xml", "**/junit*.xml", "**/test-suite.log", "**/*.trs"} {
		found := false
		for _, p := range ps {
			found = found || p == want
		}
		if !found {
			t.Errorf("ResultFilePatterns lacks %q", want)
		}
	}
	ps[0] = "changed"
	if ResultFilePatterns()[0] == "changed" {
		t.Error("ResultFilePatterns returns the package's slice")
	}
}

func TestStripANSI(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"\x1b[1m\x1b[31mred\x1b[39m\x1b[22m", "red"},
		{"\x1b]8;;http://x\x07link\x1b]8;;\x07", "link"},
		{"a\x1b(Bb", "ab"},
		{"cut\x1b[", "cut"},
	}
	for _, tt := range tests {
		if got := StripANSI(tt.in); got != tt.want {
			t.Errorf("StripANSI(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func equal(a, b Counts) bool {
	if len(a.Frameworks) == 0 && len(b.Frameworks) == 0 {
		a.Frameworks, b.Frameworks = nil, nil
	}
	return reflect.DeepEqual(a, b)
}
