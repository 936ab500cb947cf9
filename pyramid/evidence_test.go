package pyramid

import (
	"fmt"
	"strings"
	"testing"

	"github.com/heragent/heragent/pyramid/results"
)

func mined(text string, b Bucket, src string) Command {
	return Command{Text: text, Bucket: b, Level: b.Level(), Why: []Provenance{{Source: src, File: "README.md"}}}
}

func made(text string, b Bucket, reason string) Command {
	return Command{Text: text, Bucket: b, Level: b.Level(), Synth: true, Reason: reason, Why: []Provenance{{Source: "synthesized"}}}
}

func ran(passed, failed int, fw ...string) results.Counts {
	return results.Counts{Passed: passed, Failed: failed, Frameworks: fw}
}

func TestGradeTestable(t *testing.T) {
	tests := []struct {
		c      Command
		counts results.Counts
		found  int
		want   string
		why    string // a part of the reason
	}{
		// the share rule: most of the tests the graph found ran
		{mined("go test -v ./...", Unit, "convention"), ran(412, 0), 430, EvidenceSuite, "ran 412 of ~430 tests found"},
		{mined("python -m pytest tests/", Unit, "readme"), ran(40, 0), 42, EvidenceSuite, "ran 40 of ~42"},
		{mined("go test -v ./internal/foo", Unit, "ci"), ran(300, 2), 430, EvidenceSuite, "one package (./internal/foo)"},
		{mined("go test -v -run Test ./...", Unit, "ci"), ran(420, 0), 430, EvidenceSuite, "ran 420 of ~430"},
		// a run without the tests that failed for want of the network or
		// a container engine: a part of the suite, whatever the graph counted
		{withoutTests(mined("ctest --test-dir build", Unit, "ci"), 48), ran(8, 0, "ctest"), 7, EvidenceSubset, "ran 8 of ~56"},
		{withoutTests(mined("ctest --test-dir build", Unit, "ci"), 20), ran(90, 0, "ctest"), 0, EvidenceSubset, "ran 90 of ~110 tests, 20 left out"},
		// whole-suite commands, whatever they ran
		{mined("cd build && ctest --output-on-failure", Unit, "readme"), ran(28, 0, "ctest"), 0, EvidenceSuite, "whole test suite (ctest --output-on-failure)"},
		{mined("npm test", Unit, "package.json"), ran(12, 0), 430, EvidenceSuite, "ran 12 of ~430"},
		{mined("make check", Unit, "makefile"), ran(1, 0, "suite"), 300, EvidenceSuite, "whole test suite (make check)"},
		{mined("make test", Unit, "makefile"), ran(20, 0), 0, EvidenceSuite, "make test"},
		{mined("cargo test", Unit, "convention"), ran(5, 0), 8, EvidenceSuite, ""},
		{mined("mvn test", Unit, "convention"), ran(30, 0), 90, EvidenceSuite, ""},
		{mined("./gradlew :test", Unit, "ci"), ran(30, 0), 90, EvidenceSuite, ""},
		{mined("meson test -C build", Unit, "meson"), ran(9, 0), 0, EvidenceSuite, ""},
		{mined("timeout 600 xvfb-run -a python3 -m pytest -q", Unit, "ci"), ran(80, 0), 400, EvidenceSuite, "pytest -q"},
		{mined("poetry run pytest", Unit, "readme"), ran(80, 0), 400, EvidenceSuite, ""},
		{mined("CI=true env LANG=C tox -e py", Unit, "tox"), ran(80, 0), 400, EvidenceSuite, ""},
		{mined("python -m unittest discover -s tests -v", Unit, "python"), ran(6, 0), 10, EvidenceSuite, ""},
		{mined("pytest -m 'not slow'", Unit, "ci"), ran(6, 0), 100, EvidenceSuite, ""},
		{mined("ctest --test-dir build -E slow", Unit, "ci"), ran(6, 0), 100, EvidenceSuite, ""},
		{mined("node --test", Unit, "package.json"), ran(2, 0), 9, EvidenceSuite, ""},
		{mined("bazel test //...", Unit, "ci"), ran(2, 0), 9, EvidenceSuite, ""},
		{mined("cmake --build build --target test", Unit, "ci"), ran(2, 0), 9, EvidenceSuite, ""},
		{mined("npx mocha 'test/**/*.spec.js'", Unit, "ci"), ran(2, 0), 9, EvidenceSuite, ""},
		// test files that could not be loaded did not run: not the suite
		// (prettytable's main test file without pytest-lazy-fixtures)
		{mined("python -m pytest -q", Unit, "python"), results.Counts{Passed: 10, Errors: 1, Unloaded: 1, Frameworks: []string{"pytest"}}, 300, EvidenceSubset, "1 test file(s) could not be loaded"},
		// a tenth of the tests found, counted in the same units: a part (tornado's
		// default test*.py pattern and its x_test.py files); ctest counts programs
		{mined("python -m unittest discover -s tornado/test -v", Unit, "python"), results.Counts{Passed: 21, Frameworks: []string{"unittest"}}, 1021, EvidenceSubset, "a small part of the tests found ran"},
		{mined("ctest --test-dir build", Unit, "cmake"), results.Counts{Passed: 21, Frameworks: []string{"ctest"}}, 631, EvidenceSuite, ""},
		// the project's own test command, runner unknown, no selector
		{mined("./scripts/run-all-tests.sh", Unit, "ci"), ran(7, 0), 40, EvidenceSuite, "the project's test command (ci)"},
		// selectors
		{mined("python -m unittest tests.test_x.TestY.test_z", Unit, "readme"), ran(1, 0), 300, EvidenceSubset, "one named test (tests.test_x.TestY.test_z)"},
		{mined("python -m unittest tests.test_x.TestY", Unit, "readme"), ran(4, 0), 300, EvidenceSubset, "one test class"},
		{mined("python3 -m unittest tests/test_x.py", Unit, "readme"), ran(4, 0), 300, EvidenceSubset, "one test module"},
		{mined("pytest tests/test_api.py::test_get", Unit, "readme"), ran(1, 0), 300, EvidenceSubset, "one named test (tests/test_api.py::test_get)"},
		{mined("pytest tests/test_one.py", Unit, "readme"), ran(5, 0), 300, EvidenceSubset, "one test file (tests/test_one.py)"},
		{mined("python -m pytest tests/unit", Unit, "readme"), ran(50, 0), 300, EvidenceSubset, "one test directory (tests/unit)"},
		{mined("python -m pytest -k 'parse and not slow' -q", Unit, "readme"), ran(5, 0), 300, EvidenceSubset, "-k parse and not slow"},
		{mined("uv run pytest --lf", Unit, "readme"), ran(5, 0), 300, EvidenceSubset, "--lf"},
		{mined("tox -e py -- -k slow", Unit, "readme"), ran(5, 0), 300, EvidenceSubset, "-k slow"},
		{mined("go test -v -run '^TestParse$' ./parser", Unit, "readme"), ran(1, 0), 430, EvidenceSubset, "tests selected by name (-run ^TestParse$)"},
		{mined("go test -v", Unit, "readme"), ran(10, 0), 430, EvidenceSubset, "one package (the current directory)"},
		{mined("go test -run=^$ -bench=. ./...", Unit, "readme"), ran(0, 0), 430, EvidenceSubset, "benchmarks only"},
		{mined("go test -fuzz FuzzParse -fuzztime 30s ./parser", Unit, "ci"), ran(1, 0), 430, EvidenceSubset, "a fuzz target (-fuzz FuzzParse)"},
		{mined("./build/fuzz/json_fuzzer -runs=1000 corpus/", Unit, "ci"), ran(0, 0), 430, EvidenceSubset, "a fuzz target (json_fuzzer)"},
		{mined("python -m doctest README.md", Unit, "readme"), ran(3, 0), 430, EvidenceSubset, "doctests"},
		{mined("ctest --test-dir build -R json_parse --output-on-failure", Unit, "readme"), ran(1, 0), 300, EvidenceSubset, "-R json_parse"},
		{mined("ctest --test-dir build -L unit", Unit, "ci"), ran(10, 0), 300, EvidenceSubset, "labelled unit"},
		{mined("ctest -I 1,5", Unit, "ci"), ran(5, 0), 300, EvidenceSubset, "a range of tests"},
		{made("ctest --test-dir build --rerun-failed --output-on-failure", Unit, "re-runs the failed tests"), ran(1, 1), 300, EvidenceSubset, "--rerun-failed"},
		{mined("./build/tests/unit_tests --gtest_filter=Parser.*", Unit, "readme"), ran(12, 0), 300, EvidenceSubset, "--gtest_filter=Parser.*"},
		{mined("./build/tests/doctest_tests -tc=parses", Unit, "readme"), ran(1, 0), 300, EvidenceSubset, "-tc=parses"},
		{mined("./build/tests/catch_tests '[parser]'", Unit, "readme"), ran(3, 0), 300, EvidenceSubset, "tagged [parser]"},
		{mined("npm test -- -t slug", Unit, "readme"), ran(2, 0), 300, EvidenceSubset, "-t slug"},
		{mined("yarn test -t slug", Unit, "readme"), ran(2, 0), 300, EvidenceSubset, "-t slug"},
		{mined("npm run test:unit", Unit, "package.json"), ran(2, 0), 300, EvidenceSubset, "one test script"},
		{mined("npx jest --testNamePattern slug", Unit, "readme"), ran(2, 0), 300, EvidenceSubset, "tests selected by name (slug)"},
		{mined("npx vitest run src/slug.test.ts", Unit, "readme"), ran(2, 0), 300, EvidenceSubset, "test files matching src/slug.test.ts"},
		{mined("npx mocha --grep slug", Unit, "readme"), ran(2, 0), 300, EvidenceSubset, "slug"},
		{mined("node --test test/slug.test.js", Unit, "readme"), ran(2, 0), 300, EvidenceSubset, "one test file"},
		{mined("cargo test parse_", Unit, "readme"), ran(2, 0), 300, EvidenceSubset, "tests matching parse_"},
		{mined("cargo test --features serde -- tokenizer", Unit, "readme"), ran(2, 0), 300, EvidenceSubset, "tests matching tokenizer"},
		{mined("cargo test --doc", Unit, "readme"), ran(2, 0), 300, EvidenceSubset, "doctests"},
		{mined("cargo test -p core", Unit, "readme"), ran(2, 0), 300, EvidenceSubset, "one crate (-p core)"},
		{mined("mvn -Dtest=ParserTest test", Unit, "readme"), ran(2, 0), 300, EvidenceSubset, "-Dtest=ParserTest"},
		{mined("./gradlew test --tests '*Parser*'", Unit, "readme"), ran(2, 0), 300, EvidenceSubset, "--tests *Parser*"},
		{mined("./gradlew :core:test", Unit, "readme"), ran(2, 0), 300, EvidenceSubset, "one module's tests (:core:test)"},
		{mined("meson test -C build json", Unit, "readme"), ran(1, 0), 300, EvidenceSubset, "named tests (json)"},
		{mined("meson test -C build --suite unit", Unit, "readme"), ran(1, 0), 300, EvidenceSubset, "one suite"},
		{mined("make check TESTS=t/basic.sh", Unit, "readme"), ran(1, 0), 300, EvidenceSubset, "TESTS=t/basic.sh"},
		{mined(`make test ARGS="-R foo"`, Unit, "readme"), ran(1, 0), 300, EvidenceSubset, "-R foo"},
		{mined("make test-unit", Unit, "readme"), ran(1, 0), 300, EvidenceSubset, "one test target (test-unit)"},
		// the project's only test program, made and run to its end, no count printed (QR-Code-generator's)
		{Command{Text: "make qr-test && ./qr-test", Bucket: Unit, Level: Testable, Only: true, Driver: true, Why: []Provenance{{Source: "makefile"}}}, ran(1, 0, "suite"), 0, EvidenceSuite, "only test target"},
		{Command{Text: "make qr-test && ./qr-test", Bucket: Unit, Level: Testable, Driver: true, Why: []Provenance{{Source: "makefile"}}}, ran(1, 0, "suite"), 0, EvidenceSubset, "one test target"},
		{mined("bazel test //parser:tests", Unit, "ci"), ran(2, 0), 300, EvidenceSubset, "//parser:tests"},
		{mined("python tests/test_cli.py", Unit, "readme"), ran(2, 0), 300, EvidenceSubset, "one test file (test_cli.py)"},
		// a test program heragent found, not the project's command
		{made("./build/test_foo", Unit, "runs a test program"), ran(3, 0), 300, EvidenceSubset, "a test program heragent found"},
		// smoke: a program started, no test ran
		{mined("./jq --version", Smoke, "readme"), results.Counts{}, 30, EvidenceSmoke, "smoke probe"},
		{made(`python -c 'import pkg'`, Smoke, "the repository has no tests"), results.Counts{}, 0, EvidenceSmoke, ""},
	}
	for _, tt := range tests {
		t.Run(tt.c.Text, func(t *testing.T) {
			got, why := GradeTestable(tt.c, tt.counts, tt.found)
			if got != tt.want || !strings.Contains(why, tt.why) || why == "" {
				t.Errorf("GradeTestable = %s (%q), want %s (…%q…)", got, why, tt.want, tt.why)
			}
		})
	}
}

