package results

import (
	"regexp"
	"strings"
)

// "Tests run: 5, Failures: 1, Errors: 0, Skipped: 1[, Time elapsed: … - in com.example.AppTest]"
var surefireLine = regexp.MustCompile(`^Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)(.*)$`)

// parseSurefire reads Maven Surefire/Failsafe console output. Surefire
// prints one line per test class (with "Time elapsed") and, after
// "Results:", one total per module (without). The totals are the source;
// the per-class lines are a fallback for a module that died before its
// totals. Each " T E S T S" banner starts a module's run, so a reactor
// build with several modules is summed. Maven's "[INFO] "/"[ERROR] "
// prefixes are ignored.
func parseSurefire(ls []string) (Counts, bool) {
	var r runs
	for _, l := range ls {
		t := mavenLine(l)
		if t == "T E S T S" {
			r.start()
			r.detect()
			continue
		}
		if !strings.HasPrefix(t, "Tests run: ") {
			continue
		}
		m := surefireLine.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		run, f, e, s := atoi(m[1]), atoi(m[2]), atoi(m[3]), atoi(m[4])
		c := Counts{Passed: max(run-f-e-s, 0), Failed: f, Errors: e, Skipped: s}
		if strings.Contains(m[5], "Time elapsed") {
			r.test(c)
		} else {
			r.summary(c)
		}
	}
	return r.result()
}

// mavenLine trims a Maven log prefix ("[INFO] ", "[ERROR] ", "[WARNING] ")
// and surrounding space.
func mavenLine(l string) string {
	t := strings.TrimSpace(l)
	if strings.HasPrefix(t, "[") {
		if i := strings.IndexByte(t, ']'); i > 0 && i < 10 {
			t = strings.TrimSpace(t[i+1:])
		}
	}
	return t
}
