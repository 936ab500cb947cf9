package results

import (
	"regexp"
	"strings"
)

var (
	// " 3/5 t_bad   FAIL            0.02s   exit status 1" (also "0.02 s")
	mesonTest = regexp.MustCompile(`^\d+/\d+ +.*? +(OK|FAIL|SKIP|EXPECTEDFAIL|UNEXPECTEDPASS|TIMEOUT|ERROR|INTERRUPT)\s+[\d.]+ ?s\b`)
	// "Ok: 3", "Expected Fail: 0" … several per line in old meson
	mesonKey = regexp.MustCompile(`(Ok|Expected Fail|Fail|Unexpected Pass|Skipped|Timeout): +(\d+)`)
)

var mesonKeyAdd = map[string]func(*Counts, int){
	"Ok": addPassed, "Expected Fail": addSkipped, "Fail": addFailed,
	"Unexpected Pass": addFailed, "Skipped": addSkipped, "Timeout": addFailed,
}

// parseMeson reads `meson test` output. The summary block (one line per key
// in meson ≥ 0.57, one line for all keys before) is the source; it ends at
// "Timeout:" and closes the run, so the per-test lines before it are only a
// fallback for a run without a summary.
func parseMeson(ls []string) (Counts, bool) {
	var r runs
	inBlock := false
	for _, l := range ls {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "Ok:") || (inBlock && strings.Contains(t, ":")) {
			ms := mesonKey.FindAllStringSubmatch(t, -1)
			if ms != nil && (inBlock || strings.HasPrefix(t, "Ok:")) {
				if !inBlock {
					r.summary(Counts{})
					inBlock = true
				}
				for _, m := range ms {
					mesonKeyAdd[m[1]](&r.sum, atoi(m[2]))
					if m[1] == "Timeout" {
						inBlock = false
						r.done()
					}
				}
				continue
			}
		}
		if inBlock && t != "" {
			inBlock = false
			r.done()
		}
		if strings.IndexByte(t, '/') > 0 && t[0] >= '0' && t[0] <= '9' {
			if m := mesonTest.FindStringSubmatch(t); m != nil {
				r.test(mesonOutcome(m[1]))
			}
		}
	}
	return r.result()
}

func mesonOutcome(s string) Counts {
	switch s {
	case "OK":
		return onePassed
	case "SKIP", "EXPECTEDFAIL":
		return oneSkipped
	case "ERROR", "INTERRUPT":
		return oneError
	default: // FAIL, UNEXPECTEDPASS, TIMEOUT
		return oneFailed
	}
}
