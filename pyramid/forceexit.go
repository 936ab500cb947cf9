package pyramid

import (
	"regexp"
	"strings"
)

// A test runner may finish its tests, print its summary and not exit:
// an open handle (a server, a timer) keeps node alive. Jest says so
// ("Jest did not exit one second after the test run has completed.");
// so does Vitest. Waiting the idle limit out (winston: 5 minutes, then
// its next command the same) proves nothing more: Settled is that
// output, after which a short silence ends the command (SettledIdle),
// and ForceExit is the run again with Jest's --forceExit, which exits
// once the tests are done.

// Settled is a test runner's word that its tests are done while its
// process lingers.
var Settled = regexp.MustCompile(regexp.QuoteMeta(jestLingered) + `|Tests closed successfully but something prevents (?:Vite server|the main process) from exiting`)

// jestLingered is Jest's own.
const jestLingered = "Jest did not exit one second after the test run has completed"

var (
	pkgRunRe = regexp.MustCompile(`^(npm|yarn|pnpm)\s+(?:test|t|run\s+\S+|run-script\s+\S+)\b`)
	jestRe   = regexp.MustCompile(`(^|[\s/])jest(\s|$)`)
)

// ForceExit is c again with Jest's --forceExit, when output shows Jest
// lingered after its tests; false otherwise.
func ForceExit(c Command, output string) (Command, bool) {
	if !strings.Contains(output, jestLingered) || strings.Contains(c.Text, "--forceExit") {
		return Command{}, false
	}
	text := strings.TrimSpace(c.Text)
	switch {
	case strings.ContainsAny(text, ";|") || strings.Contains(text, "&&"):
		return Command{}, false // the flag would go to the last program
	case jestRe.MatchString(text):
		text += " --forceExit"
	case pkgRunRe.MatchString(text) && !strings.Contains(text, " -- "):
		if strings.HasPrefix(text, "npm") {
			text += " --"
		}
		text += " --forceExit"
	default:
		return Command{}, false
	}
	f := c
	f.Text = text
	f.Synth = true
	f.Reason = c.Reason + "; with Jest's --forceExit: its tests finished and it did not exit"
	f.Why = synthWhy(c.Why, "Jest lingered after its tests")
	return f, true
}
