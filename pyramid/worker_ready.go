package pyramid

import (
	"regexp"
	"strings"
)

// A documented use may start a program that works until it is stopped
// and serves no port: a job queue's worker or scheduler (rq's `rq worker
// high low`: "*** Listening on high, low...", then its registries
// cleaned, then silence), a consumer waiting for messages. It prints
// that it is ready and then waits; waiting out the command's limit
// proves nothing more, and three of them took rq's whole budget. Ready
// is that output: a short silence after it ends the command (like a test
// runner's Settled), and a program that said so, printed no crash and
// was still running is at work. One that names a port is a server, which
// the server probe answers on that port (servedagain.go), not this.

// Ready is a long-running program's word that it waits for work.
var Ready = regexp.MustCompile(`(?i)(?:\*\*\* Listening on [\w, .-]+\.\.\.|\bwaiting for (?:jobs|tasks|work|messages|events)\b|\bconsumer started\b|\bworker\b[^\n]*\bstarted\b|\bscheduler\b[^\n]*\bstarted\b|\bready to (?:accept|process) (?:jobs|tasks|work|messages)\b)`)

// servedPortRe is output naming a port: a server's.
var servedPortRe = regexp.MustCompile(`(?i)\bport\s+\d{2,5}\b|(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::\]|\*):\d{2,5}\b|https?://[\w.-]+:\d{2,5}`)

// WaitsForWork reports whether a command's output shows a long-running
// program that said it is ready for work and names no port.
func WaitsForWork(output string) bool {
	return Ready.MatchString(output) && !servedPortRe.MatchString(output)
}

// SettledFor is the output after which a short silence ends c: a test
// runner's Settled, or, for a Runnable use, Ready too.
func SettledFor(c Command) *regexp.Regexp {
	if c.Bucket == Entry && !c.Background {
		return settledOrReady
	}
	return Settled
}

var settledOrReady = regexp.MustCompile(Settled.String() + "|" + Ready.String())

// readyVerdict is the verdict on a Runnable use stopped after it said it
// was ready.
func readyVerdict(output string) Verdict {
	l := strings.TrimSpace(Ready.FindString(output))
	return Verdict{Passed: true, Reason: "a long-running program: it said it was ready for work (" + l + ") and was still at it when stopped"}
}
