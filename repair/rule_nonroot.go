package repair

import (
	"regexp"
	"slices"

	"github.com/heragent/heragent/bashfile"
)

// TestUser is the unprivileged account a command that refuses root runs
// as; the Bash File creates it and gives it the repository.
const TestUser = "heragent"

// nonRoot: a test suite refuses to run as root (libuv: "The libuv test
// suite cannot be run as root."), or a daemon it starts drops root and
// then cannot write the checkout root made (distccd: "failed to open
// /repo/_testtmp/…: Permission denied" — root itself never sees EACCES on
// a file; mosquitto's broker falls back to nobody), or a daemon will not
// run as root unless told to, or a test suspects root in its message
// (flac's metadata test on a read-only file: "are you running as
// root?") (memcached: "must add '-u root' to start as
// root", "can't run as root without the -u switch" before 1.6; postgres: "\"root\" execution of the PostgreSQL server is not
// permitted."), or a test expects the permission error only an
// unprivileged user gets (doublestar), also where only the failed test's
// code says so (rule_nonroot_source.go). The sandbox runs as root, so the repair creates an unprivileged
// user owning the repository and runs the command as that user.
type nonRoot struct{}

var nonRootMatches = []match{
	{NeedsNonRoot, regexp.MustCompile(`(?i)()(?:cannot|can't|must not|should not|may not|must never) be run as root|refus\w* to run as root|running as root is not (?:allowed|supported|permitted)|do not run (?:this|the tests?|it) as root|(?:cannot|can't|won't|will not) run as root|"root" execution of .* is not permitted|must add '?-u root'? to start as root|as root without \S+ is not supported|are you (?:running|logged in) as root\?`)},
	{NeedsNonRoot, regexp.MustCompile(`()(?:/repo|/tmp)/\S*: Permission denied`)},
	// a broker that drops root to an account it lacks, then cannot write
	// the test directory (mosquitto: "Unable to drop privileges to
	// 'mosquitto' because this user does not exist. Trying 'nobody'")
	{NeedsNonRoot, regexp.MustCompile(`()Unable to drop privileges to \S+ because this user does not exist`)},
	// a test that expects a permission error gets none, since root may
	// read and write any file: pytest's "DID NOT RAISE <class
	// 'PermissionError'>", unittest's "PermissionError not raised", a Go
	// test's "Glob(`nopermission/*`) does not have an error, but should"
	{NeedsNonRoot, regexp.MustCompile(`()DID NOT RAISE <class 'PermissionError'>|PermissionError not raised|(?i:permission\S*[^\n]{0,80}\b(?:but should|should (?:have )?(?:failed|errored|returned an error)|expected (?:an )?error|want(?:ed)? (?:an )?error))`)},
}

func (nonRoot) Name() string { return "non-root" }

func (nonRoot) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand {
		return nil
	}
	ds := append(scan(f.Log, nonRootMatches, nil), permissionTests(f)...)
	ds = slices.DeleteFunc(ds, func(d Diagnosis) bool { return notExecutableRe.MatchString(d.Evidence) }) // an exec refused to root too
	if len(ds) > 1 {
		ds = ds[:1]
	}
	return ds
}

// userSetup creates TestUser and gives it the repository; idempotent.
// (one statement: a Bash File command is one).
const userSetup = `{ id -u ` + TestUser + ` >/dev/null 2>&1 || useradd --create-home --shell /bin/bash ` + TestUser + `; } && chown -R ` + TestUser + `: "$REPO_DIR"`

func (r nonRoot) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NeedsNonRoot {
		return Proposal{}, false
	}
	if ctx.tried(r.Name(), d) > 0 {
		return record(d, "the command fails as an unprivileged user too: "+d.Evidence), true
	}
	p := edit(d, "the command refuses root or drops privileges: run it as the unprivileged user "+TestUser+", who owns the repository",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Build, Command: userSetup, Why: why(r, d)})
	p.Action = ActionRunAsUser
	return p, true
}
