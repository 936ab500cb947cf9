package repair

import (
	"strings"
	"testing"
	"testing/fstest"
)

// A connection refused on a well-known service port installs Debian's
// package and starts the service before the command; once it ran and was
// still refused, and for a service Debian lacks, the run records it.
func TestNeedsServiceStartsDebiansService(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Command: "./build/example", Log: "Connection error: Connection refused (127.0.0.1:6379)\n"}
	ctx := &Context{Phase: PhaseCommand}
	ps := Propose(ctx, f)
	if len(ps) != 1 || ps[0].Action != ActionRunWithService || !strings.Contains(ps[0].Start, "service redis-server start") ||
		!strings.Contains(ps[0].Start, "/dev/tcp/127.0.0.1/6379") || len(ps[0].Edits) != 1 || ps[0].Edits[0].Packages[0] != "redis-server" {
		t.Fatalf("proposals %+v", ps)
	}
	again := Propose(&Context{Phase: PhaseCommand, Attempts: ps}, f)
	if len(again) != 1 || again[0].Action != ActionRecord || !strings.Contains(again[0].Reason, "still refused") {
		t.Fatalf("after the start: %+v", again)
	}
	mongo := Failure{Phase: PhaseCommand, Command: "npm test", Log: "MongoNetworkError: connect ECONNREFUSED 127.0.0.1:27017\n"}
	if ps := Propose(&Context{Phase: PhaseCommand}, mongo); len(ps) != 1 || ps[0].Action != ActionRecord || !strings.Contains(ps[0].Reason, "no package") {
		t.Fatalf("MongoDB: %+v", ps)
	}
}

// No port in the log: the URL the program was given names the service by
// its scheme, in the command (a README example run inline) or in the
// checkout's script it runs (kombu's examples: amqp://…@localhost//).
func TestNeedsServiceByURLScheme(t *testing.T) {
	log := readLog(t, "needs-service/kombu-example-amqp-refused.log")
	repo := fstest.MapFS{"examples/experimental/async_consume.py": {Data: []byte("from kombu import Connection\nconn = Connection('amqp://guest:guest@localhost//')\n")}}
	f := Failure{Phase: PhaseCommand, Command: "python examples/experimental/async_consume.py", Log: log, Repo: repo}
	ps := Propose(&Context{Phase: PhaseCommand}, f)
	if len(ps) != 1 || ps[0].Action != ActionRunWithService || ps[0].Diagnosis.Detail != "5672" || ps[0].Edits[0].Packages[0] != "rabbitmq-server" {
		t.Fatalf("the script's URL: %+v", ps)
	}
	inline := Failure{Phase: PhaseCommand, Command: `printf '%s' $'import redis\nr = redis.from_url(\'redis://\')\n' > e.py && python3 e.py`, Log: log}
	if ps := Propose(&Context{Phase: PhaseCommand}, inline); len(ps) != 1 || ps[0].Diagnosis.Detail != "6379" {
		t.Fatalf("the command's URL: %+v", ps)
	}
	// another machine's server is not this sandbox's to start
	remote := Failure{Phase: PhaseCommand, Command: "python e.py", Log: log + "\nConnection('amqp://guest@broker.example.com//')\n"}
	for _, p := range Propose(&Context{Phase: PhaseCommand}, remote) {
		if p.Diagnosis.Kind == NeedsService {
			t.Fatalf("a remote URL: %+v", p)
		}
	}
}

// No port and no URL in the log: the program passes a loopback host and
// a port to its connect call (hiredis's README, redis-py's keywords).
func TestNeedsServiceByConnectArguments(t *testing.T) {
	log := readLog(t, "needs-service/hiredis-readme-connect-refused.log")
	for cmd, port := range map[string]string{
		`printf '%s' $'c = redisConnect("127.0.0.1", 6379);\n' > e.c && cc e.c && ./a.out`:             "6379",
		`printf '%s' $'r = redis.Redis(host=\'localhost\', port=6379)\n' > e.py && python3 e.py`:       "6379",
		`printf '%s' $'conn = psycopg2.connect(host="localhost", port=5432)\n' > e.py && python3 e.py`: "5432",
	} {
		ps := Propose(&Context{Phase: PhaseCommand}, Failure{Phase: PhaseCommand, Command: cmd, Log: log})
		if len(ps) != 1 || ps[0].Action != ActionRunWithService || ps[0].Diagnosis.Detail != port {
			t.Errorf("%s: %+v", cmd, ps)
		}
	}
	// a port that is no known service's stays unexplained
	if ps := Propose(&Context{Phase: PhaseCommand}, Failure{Phase: PhaseCommand, Command: `./client "127.0.0.1", 9999`, Log: log}); len(ps) != 0 && ps[0].Diagnosis.Kind == NeedsService {
		t.Errorf("port 9999: %+v", ps)
	}
}
