package repair

import (
	"regexp"

	"github.com/heragent/heragent/bashfile"
)

// gitIdentity: the tests make git repositories and commit to them
// (all-repos' testing/git.py, tools that drive git), and a fresh
// container has no user name or email, so every commit stops with
// "Author identity unknown *** Please tell me who you are" (exit 128). A
// developer's machine has one; the repair gives the sandbox one through
// git's own environment variables, which no repository file overrides.
type gitIdentity struct{}

var gitIdentityMatches = []match{
	{GitIdentity, regexp.MustCompile(`()\*\*\* Please tell me who you are\.|Author identity unknown|fatal: (?:unable to auto-detect email address|empty ident name)`)},
}

func (gitIdentity) Name() string { return "git-identity" }

func (gitIdentity) Diagnose(f Failure) []Diagnosis {
	return firstOnly(scan(f.Log, gitIdentityMatches, nil))
}

// gitIdentityEnv is the identity the repair persists.
var gitIdentityEnv = []string{
	"persist_env GIT_AUTHOR_NAME heragent", "persist_env GIT_AUTHOR_EMAIL heragent@localhost",
	"persist_env GIT_COMMITTER_NAME heragent", "persist_env GIT_COMMITTER_EMAIL heragent@localhost",
}

func (r gitIdentity) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != GitIdentity {
		return Proposal{}, false
	}
	if ctx.File != nil && ctx.File.Contains(gitIdentityEnv[0]) {
		return record(d, "git still asks who commits although the environment names an author and a committer"), true
	}
	var edits []bashfile.Edit
	for _, c := range gitIdentityEnv {
		edits = append(edits, bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: c, Why: why(r, d)})
	}
	return edit(d, "git commits without an identity in this container: the environment names an author and a committer", edits...), true
}
