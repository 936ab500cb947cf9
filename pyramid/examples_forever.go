package pyramid

import (
	"fmt"
	"regexp"
	"strings"
)

// A Go program that runs until it is stopped — a scheduler's example
// (gocron's README waits `<-time.After(time.Minute)` while its job runs;
// its examples/elector ends `select {}`), a worker — never ends by itself:
// under `timeout 60 go run .` it timed out, what it printed unread. Such a
// program is built first, then run goForeverFor seconds unbuffered, and
// passes as the Python and JavaScript loops do (loopRun): it printed
// something and was still running (timeout's 124) or ended cleanly.
// Silence proves nothing.

// goForeverRe is Go code that waits without end, or for minutes.
var goForeverRe = regexp.MustCompile(`select\s*\{\s*\}|<-\s*time\.After\(\s*(?:\d+\s*\*\s*)?time\.(?:Minute|Hour)\b|time\.Sleep\(\s*(?:\d+\s*\*\s*)?time\.(?:Minute|Hour)\b`)

// goRunPkgRe is a `go run` of one package of the module.
var goRunPkgRe = regexp.MustCompile(`^go run (\.(?:/[\w./-]*)?)$`)

// goForeverRun is how a Go program that runs until stopped is run: `go
// run PKG` (the whole run command, from the checkout or a scratch
// module's directory) built to a program and run for loopFor seconds;
// "" when run is not such a command.
func goForeverRun(run string) string {
	m := goRunPkgRe.FindStringSubmatch(run)
	if m == nil {
		return ""
	}
	prog, out := "/tmp/heragent-forever", "/tmp/heragent-loop.out"
	return fmt.Sprintf("go build -o %s %s && { timeout %d %s 2>&1 | tee %s; rc=${PIPESTATUS[0]}; [ -s %s ] && { [ $rc -eq 0 ] || [ $rc -eq 124 ]; }; }",
		prog, m[1], loopFor, prog, out, out)
}

// goForeverExample rewrites a goExample command whose program runs until
// stopped: its `timeout 60 go run .` becomes goForeverRun's.
func goForeverExample(cmd, code string) string {
	if !goForeverRe.MatchString(code) || !strings.HasSuffix(cmd, " && timeout 60 go run .)") {
		return cmd
	}
	return strings.TrimSuffix(cmd, "timeout 60 go run .)") + goForeverRun("go run .") + ")"
}
