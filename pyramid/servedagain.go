package pyramid

import (
	"regexp"
	"strings"
)

// A program can be a server that nothing in its command or its source
// told apart (a framework's own start call, a port from its
// configuration): run as any program, it serves until its time is up,
// and the run is a timeout. What it printed while it ran says what it
// is — "ENGINE Serving on http://127.0.0.1:8080", "Listening on port
// 3000", "Uvicorn running on http://127.0.0.1:8000" — and the port.
// ServedAgain is the command run as a server probe on that port: started
// in the background, proved by an answer on 127.0.0.1, stopped.

// listeningRe is a line saying the program listens, and its port.
var listeningRe = regexp.MustCompile(`(?i)\b(?:listen(?:s|ing)?|serving|running|started|server|bound|available|accepting)\b[^\n]{0,80}?(?:(?:https?://)?(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1?\]|[\w-]+(?:\.[\w-]+)*)?:|\bport\s*[:=]?\s*)(\d{2,5})\b`)

// ServedAgain is c run as a server probe when out, the output of its run
// that timed out, says it listens on a port; false when it says none, or
// c is a server probe already.
func ServedAgain(c Command, out string) (Command, bool) {
	if c.Background || c.Level != Runnable || len(c.Expect) > 0 {
		return Command{}, false
	}
	m := listeningRe.FindStringSubmatch(out)
	if m == nil || m[1] == "0" {
		return Command{}, false
	}
	port := strings.TrimLeft(m[1], "0")
	build, run := buildPrefix(c.Text)
	probe := serverProbe(run, port)
	if build != "" {
		probe = build + " && { " + probe + "; }"
	}
	s := c
	s.Text, s.Background, s.Serve = probe, true, c.Text
	s.Reason = c.Reason + "; a server (its run said " + strings.TrimSpace(m[0]) + "): started in the background and proved by an HTTP answer on 127.0.0.1:" + port
	return s, true
}
