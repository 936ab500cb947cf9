package pyramid

import "strings"

var ctestValued = set("--test-dir", "-C", "--build-config", "-j", "--parallel", "-R", "--tests-regex", "-E", "--exclude-regex",
	"-L", "--label-regex", "-LE", "--label-exclude", "-I", "--tests-information", "--timeout", "--repeat", "--repeat-until-fail",
	"--output-junit", "-O", "--output-log", "-S", "-D", "--resource-spec-file", "--stop-time", "--test-load", "--tests-from-file",
	"--exclude-from-file", "-FA", "-FS", "-FC", "--max-width", "-T", "-M", "--group")

// ctestScope: -R, -L, -I, --rerun-failed and --tests-from-file select;
// exclusions (-E, -LE) leave the suite.
func ctestScope(args []string) scope {
	opts, _, _ := scanArgs(args, ctestValued)
	switch {
	case has(opts, "-R", "--tests-regex"):
		v, _ := opt(opts, "-R", "--tests-regex")
		return part("tests selected by name (-R %s)", v)
	case has(opts, "-L", "--label-regex"):
		v, _ := opt(opts, "-L", "--label-regex")
		return part("tests labelled %s (-L)", v)
	case has(opts, "-I", "--tests-information"):
		v, _ := opt(opts, "-I", "--tests-information")
		return part("a range of tests (-I %s)", v)
	case has(opts, "--rerun-failed"):
		return part("the tests that failed last time (--rerun-failed)")
	case has(opts, "--tests-from-file"):
		return part("the tests listed in a file (--tests-from-file)")
	case has(opts, "-N", "--show-only"):
		return part("lists the tests without running them (-N)")
	}
	return whole
}

func has(opts map[string]string, names ...string) bool {
	_, ok := opt(opts, names...)
	return ok
}

// suiteTargets are make/ninja targets that run a whole test suite.
var suiteTargets = set("test", "tests", "check", "test-all", "check-all", "testall", "unittest", "unittests", "ci", "runtest",
	"runtests", "verify", "check-TESTS", "distcheck")

// makeScope: a test target of make or ninja. Variables that name tests
// (TESTS=, TEST=, ARGS="-R x" for CMake's test target) and test-x /
// check-x targets select; build targets are no test run.
func makeScope(args []string) scope {
	_, pos, _ := scanArgs(args, set("-C", "-f", "-l", "-o", "-W", "-I", "--directory", "--file"))
	target := ""
	for _, a := range pos {
		k, v, isVar := strings.Cut(a, "=")
		switch {
		case isVar && (k == "TESTS" || k == "TEST" || k == "TESTNAME" || k == "TEST_NAME" || k == "TESTCASE" || k == "TESTS_TO_RUN"):
			return part("named tests (%s)", a)
		case isVar && k == "ARGS":
			if s := ctestScope(strings.Fields(v)); s.part != "" {
				return s
			}
		case !isVar && !isDigitsOnly(a):
			target = a
		}
	}
	switch {
	case suiteTargets[target]:
		return whole
	case strings.HasPrefix(target, "test-") || strings.HasPrefix(target, "check-") || strings.HasPrefix(target, "test_") ||
		strings.HasSuffix(target, "-test") || strings.HasSuffix(target, "-check") || strings.HasPrefix(target, "tests-"):
		return part("one test target (%s)", target)
	}
	return scope{}
}

