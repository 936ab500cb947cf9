package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// subordinateIDs: a test harness runs each test in a user namespace with
// unshare's --map-auto (sysklogd's TESTS_ENVIRONMENT `unshare -mrun
// --map-auto`), which maps a range of subordinate ids through
// newuidmap: "unshare: no line matching user "root" in /etc/subuid",
// "unshare: failed to execute newuidmap: No such file or directory". A
// container permits the user namespace itself; Debian's uidmap and a
// range of subordinate ids for the user give it the mapping.
type subordinateIDs struct{}

var subIDsRe = regexp.MustCompile(`unshare: (?:no line matching user "[^"]+" in /etc/sub[ug]id|failed to execute new[ug]idmap: No such file or directory)`)

// subIDs installs newuidmap and gives root a range of subordinate ids.
const subIDs = `pkg_install uidmap && for f in /etc/subuid /etc/subgid; do grep -qs '^root:' "$f" || echo 'root:100000:65536' >>"$f"; done`

func (subordinateIDs) Name() string { return "subordinate-ids" }

func (subordinateIDs) Diagnose(f Failure) []Diagnosis {
	for _, l := range logLines(f.Log) {
		if m := subIDsRe.FindString(l); m != "" {
			return []Diagnosis{{Kind: NeedsSubIDs, Evidence: strings.TrimSpace(l)}}
		}
	}
	return nil
}

func (r subordinateIDs) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NeedsSubIDs {
		return Proposal{}, false
	}
	if ctx.File == nil || ctx.File.Contains("/etc/subuid") {
		return record(d, "the tests' user namespaces cannot map ids although uidmap and root's subordinate ids are there: "+d.Evidence), true
	}
	return edit(d, "the tests run in user namespaces that map subordinate ids (unshare --map-auto): Debian's uidmap and a range of ids for root ("+d.Evidence+")",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: subIDs, Why: why(r, d)}), true
}
