package repair

import (
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// sqlx's README example connects as "user=foo dbname=bar sslmode=disable"
// to the PostgreSQL started for it: the role and its database are made
// before the command; a database named alone is made alone.
func TestServiceAccountForTheProgramsRole(t *testing.T) {
	cmd := `printf '%s' $'db, err := sqlx.Connect("postgres", "user=foo dbname=bar sslmode=disable")\n' > main.go && go run .`
	f := Failure{Phase: PhaseCommand, Command: cmd, ExitCode: 1, Log: readLog(t, "service-account/go-run-pq-sqlx.log")}
	ps := Propose(&Context{File: bashfile.New()}, f)
	if len(ps) == 0 || ps[0].Rule != "service-account" || ps[0].Action != ActionRunWithService {
		t.Fatalf("proposals %+v", ps)
	}
	if want := `su postgres -c "createuser -s foo" >/dev/null 2>&1; su postgres -c "createdb -O foo bar" >/dev/null 2>&1; true`; ps[0].Start != want {
		t.Errorf("start %q, want %q", ps[0].Start, want)
	}
	f = Failure{Phase: PhaseCommand, Command: "go test ./...", ExitCode: 1, Log: `pq: database "sqlxtest" does not exist` + "\n"}
	ps = Propose(&Context{File: bashfile.New()}, f)
	if len(ps) == 0 || !strings.HasPrefix(ps[0].Start, `su postgres -c "createdb sqlxtest"`) {
		t.Fatalf("database alone: %+v", ps)
	}
}
