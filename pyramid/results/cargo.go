package results

import (
	"regexp"
	"strings"
)

var (
	// "test result: ok. 3 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.00s"
	cargoResult = regexp.MustCompile(`^test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored; (\d+) measured`)
	// "test tests::bad ... FAILED"
	cargoTest = regexp.MustCompile(`^test .* \.\.\. (ok|FAILED|ignored)`)
)

// parseCargo reads `cargo test` (libtest) output: one "test result:" line
// per test binary and doc-test run, summed. "running N tests" starts a run;
// per-test lines are a fallback for a binary that crashed before its
// result line, read only after a "running N tests" (libtest prints it
// first): a unittest test whose docstring begins with "test" prints
// "test `MetaData` with `Wikilinks` Extension. ... ok" (Python-Markdown),
// no cargo test. ignored → skipped; measured (benchmarks) are not counted.
func parseCargo(ls []string) (Counts, bool) {
	var r runs
	running := false
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if !strings.HasPrefix(t, "test") && !strings.HasPrefix(t, "running ") {
			continue
		}
		switch {
		case strings.HasPrefix(t, "running ") && (strings.HasSuffix(t, " tests") || strings.HasSuffix(t, " test")):
			r.start()
			r.detect()
			running = true
		case strings.HasPrefix(t, "test result: "):
			if m := cargoResult.FindStringSubmatch(t); m != nil {
				r.summary(Counts{Passed: atoi(m[1]), Failed: atoi(m[2]), Skipped: atoi(m[3])})
				r.done()
			}
		case running && strings.HasPrefix(t, "test ") && strings.Contains(t, " ... "):
			if m := cargoTest.FindStringSubmatch(t); m != nil {
				switch m[1] {
				case "ok":
					r.test(onePassed)
				case "FAILED":
					r.test(oneFailed)
				default:
					r.test(oneSkipped)
				}
			}
		}
	}
	return r.result()
}
