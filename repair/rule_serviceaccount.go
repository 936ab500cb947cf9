package repair

import (
	"regexp"
	"slices"
	"strings"
)

// serviceAccount: a program reached the PostgreSQL server the sandbox
// runs and was refused for a role or database it names that the server
// lacks — a README example's `sqlx.Connect("postgres", "user=foo
// dbname=bar sslmode=disable")` gets 'pq: password authentication failed
// for user "foo"' (sqlx), a test's configuration 'role "x" does not
// exist' or 'database "y" does not exist'. The server started here trusts
// connections from this machine (pyramid's pgStart), so the role, made a
// superuser, is all it lacks, with the databases the command names
// (dbname=…, postgres://…/db) owned by it: created before the command,
// as a CI file's service container would have been configured.
type serviceAccount struct{}

var (
	pgRoleRe = regexp.MustCompile(`(?:password authentication failed for user|role) "([\w.-]+)"(?: does not exist)?`)
	pgDBRe   = regexp.MustCompile(`database "([\w.-]+)" does not exist`)
	// the databases a connection string names: libpq's key=value form
	// and the postgres:// URL's path
	pgDBNameRe = regexp.MustCompile(`\bdbname=([\w.-]+)|postgres(?:ql)?://[^/\s'"]*/([\w.-]+)`)
)

func (serviceAccount) Name() string { return "service-account" }

func (serviceAccount) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand {
		return nil
	}
	for _, l := range logLines(f.Log) {
		if m := pgRoleRe.FindStringSubmatch(l); m != nil && (strings.Contains(l, "password authentication failed") || strings.Contains(l, "does not exist")) {
			// the databases the command's connection strings name, after "role"
			detail := []string{"role"}
			for _, m := range pgDBNameRe.FindAllStringSubmatch(f.Command, -1) {
				if db := m[1] + m[2]; !slices.Contains(detail, db) {
					detail = append(detail, db)
				}
			}
			return []Diagnosis{{Kind: NeedsServiceAccount, Subject: m[1], Detail: strings.Join(detail, " "), Evidence: strings.TrimSpace(l)}}
		}
		if m := pgDBRe.FindStringSubmatch(l); m != nil {
			return []Diagnosis{{Kind: NeedsServiceAccount, Subject: m[1], Detail: "database", Evidence: strings.TrimSpace(l)}}
		}
	}
	return nil
}

// pgAccountLine creates the role and databases (ignoring those that
// exist) as the postgres superuser, before the command.
func pgAccountLine(role string, dbs []string) string {
	var parts []string
	owner := ""
	if role != "" {
		parts = append(parts, `su postgres -c "createuser -s `+role+`" >/dev/null 2>&1`)
		owner = "-O " + role + " "
	}
	for _, db := range dbs {
		parts = append(parts, `su postgres -c "createdb `+owner+db+`" >/dev/null 2>&1`)
	}
	return strings.Join(parts, "; ") + "; true"
}

func (r serviceAccount) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NeedsServiceAccount {
		return Proposal{}, false
	}
	what, dbs, _ := strings.Cut(d.Detail, " ")
	role := ""
	if what == "role" {
		role = d.Subject
	} else {
		dbs = d.Subject
	}
	return Proposal{Diagnosis: d, Action: ActionRunWithService, Start: pgAccountLine(role, strings.Fields(dbs)),
		Reason: "the program names a PostgreSQL " + what + " the server here lacks (" + d.Evidence + "): created before the command"}, true
}
