package loops

import (
	"slices"
	"strings"

	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

// A round's repairs stand or fall together: when the Bash File they made
// no longer runs to the end, every one of them is rolled back and never
// tried again. When the command that failed is one a repair of the round
// added — the ERR trap names its line, and the command's provenance names
// the rule — that repair is the culprit: it alone is condemned, and the
// others of the round, rolled back with it, may be proposed again when
// their failure comes back. Seen: tomlkit's round added python3-poetry,
// tox and `git submodule update`; the fetch of the submodule failed (no
// route to GitHub), and poetry and tox were condemned with it, then
// reported as installed already.

// culprit is the failing command of a setup that no repair could fix and
// the rule that added it, when a repair did: noted when the execution loop
// gives up (execution), read by the rollback that follows.
type culprit struct {
	rule, text string
}

// noteCulprit finds, in the setup failure f, the command the ERR trap
// named and the repair rule that added it.
func (r *runner) noteCulprit(f repair.Failure) {
	r.blame = culprit{}
	at, ok := failedCommand(r.cur.file, f.Log)
	if !ok {
		return
	}
	s := r.cur.file.Section(at.Section)
	if s == nil || at.Index >= len(s.Commands) {
		return
	}
	c := s.Commands[at.Index]
	for _, w := range c.Why {
		if rule, ok := strings.CutPrefix(w.Source, "repair:"); ok {
			r.blame = culprit{rule: rule, text: c.Text}
			return
		}
	}
}

// blamed reports whether rec, a repair of the round that broke the Bash
// File, added the failing command.
func (r *runner) blamed(rec report.RepairRecord) bool {
	return r.blame.rule != "" && rec.Rule == r.blame.rule && slices.ContainsFunc(rec.Edits, func(e string) bool { return strings.Contains(e, r.blame.text) })
}

// culpritFound reports whether a repair of the round from iteration from
// to before iteration to added the failing command.
func (r *runner) culpritFound(from, to int) bool {
	for _, rec := range r.rep.Repairs {
		if rec.Iteration >= from && rec.Iteration < to && rec.Key != "" && rec.Rejected == "" && r.blamed(rec) {
			return true
		}
	}
	return false
}

// untry forgets the proposal of rec, a repair rolled back with the
// culprit of its round but not condemned: proposed again, it is applied
// again (addPackage skips the packages of earlier attempts).
func (r *runner) untry(rec report.RepairRecord) {
	r.tried = slices.DeleteFunc(r.tried, func(p repair.Proposal) bool {
		return p.Rule == rec.Rule && p.Diagnosis == rec.Diagnosis
	})
	delete(r.seen, string(rec.Diagnosis.Kind)+":"+rec.Diagnosis.Subject)
}
