package repair

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
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

// service is a well-known service: its name, Debian's package and how
// it is started in a container without an init system ("" when Debian
// has no package for it).
type service struct{ name, pkg, start string }

// servicePorts are well-known ports of services.
var servicePorts = map[string]service{
	"6379":  {"Redis", "redis-server", "service redis-server start"},
	"5432":  {"PostgreSQL", "postgresql", "service postgresql start"},
	"3306":  {"MySQL/MariaDB", "mariadb-server", "service mariadb start"},
	"11211": {"memcached", "memcached", "service memcached start"},
	"1883":  {"an MQTT broker", "mosquitto", "mosquitto -d"}, // its init script lacks /run/mosquitto
	"5672":  {"RabbitMQ", "rabbitmq-server", "service rabbitmq-server start"},
	"2181":  {"ZooKeeper", "zookeeperd", "service zookeeper start"},
	"27017": {"MongoDB", "", ""}, "9200": {"Elasticsearch", "", ""},
}

// StartLine is the shell line that starts a service unless its port
// answers already, then waits (up to ten seconds) for the port to answer.
func StartLine(start, port string) string {
	probe := "(exec 3<>/dev/tcp/127.0.0.1/" + port + ") 2>/dev/null"
	return probe + " || { " + start + " >/dev/null 2>&1; for _ in $(seq 100); do " + probe + " && break; sleep 0.1; done; }"
}

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
			if s, ok := servicePorts[port]; ok {
				return []Diagnosis{{Kind: NeedsService, Subject: s.name, Detail: port, Evidence: strings.TrimSpace(l)}}
			}
		}
	}
	return nil
}

func (r needsService) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NeedsService {
		return Proposal{}, false
	}
	s := servicePorts[d.Detail]
	because := fmt.Sprintf("the program connects to %s on this machine (port %s), which does not run in the sandbox", d.Subject, d.Detail)
	switch {
	case s.pkg == "":
		return record(d, because+"; Debian has no package for it"), true
	case ctx.Phase != PhaseCommand:
		return record(d, because+"; Debian's "+s.pkg+" provides it"), true
	case ctx.tried(r.Name(), d) > 0:
		return record(d, fmt.Sprintf("%s ran (Debian's %s, started before the command) and the connection was still refused: %s", s.name, s.pkg, d.Evidence)), true
	}
	return Proposal{Diagnosis: d, Action: ActionRunWithService, Start: StartLine(s.start, d.Detail),
		Reason: because + ": install Debian's " + s.pkg + " and start it (`" + s.start + "`) before the command",
		Edits:  []bashfile.Edit{{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: []string{s.pkg}, Why: why(r, d)}}}, true
}
