package repair

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
)

// needsService: a program connects to a service on this machine that does
// not run in the sandbox — a Redis client library's test program or
// example (hiredis: "Testing against TCP connection (127.0.0.1:6379):
// Connection error: Connection refused"). Only the well-known ports of
// services Debian packages are named (a server heragent started itself
// and that did not answer is another matter). The repair installs
// Debian's package and starts the service, as root, before the command
// (the command and the exported entrypoint carry the start line); a
// service Debian lacks, or one that ran and still refused, is recorded
// with what is missing, not left unknown.
type needsService struct{}

var (
	refusedRe      = regexp.MustCompile(`(?i)connection refused|ECONNREFUSED`)
	loopbackPortRe = regexp.MustCompile(`(?:127\.0\.0\.1|localhost|\[::1\]|::1)[:,]\s*(?:port\s+)?(\d{2,5})\b|port (\d{2,5}) .*(?:127\.0\.0\.1|localhost)`)
)

func (needsService) Name() string { return "needs-service" }

func (needsService) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand || !refusedRe.MatchString(f.Log) {
		return nil
	}
	for _, l := range logLines(f.Log) {
		for _, m := range loopbackPortRe.FindAllStringSubmatch(l, -1) {
			port := m[1] + m[2]
			if s, ok := pyramid.ServiceOnPort(port); ok {
				return []Diagnosis{{Kind: NeedsService, Subject: s.Name, Detail: port, Evidence: strings.TrimSpace(l)}}
			}
		}
	}
	// no port in the log: the program names it where it connects
	// (hiredis's README: redisConnect("127.0.0.1", 6379); redis-py's
	// Redis(host='localhost', port=6379)), or the address it was given
	// names the service by its scheme, on this machine by its default
	// port (kombu's README: Connection('amqp://guest:guest@localhost//'))
	texts := append([]string{f.Command}, programSources(f)...)
	for _, text := range texts {
		for _, m := range connectArgsRe.FindAllStringSubmatch(text, -1) {
			if s, ok := pyramid.ServiceOnPort(m[1]); ok {
				return []Diagnosis{{Kind: NeedsService, Subject: s.Name, Detail: m[1], Evidence: m[0]}}
			}
		}
	}
	for _, text := range append([]string{f.Log}, texts...) {
		if m := localURLRe.FindStringSubmatch(text); m != nil {
			port := schemePorts[strings.ToLower(m[1])]
			if s, ok := pyramid.ServiceOnPort(port); ok {
				return []Diagnosis{{Kind: NeedsService, Subject: s.Name, Detail: port, Evidence: m[0]}}
			}
		}
	}
	return nil
}

// programSources are the texts of the checkout's scripts the command
// runs (`python examples/rpc_client.py`).
func programSources(f Failure) []string {
	if f.Repo == nil {
		return nil
	}
	var out []string
	for _, w := range strings.Fields(f.Command) {
		if !scriptArgRe.MatchString(w) {
			continue
		}
		if b, err := f.Repo.ReadFile(strings.TrimPrefix(w, "./")); err == nil {
			out = append(out, string(b))
		}
	}
	return out
}

var scriptArgRe = regexp.MustCompile(`^[\w./-]+\.(?:py|js|mjs|cjs|ts|rb|php|pl|lua)$`)

// connectArgsRe is a loopback host and a port passed to a connect call,
// as separate arguments or keywords.
var connectArgsRe = regexp.MustCompile(`(?:127\.0\.0\.1|localhost)\\?["']?\s*,\s*(?:port\s*=\s*)?(\d{2,5})\b`)

// localURLRe is a service's URL on this machine without a port: its
// host localhost or 127.0.0.1, or none (redis:// is the local Redis).
var localURLRe = regexp.MustCompile(`(?i)\b(amqp|redis|postgres(?:ql)?|mysql|mariadb|memcached?|mqtt)://(?:[^@/\s'"]*@)?(?:localhost|127\.0\.0\.1)?(?:/|['"\\\s]|$)`)

// schemePorts are the default ports of the URL schemes localURLRe reads.
var schemePorts = map[string]string{"amqp": "5672", "redis": "6379", "postgres": "5432", "postgresql": "5432",
	"mysql": "3306", "mariadb": "3306", "memcache": "11211", "memcached": "11211", "mqtt": "1883"}

func (r needsService) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NeedsService {
		return Proposal{}, false
	}
	s, _ := pyramid.ServiceOnPort(d.Detail)
	because := fmt.Sprintf("the program connects to %s on this machine (port %s), which does not run in the sandbox", d.Subject, d.Detail)
	switch {
	case s.Package == "":
		return record(d, because+"; Debian has no package for it"), true
	case ctx.Phase != PhaseCommand:
		return record(d, because+"; Debian's "+s.Package+" provides it"), true
	case ctx.tried(r.Name(), d) > 0:
		return record(d, fmt.Sprintf("%s ran (Debian's %s, started before the command) and the connection was still refused: %s", s.Name, s.Package, d.Evidence)), true
	}
	return Proposal{Diagnosis: d, Action: ActionRunWithService, Start: s.StartLine(),
		Reason: because + ": install Debian's " + s.Package + " and start it (`" + s.Start + "`) before the command",
		Edits:  []bashfile.Edit{{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: []string{s.Package}, Why: why(r, d)}}}, true
}