func TestGradeRunnable(t *testing.T) {
	user := func(text string) Command {
		return Command{Text: text, Bucket: Integration, Why: []Provenance{{Source: "user"}}}
	}
	tests := []struct {
		c    Command
		want string
	}{
		{user("./tool render in.md"), EvidenceGoal},
		{user("./tool --version"), EvidenceGoal}, // the user says what success is
		{mined("mytool convert in.csv out.json", Entry, "readme"), EvidenceDocumented},
		{mined("python -m mytool --help", Entry, "readme"), EvidenceLastResort},
		{mined("python3 -m mytool --version", Entry, "docs"), EvidenceLastResort},
		{mined("cd build && ./tool -v", Entry, "readme"), EvidenceLastResort},
		{mined("./haproxy -vv", Entry, "ci"), EvidenceLastResort}, // the version and build options
		{mined("./tool -v input.txt", Entry, "readme"), EvidenceDocumented},
		{mined("./tool -h localhost -p 80", Entry, "readme"), EvidenceDocumented},
		{mined("./tool help", Entry, "readme"), EvidenceLastResort},
		{mined("docker-compose version", Entry, "readme"), EvidenceLastResort},
		{mined("uv run mytool -h", Entry, "readme"), EvidenceLastResort},
		{mined("cargo run --release -- --help", Entry, "readme"), EvidenceLastResort},
		{mined("./tool --help | head -20", Entry, "readme"), EvidenceLastResort},
		{mined("./tool 2>&1 | grep -q Usage", Entry, "readme"), EvidenceLastResort},
		{mined("./tool --help && ./tool render in.md", Entry, "readme"), EvidenceDocumented},
		{mined(`python -c 'import jq; print(jq.__version__)'`, Entry, "readme"), EvidenceLastResort},
		{mined(`python -c "import jq; print(jq.compile('.').input(1).first())"`, Entry, "readme"), EvidenceDocumented},
		{mined(`node -e "require('slugify')"`, Entry, "readme"), EvidenceLastResort},
		{mined(`node -e "const s = require('./'); console.log(s('Hello World'))"`, Entry, "readme"), EvidenceDocumented},
		{mined(`node -p "require('./package.json').version"`, Entry, "readme"), EvidenceLastResort},
		{mined("./tool -c config.yml", Entry, "readme"), EvidenceDocumented},
		{mined("npm start", Entry, "package.json"), EvidenceDocumented},
		{made("printf 'hello\\n' | timeout 10 ./build/tool", Entry, "runs a program the build produced"), EvidenceProbe},
		{made(serverProbe("node server.js", "3000"), Entry, "starts the server"), EvidenceProbe},
		{made("timeout 10 ./build/tool --version", Entry, "last resort: asks a program for its version"), EvidenceLastResort},
		{made(`python -c 'import pkg; print(pkg.__name__, getattr(pkg, "__version__", ""))'`, Entry, "last resort for a library"), EvidenceLastResort},
	}
	for _, tt := range tests {
		t.Run(tt.c.Text, func(t *testing.T) {
			if got := GradeRunnable(tt.c); got != tt.want {
				t.Errorf("GradeRunnable = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestEvidenceRank(t *testing.T) {
	order := [][]string{
		{EvidenceSuite, EvidenceSubset, EvidenceSmoke, ""},
		{EvidenceGoal, EvidenceDocumented, EvidenceLastResort, ""},
	}
	for _, o := range order {
		for i := 1; i < len(o); i++ {
			if EvidenceRank(o[i-1]) <= EvidenceRank(o[i]) {
				t.Errorf("%q ranks %d, not above %q (%d)", o[i-1], EvidenceRank(o[i-1]), o[i], EvidenceRank(o[i]))
			}
		}
	}
	if EvidenceRank(EvidenceProbe) != EvidenceRank(EvidenceDocumented) || EvidenceRank("bogus") != 0 {
		t.Error("probe ranks as documented; unknown evidence 0")
	}
}

func TestLastResortByWhatItDoes(t *testing.T) {
	if !(mined("python -m pkg --help", Entry, "readme")).LastResort() {
		t.Error("a README's --help is a last resort")
	}
	if (Command{Text: "./tool --help", Why: []Provenance{{Source: "user"}}}).LastResort() {
		t.Error("a user goal is never a last resort")
	}
	if (mined("./tool convert a.csv", Entry, "readme")).LastResort() {
		t.Error("a real use is no last resort")
	}
}

// withoutTests is c as WithoutTests makes it, n tests left out.
func withoutTests(c Command, n int) Command {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("t%d", i)
	}
	out, ok := WithoutTests(c, names, "the network")
	if !ok {
		panic("WithoutTests refused " + c.Text)
	}
	return out
}
