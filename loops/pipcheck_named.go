package loops

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/repair"
)

// namedInOutput are the lines of a failed command's whole output (its
// log, read up to maxOutputParsed) that name a distribution pip check
// found too old or too new, one each, when its excerpt does not:
// pytest-xdist's 158 failures said "unknown execmodel" in their summaries
// and execnet, whose 1.9 predates the project's execnet>=2.1, only in
// tracebacks the excerpt cut. The dependency-version diagnosis keeps a
// mismatch the failure names.
func namedInOutput(logFile, excerpt, check string) string {
	var out strings.Builder
	var whole []string
	for _, dist := range repair.PipCheckMismatched(check) {
		name := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(dist) + `\b`)
		if name.MatchString(excerpt) {
			continue
		}
		if whole == nil {
			whole = strings.Split(readCapped(logFile, maxOutputParsed), "\n")
		}
		for _, l := range whole {
			if name.MatchString(l) {
				out.WriteString("\n" + strings.TrimSpace(l))
				break
			}
		}
	}
	return out.String()
}
