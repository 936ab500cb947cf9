package results

import (
	"regexp"
	"strings"
)

var (
	// "[==========] 5 tests from 2 test suites ran. (0 ms total)" (also "test cases")
	// utest.h, which copies its look: "[==========] 156 test cases ran."
	// (sheredom's ubench.h prints googletest's lines for benchmarks: "18 benchmarks ran.")
	gtestRan = regexp.MustCompile(`^\[==========\] (\d+) (?:tests? from \d+ test (?:suites?|cases?)|test cases|benchmarks?) ran\.`)
	// "[  PASSED  ] 3 tests.", "[  FAILED  ] 1 test, listed below:", "[  SKIPPED ] 1 test, listed below:"
	gtestTotal = regexp.MustCompile(`^\[  (PASSED|FAILED|SKIPPED) +\] (\d+) (?:tests?|benchmarks?)[.,]`)
	// "YOU HAVE 1 DISABLED TEST"
	gtestDisabled = regexp.MustCompile(`^YOU HAVE (\d+) DISABLED TESTS?$`)
	// "[       OK ] Math.Add (0 ms)", "[  FAILED  ] Math.Bad (0 ms)"
	// (utest.h: "[       OK ] utf8len.data (2259ns)")
	gtestOne = regexp.MustCompile(`^\[ +(OK|FAILED|SKIPPED) +\] \S+.* \((?:\d+ ?(?:ms|us|µs|ns|s)|mean [^)]*)\)$`)
)

// parseGoogletest reads googletest's console output. Each
// "[==========] Running N tests" starts a run; its closing block
// ("N tests … ran.", "[  PASSED  ] P tests.", "[  FAILED  ] F tests,
// listed below:", "[  SKIPPED ] S tests", "YOU HAVE D DISABLED TESTS") is
// the source. Disabled tests count as skipped. Older googletest without a
// SKIPPED line: skipped = ran - passed - failed. A run that crashed before
// its closing block is counted from its "[ OK ]"/"[ FAILED ]" lines, and a
// test that started ("[ RUN ]") but never finished counts as one error.
func parseGoogletest(ls []string) (Counts, bool) {
	var r runs
	var ran, passed, failed, skipped, disabled int
	sawSkipLine := false
	running := false // a "[ RUN ]" without its result line yet
	update := func() {
		c := Counts{Passed: passed, Failed: failed, Skipped: skipped + disabled}
		if !sawSkipLine {
			c.Skipped = max(ran-passed-failed, 0) + disabled
		}
		r.sum = c
	}
	finish := func() {
		if running && !r.hasSum {
			r.test(oneError)
		}
		running = false
	}
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if len(t) < 3 || (t[0] != '[' && t[0] != 'Y') {
			continue
		}
		switch {
		case strings.HasPrefix(t, "[==========] Running "):
			finish()
			r.start()
			r.detect()
			continue
		case strings.HasPrefix(t, "[ RUN      ]"):
			running = true
			continue
		case strings.HasPrefix(t, "[==========] "):
			if m := gtestRan.FindStringSubmatch(t); m != nil {
				running = false
				ran, passed, failed, skipped, disabled, sawSkipLine = atoi(m[1]), 0, 0, 0, 0, false
				r.summary(Counts{})
				update()
				continue
			}
		}
		if r.hasSum {
			if m := gtestTotal.FindStringSubmatch(t); m != nil {
				n := atoi(m[2])
				switch m[1] {
				case "PASSED":
					passed = n
				case "FAILED":
					failed = n
				case "SKIPPED":
					skipped, sawSkipLine = n, true
				}
				update()
				continue
			}
			if m := gtestDisabled.FindStringSubmatch(t); m != nil {
				disabled = atoi(m[1])
				update()
				continue
			}
		}
		if m := gtestOne.FindStringSubmatch(t); m != nil {
			running = false
			switch m[1] {
			case "OK":
				r.test(onePassed)
			case "FAILED":
				r.test(oneFailed)
			case "SKIPPED":
				r.test(oneSkipped)
			}
		}
	}
	finish()
	return r.result()
}

// gtestSummaries counts the "[==========] N tests from M test suites ran."
// lines: one per binary run.
func gtestSummaries(ls []string) int {
	n := 0
	for _, l := range ls {
		if c, t := lead(l); c == '[' && strings.HasPrefix(t, "[==========] ") && gtestRan.MatchString(strings.TrimSpace(t)) {
			n++
		}
	}
	return n
}