func isDigitsOnly(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// cmakeScope: `cmake --build build --target test` runs CTest's suite.
func cmakeScope(args []string) scope {
	opts, _, _ := scanArgs(args, set("--build", "--target", "-t", "--config", "-j", "--parallel"))
	if t, ok := opt(opts, "--target", "-t"); ok {
		return makeScope([]string{t})
	}
	return scope{}
}

// mesonScope: named tests, --suite and --benchmark select.
func mesonScope(args []string) scope {
	opts, pos, _ := scanArgs(args, set("-C", "--num-processes", "--setup", "--wrapper", "--wrap", "-t", "--timeout-multiplier",
		"--repeat", "--test-args", "--suite", "--no-suite", "--logbase", "--max-lines"))
	switch {
	case has(opts, "--suite"):
		v, _ := opt(opts, "--suite")
		return part("one suite (--suite %s)", v)
	case has(opts, "--benchmark"):
		return part("benchmarks only (--benchmark)")
	case len(pos) > 0:
		return part("named tests (%s)", strings.Join(pos, " "))
	}
	return whole
}

// npmScope: `npm test`, `npm run test`, `yarn test`, `pnpm test` are the
// package's test script; `npm run test:unit` is one of several; the test
// runner's own selectors may follow (after "--", or directly for yarn and
// pnpm).
func npmScope(base string, args []string) scope {
	_, pos, after := scanArgs(args, set("--prefix", "-C", "--filter", "--cwd", "-w", "--workspace"))
	if len(pos) == 0 {
		return scope{}
	}
	script, rest := pos[0], pos[1:]
	if (script == "run" || script == "run-script") && len(rest) > 0 {
		script, rest = rest[0], rest[1:]
	}
	if base != "npm" && len(after) == 0 {
		after = wordsAfter(args, script) // yarn and pnpm pass them to the script
	}
	switch {
	case script == "test" || script == "t" || script == "tst" || script == "test:all" || script == "test:ci":
	case strings.HasPrefix(script, "test:") || strings.HasPrefix(script, "test-") || strings.HasSuffix(script, ":test"):
		return part("one test script (%s run %s)", base, script)
	default:
		if base == "yarn" || base == "pnpm" {
			if jsRunners[script] {
				return jsScope(script, after)
			}
		}
		return scope{}
	}
	if len(after) > 0 {
		return jsScope("jest", after)
	}
	return whole
}

var jsRunners = set("jest", "vitest", "mocha", "ava")

// wordsAfter returns the words after the first w.
func wordsAfter(args []string, w string) []string {
	for i, a := range args {
		if a == w {
			return args[i+1:]
		}
	}
	return nil
}

var jsValued = set("-c", "--config", "--testNamePattern", "--test-name-pattern", "--testPathPattern", "--testPathIgnorePatterns",
	"-w", "--maxWorkers", "--shard", "--selectProjects", "--reporters", "--reporter", "-R", "--coverageDirectory", "--outputFile",
	"--rootDir", "--roots", "--testTimeout", "--timeout", "-g", "--grep", "--fgrep", "-r", "--require", "--ui", "-u", "--spec",
	"--package", "--ignore", "--extension", "--file", "-s", "--slow", "-j", "--jobs", "--retries", "--project", "--environment",
	"--changedSince", "-m", "--match", "--dir", "--root", "--pool")

// jsScope: jest/vitest -t, mocha --grep/--fgrep, ava --match, changed or
// failed tests only, shards, and file arguments select (jest and vitest
// take file patterns; mocha and node take files, globs or directories).
func jsScope(runner string, args []string) scope {
	valued := map[string]bool{"-t": true} // jest/vitest: a name pattern; mocha: a timeout
	for k := range jsValued {
		valued[k] = true
	}
	if runner == "mocha" {
		valued["-f"] = true // --fgrep (jest's -f is --onlyFailures)
	}
	opts, pos, _ := scanArgs(args, valued)
	if runner == "vitest" && len(pos) > 0 {
		switch pos[0] {
		case "related":
			return part("tests related to changed files (vitest related)")
		case "bench":
			return part("benchmarks only (vitest bench)")
		case "run", "watch", "dev":
			pos = pos[1:]
		}
	}
	for _, sel := range []struct{ names, what string }{
		{"--testNamePattern --test-name-pattern", "tests selected by name"},
		{"-g --grep --fgrep", "tests selected by name"},
		{"-m --match", "tests selected by name"},
		{"--testPathPattern --selectProjects --project", "test files matching"},
		{"--shard", "one shard"},
		{"-o --onlyChanged --changedSince --lastCommit --findRelatedTests", "tests of changed files only"},
		{"--onlyFailures", "the tests that failed last time"},
	} {
		if sel.names == "--onlyFailures" && runner == "jest" {
			sel.names += " -f"
		}
		if v, ok := opt(opts, strings.Fields(sel.names)...); ok {
			return part("%s (%s)", sel.what, v)
		}
	}
	if v, ok := opts["-t"]; ok && runner != "mocha" {
		return part("tests selected by name (-t %s)", v)
	}
	if v, ok := opts["-f"]; ok && runner == "mocha" {
		return part("tests selected by name (-f %s)", v)
	}
	if len(pos) == 0 {
		return whole
	}
	if runner == "jest" || runner == "vitest" {
		return part("test files matching %s", strings.Join(pos, " "))
	}
	return pathsScope(pos, ".js", ".mjs", ".cjs", ".ts", ".mts", ".tsx", ".jsx")
}

// nodeTestScope: node --test with files, --test-name-pattern or
// --test-only selects.
func nodeTestScope(args []string) scope {
	opts, pos, _ := scanArgs(args, set("--test-name-pattern", "--test-reporter", "--test-reporter-destination", "--test-concurrency",
		"--test-skip-pattern", "--test-shard", "-r", "--require", "--import"))
	switch {
	case has(opts, "--test-name-pattern"):
		v, _ := opt(opts, "--test-name-pattern")
		return part("tests selected by name (--test-name-pattern %s)", v)
	case has(opts, "--test-only"):
		return part("the tests marked only (--test-only)")
	case has(opts, "--test-shard"):
		return part("one shard (--test-shard)")
	}
	return pathsScope(pos, ".js", ".mjs", ".cjs", ".ts", ".mts")
}

var cargoValued = set("-p", "--package", "--test", "--bench", "--example", "--bin", "-F", "--features", "--target", "--target-dir",
	"--manifest-path", "-j", "--jobs", "--profile", "--color", "--message-format", "-Z", "--config", "--exclude", "-E",
	"--filterset", "--partition", "--run-ignored", "--skip", "--test-threads", "--format", "--logfile", "--report-time")

// cargoScope: `cargo test` (and `cargo nextest run`) is the suite; a test
// name filter, --test, --doc, --lib, --bin, -p without --workspace,
// --ignored, nextest's -E and --partition select; `cargo fuzz run` is a
// fuzz target.
func cargoScope(args []string) scope {
	if len(args) > 1 && args[0] == "fuzz" && args[1] == "run" {
		return part("a fuzz target (cargo fuzz run %s)", strings.Join(args[2:min(len(args), 3)], ""))
	}
	if len(args) > 1 && args[0] == "nextest" && args[1] == "run" {
		args = args[1:]
	} else if len(args) == 0 || args[0] != "test" {
		return scope{}
	}
	opts, pos, after := scanArgs(args[1:], cargoValued)
	aopts, apos, _ := scanArgs(after, cargoValued)
	switch {
	case len(pos) > 0 || len(apos) > 0:
		return part("tests matching %s", strings.Join(append(pos, apos...), " "))
	case has(opts, "--doc"):
		return part("doctests only (--doc)")
	case has(opts, "--test"):
		v, _ := opt(opts, "--test")
		return part("one integration test target (--test %s)", v)
	case has(opts, "--lib"):
		return part("the library's unit tests only (--lib)")
	case has(opts, "--bin"):
		return part("one binary's tests (--bin)")
	case has(opts, "-p", "--package") && !has(opts, "--workspace", "--all"):
		v, _ := opt(opts, "-p", "--package")
		return part("one crate (-p %s)", v)
	case has(opts, "-E", "--filterset"):
		return part("tests selected by a filterset (-E)")
	case has(opts, "--partition"):
		return part("one partition (--partition)")
	case has(aopts, "--ignored"):
		return part("the ignored tests only (--ignored)")
	}
	return whole
}

// jvmScope: Maven -Dtest= / -Dit.test= and -pl, Gradle --tests and a
// module's own task (:core:test) select; a build without a test, check or
// verify goal runs no tests.
func jvmScope(base string, args []string) scope {
	opts, pos, _ := scanArgs(args, set("-pl", "--projects", "--tests", "-f", "--file", "-s", "--settings", "-P", "-p", "--project-dir"))
	for _, k := range []string{"-Dtest", "-Dit.test"} {
		if v, ok := opts[k]; ok {
			return part("tests selected by name (%s=%s)", k, v)
		}
	}
	if v, ok := opt(opts, "--tests"); ok {
		return part("tests selected by name (--tests %s)", v)
	}
	if v, ok := opt(opts, "-pl", "--projects"); ok {
		return part("one module (-pl %s)", v)
	}
	runs := false
	for _, p := range pos {
		task := p[strings.LastIndex(p, ":")+1:]
		if !strings.Contains(strings.ToLower(task), "test") && task != "verify" && task != "check" && task != "build" && task != "install" {
			continue
		}
		if strings.HasPrefix(base, "gradle") && strings.Contains(strings.TrimPrefix(p, ":"), ":") { // :core:test, not :test
			return part("one module's tests (%s)", p)
		}
		runs = true
	}
	if !runs {
		return scope{}
	}
	return whole
}

// testScripts are scripts that run a project's whole suite.
var testScripts = set("runtests.py", "run_tests.py", "run-tests.py", "runtest.py", "tests.py", "test.py", "runtests.sh", "run_tests.sh",
	"run-tests.sh", "test.sh", "tests.sh", "runtests", "run_tests", "run-tests", "test_all.sh", "runtests.pl", "alltests")

// libFuzzerFlags are the options a libFuzzer binary takes.
var libFuzzerFlags = []string{"-runs=", "-max_total_time=", "-max_len=", "-dict=", "-jobs=", "-workers=", "-seed=", "-timeout=", "-rss_limit_mb="}

// otherScope reads a test script or test binary run directly: gtest,
// doctest and Catch2 selectors, libFuzzer runs, test scripts (whole) and
// single test files (a part); anything else is no recognised runner.
func otherScope(base string, args []string) scope {
	for i, a := range args {
		switch {
		case strings.HasPrefix(a, "--gtest_filter"):
			f := strings.TrimPrefix(strings.TrimPrefix(a, "--gtest_filter"), "=")
			if f == "" && i+1 < len(args) {
				f = args[i+1]
			}
			if f != "*" && !strings.HasPrefix(f, "-") {
				return part("tests selected by name (--gtest_filter=%s)", f)
			}
		case strings.HasPrefix(a, "-tc=") || strings.HasPrefix(a, "--test-case=") || strings.HasPrefix(a, "-ts=") ||
			strings.HasPrefix(a, "--test-suite=") || strings.HasPrefix(a, "-sf=") || strings.HasPrefix(a, "--source-file="):
			return part("tests selected by name (%s)", a)
		case strings.HasPrefix(a, "[") && strings.HasSuffix(a, "]") && len(a) > 2 && !strings.HasPrefix(a, "[["):
			return part("tests tagged %s", a)
		case strings.HasPrefix(a, "--filter") || strings.HasPrefix(a, "--testsuite") || strings.HasPrefix(a, "--group"):
			return part("tests selected by name (%s)", a)
		}
		for _, f := range libFuzzerFlags {
			if strings.HasPrefix(a, f) {
				return part("a fuzz target (%s)", base)
			}
		}
	}
	lb := strings.ToLower(base)
	switch {
	case strings.Contains(lb, "fuzz"):
		return part("a fuzz target (%s)", base)
	case testScripts[lb] || base == "setup.py" && len(args) > 0 && args[0] == "test":
		return whole
	case strings.HasSuffix(lb, ".py") && (strings.HasPrefix(lb, "test_") || strings.HasSuffix(lb, "_test.py")):
		return part("one test file (%s)", base)
	case strings.HasSuffix(lb, ".t"):
		return part("one test file (%s)", base)
	case lb == "prove":
		return pathsScope(args, ".t")
	case lb == "rspec" || lb == "phpunit" || lb == "bazel" || lb == "bazelisk" || lb == "dotnet":
		return otherRunnerScope(lb, args)
	}
	return scope{}
}

// otherRunnerScope: rspec -e and spec files, phpunit files, bazel test
// targets without "...", dotnet test --filter (caught above).
func otherRunnerScope(runner string, args []string) scope {
	opts, pos, _ := scanArgs(args, set("-e", "--example", "-t", "--tag", "-I", "-r", "--require", "-c", "--configuration"))
	switch runner {
	case "rspec":
		if v, ok := opt(opts, "-e", "--example"); ok {
			return part("tests selected by name (-e %s)", v)
		}
		for _, p := range pos {
			if strings.Contains(p, ".rb") {
				return part("one spec file (%s)", p)
			}
		}
		return whole
	case "phpunit":
		return pathsScope(pos, ".php")
	case "bazel", "bazelisk":
		if len(pos) == 0 || pos[0] != "test" {
			return scope{}
		}
		for _, t := range pos[1:] {
			if strings.Contains(t, "...") {
				return whole
			}
		}
		return part("test targets (%s)", strings.Join(pos[1:], " "))
	}
	if len(pos) > 0 && pos[0] == "test" {
		return whole
	}
	return scope{}
}
