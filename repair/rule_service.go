package repair

import (
	"fmt"
	"regexp"
	"strings"
)

// needsService: a program connects to a service on this machine that does
// not run in the sandbox — a Redis client library's test program or
// example (hiredis: "Testing against TCP connection (127.0.0.1:6379):
// Connection error: Connection refused"). Only the well-known ports of
// services Debian packages are named (a server heragent started itself
// and that did not answer is another matter); recorded with the service
// and the package that provides it, not left unknown.
type needsService struct{}

// servicePorts are well-known ports of services and Debian's package.
var servicePorts = map[string][2]string{
	"6379": {"Redis", "redis-server"}, "5432": {"PostgreSQL", "postgresql"}, "3306": {"MySQL/MariaDB", "mariadb-server"},
	"11211": {"memcached", "memcached"}, "1883": {"an MQTT broker", "mosquitto"}, "5672": {"RabbitMQ", "rabbitmq-server"},
	"2181": {"ZooKeeper", "zookeeperd"}, "27017": {"MongoDB", ""}, "9200": {"Elasticsearch", ""},
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
				return []Diagnosis{{Kind: NeedsService, Subject: s[0], Detail: port, Evidence: strings.TrimSpace(l)}}
			}
		}
	}
	return nil
}

func (needsService) Propose(d Diagnosis, _ *Context) (Proposal, bool) {
	if d.Kind != NeedsService {
		return Proposal{}, false
	}
	why := fmt.Sprintf("the program connects to %s on this machine (port %s), which does not run in the sandbox", d.Subject, d.Detail)
	if pkg := servicePorts[d.Detail][1]; pkg != "" {
		why += "; Debian's " + pkg + " provides it"
	}
	return record(d, why), true
}
