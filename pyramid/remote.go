package pyramid

import (
	"regexp"
	"strings"
)

// A Runnable command a README or CI job shows against a host of the
// internet (rsync's `rsync-ssl download.samba.org::rsyncftp/`, `scp
// user@host:…`, a client given https://api.example.com) needs what a
// sandbox does not have: it is tried after the commands that work on this
// machine alone, not first.

var (
	// rsyncModuleRe is rsync's daemon syntax host::module.
	rsyncModuleRe = regexp.MustCompile(`(?:^|\s)([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)::`)
	// sshTargetRe is user@host:path (scp, rsync over ssh, git).
	sshTargetRe = regexp.MustCompile(`(?:^|\s)[\w.-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+):`)
	// urlHostRe is the host of a URL argument.
	// writtenData is a file's content a command writes (printf '%s' …),
	// data for the program — a JSON schema's "$schema" URL — not a host
	// it connects to.
	writtenData = regexp.MustCompile(`printf '%s' (?:\$'(?:[^'\\]|\\.)*'|'[^']*')`)
	// socketClientRe is a socket client given a host and a port (`scc |
	// nc paste.c-net.org 9999`, `telnet towel.blinkenlights.nl 23`).
	socketClientRe = regexp.MustCompile(`(?:^|[\s|;&(])(?:nc|ncat|netcat|telnet|socat\s+-\s+TCP:)\s+(?:-\w+\s+)*([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)[\s:]\d+`)
	urlHostRe      = regexp.MustCompile(`(?:https?|ftp|rsync|ssh|git|wss?)://(?:[^@\s/]+@)?([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)`)
)

// RemoteTarget is the host of the internet a command addresses, "".
// Examples heragent writes out are judged by their code's calls
// (localHTTP), not here.
func RemoteTarget(text string) string {
	if strings.Contains(text, ".heragent-example-") {
		return ""
	}
	text = writtenData.ReplaceAllString(text, "printf")
	for _, re := range []*regexp.Regexp{rsyncModuleRe, sshTargetRe, socketClientRe, urlHostRe} {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			if h := m[1]; !localHost(h) && !strings.HasSuffix(h, ".local") && !strings.HasSuffix(h, ".localhost") {
				return h
			}
		}
	}
	return ""
}
