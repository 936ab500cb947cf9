package pyramid

import (
	"regexp"
	"strings"
)

// A documented listener and its client: a tool that is both ends of a
// connection documents one invocation that listens on an address and one
// that dials it (nng's `nngcat --rep --listen tcp://127.0.0.1:4567 --data
// "ok"` and `nngcat --req --dial tcp://127.0.0.1:4567 --data "status"`).
// Run alone, the listener waits for a peer until stopped and the client
// finds no one: neither is a use, and the listener spent the 3 minutes a
// documented use gets. Run together — the listener in the background, the
// client against it — they are one real use of both.

var (
	// peerEndpointRe is an address on this machine with its port.
	peerEndpointRe = regexp.MustCompile(`(?:[a-z][a-z0-9+]*://)?(?:127\.0\.0\.1|localhost|0\.0\.0\.0|\[::1\]|\*):(\d{2,5})\b`)
	// listenFlagRe and dialFlagRe are the ends' options.
	listenFlagRe = regexp.MustCompile(`(^|\s)--(listen|bind)(\s|=)`)
	dialFlagRe   = regexp.MustCompile(`(^|\s)--(dial|connect)(\s|=)`)
)

// peerEnd returns the program, the port and whether c listens (else it
// dials), when c is one documented end of a connection on this machine.
func peerEnd(c Command) (prog, port string, listens, ok bool) {
	if c.Bucket.Level() != Runnable || c.Synth {
		return "", "", false, false
	}
	m := peerEndpointRe.FindStringSubmatch(c.Text)
	f := strings.Fields(c.Text)
	if m == nil || len(f) == 0 || strings.ContainsAny(c.Text, "|;&$") {
		return "", "", false, false
	}
	l, d := listenFlagRe.MatchString(c.Text), dialFlagRe.MatchString(c.Text)
	if l == d {
		return "", "", false, false
	}
	return f[0], m[1], l, true
}

// peer is one documented end of a connection (peerEnd).
type peer struct {
	prog, port string
	listens    bool
}

// pairPeers replaces each documented client by itself run against the
// documented listener of the same program on the same port (the nearest
// in the docs), and drops the listeners so paired.
func pairPeers(cs []Command) []Command {
	ends := map[int]peer{}
	for i, c := range cs {
		if prog, port, listens, ok := peerEnd(c); ok {
			ends[i] = peer{prog, port, listens}
		}
	}
	with := map[int]int{} // client → its listener
	used := map[int]bool{}
	for i := range cs { // in order: the first client documented gets a shared listener
		if e, ok := ends[i]; ok && !e.listens {
			if j := nearestListener(cs, ends, i); j >= 0 && !used[j] {
				with[i], used[j] = j, true
			}
		}
	}
	var out []Command
	for i, c := range cs {
		if used[i] {
			continue
		}
		if j, ok := with[i]; ok {
			l := cs[j]
			c.Text = peerText(l.Text, c.Text)
			c.Reason = "the documented client run against the documented listener, started before it in the background"
			c.Why = append(append([]Provenance(nil), c.Why...), l.Why...)
		}
		out = append(out, c)
	}
	return out
}

// nearestListener is the index of the listener of client i's program on
// its port, in its directory, documented nearest to it (the same file
// first), -1 for none.
func nearestListener(cs []Command, ends map[int]peer, i int) int {
	best, dist := -1, 0
	for j, e := range ends {
		if !e.listens || e.prog != ends[i].prog || e.port != ends[i].port || cs[j].Dir != cs[i].Dir {
			continue
		}
		d := 1 << 20
		if len(cs[j].Why) > 0 && len(cs[i].Why) > 0 && cs[j].Why[0].File == cs[i].Why[0].File {
			d = max(cs[j].Why[0].Line-cs[i].Why[0].Line, cs[i].Why[0].Line-cs[j].Why[0].Line)
		}
		if best < 0 || d < dist || d == dist && j < best {
			best, dist = j, d
		}
	}
	return best
}

// peerText starts listener in the background, runs client against it
// (bounded: a client with no answer waits), stops the listener and shows
// what it printed; the client's status is the command's.
func peerText(listener, client string) string {
	return "( " + listener + " ) >/tmp/heragent-peer.log 2>&1 & peer=$!; sleep 2; timeout 30 " + client +
		"; ok=$?; kill $peer 2>/dev/null; wait $peer 2>/dev/null; echo '--- the listener printed:'; tail -n 20 /tmp/heragent-peer.log; exit $ok"
}
