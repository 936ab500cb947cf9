package repair

import (
	"strings"
	"testing"
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
