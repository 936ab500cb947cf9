package loops

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

// maxSameDiagnosis is how often one diagnosis may come back after its
// repair before the run calls it stagnation.
const maxSameDiagnosis = 3

// retryPause is how long a transient failure is given to pass before the
// same thing runs again.
var retryPause = 10 * time.Second

// repair asks the repairer about a failure and applies what it proposes.
// It reports whether anything changed (the caller then re-runs) and, when
// nothing did, why.
func (r *runner) repair(ctx context.Context, f repair.Failure) (bool, string) {
	if why := r.repairBudget(); why != "" {
		return false, why
	}
	r.reflect(ctx, f)
	r.recorded = false
	props := r.o.Repairer.Propose(ctx, f, r.cur.file, r.tried)
	changed := false
	var reasons []string
	skip := "" // why the command is not run again in this state: a record's reason
	for _, p := range props {
		rec := report.RepairRecord{Iteration: r.iter, Phase: f.Phase, Command: f.Command, Diagnosis: p.Diagnosis, Rule: p.Rule, Action: p.Action, Reason: p.Reason, Brain: r.brainOf(p), Release: p.Release}
		key := string(p.Diagnosis.Kind) + ":" + p.Diagnosis.Subject
		change := changeKey(p, f)
		if why, ok := r.rejected[change]; ok && change != "" {
			rec.Reason = "not tried again: rolled back before because " + why
			reasons = append(reasons, rec.Reason)
			r.tried = append(r.tried, p)
			r.rep.Repairs = append(r.rep.Repairs, rec)
			continue
		}
		applied := false
		switch p.Action {
		case repair.ActionRunAsUser:
			if f.Phase != repair.PhaseCommand || r.runAs(f.Command) {
				reasons = append(reasons, "runs as an unprivileged user already")
				break
			}
			rec.Edits = append(r.applyEdits(p.Edits), "run `"+f.Command+"` as "+repair.TestUser)
			applied = true
		case repair.ActionRunWithTTY:
			if f.Phase != repair.PhaseCommand || r.withTTY(f.Command) {
				reasons = append(reasons, "runs on a pseudo-terminal already")
				break
			}
			rec.Edits = append(r.applyEdits(p.Edits), "run `"+f.Command+"` on a pseudo-terminal")
			applied = true
		case repair.ActionRunWithDisplay:
			if f.Phase != repair.PhaseCommand || r.withDisplay(f.Command) {
				reasons = append(reasons, "runs under a virtual display already")
				break
			}
			rec.Edits = append(r.applyEdits(laterSection(p.Edits, f, r.cur.file)), "run `"+f.Command+"` under xvfb-run")
			applied = true
		case repair.ActionRunWithService:
			if f.Phase != repair.PhaseCommand || r.withService(f.Command, p.Start) {
				reasons = append(reasons, "starts "+p.Diagnosis.Subject+" already")
				break
			}
			rec.Edits = append(r.applyEdits(laterSection(p.Edits, f, r.cur.file)), "start "+p.Diagnosis.Subject+" before `"+f.Command+"`")
			applied = true
		case repair.ActionEdit:
			if r.round[key] {
				// `make test` and `make test-failpoint` both lack make:
				// the first one's repair adds it; the second is not
				// answered with make's other provider (make-guile)
				rec.Reason = "repaired in this round already, for another command"
				reasons = append(reasons, rec.Reason)
				break
			}
			if r.seen[key] >= maxSameDiagnosis {
				rec.Reason = fmt.Sprintf("stagnation: %s seen %d times after its repair", key, r.seen[key]+1)
				reasons = append(reasons, rec.Reason)
				break
			}
			if rec.Edits = r.applyEdits(laterSection(p.Edits, f, r.cur.file)); len(rec.Edits) == 0 {
				// (another failed command of the same round had it repaired):
				// what the repair said stays the reason (yarl: "no Debian
				// package known to provide Python module propcache")
				rec.Reason = "edits did not change the Bash File"
				reasons = append(reasons, p.Reason+" ("+rec.Reason+")")
				break
			}
			r.seen[key]++ // counted when applied: one diagnosis of several commands in a round is one repair
			if r.round != nil {
				r.round[key] = true
			}
			applied = true
		case repair.ActionRetryLonger:
			k := "setup"
			if f.Phase == repair.PhaseCommand {
				k = f.Command
			}
			if !r.cur.longer[k] {
				r.cur.longer[k] = true
				applied = true
			} else {
				reasons = append(reasons, "timed out again with a doubled time limit")
			}
		case repair.ActionRetry:
			// The failure looked transient (a name lookup that failed
			// "temporarily"): pause a moment, then run the same again.
			// The rule proposes this once per diagnosis.
			select {
			case <-ctx.Done():
				reasons = append(reasons, ctx.Err().Error())
			case <-time.After(retryPause):
				applied = true
			}
		case repair.ActionRecord:
			r.recorded = true
			reasons = append(reasons, p.Reason)
			if f.Phase == repair.PhaseCommand && skip == "" {
				skip = p.Reason
			}
		default:
			reasons = append(reasons, fmt.Sprintf("%s (%s): %s", p.Diagnosis.Kind, p.Rule, p.Reason))
		}
		if applied {
			changed, rec.Key = true, change
		}
		r.tried = append(r.tried, p)
		r.rep.Repairs = append(r.rep.Repairs, rec)
		r.traj.emit(report.Event{Phase: "repair", Iteration: r.iter, Command: f.Command, Message: fmt.Sprintf("%s %s → %s", p.Diagnosis.Kind, p.Diagnosis.Subject, p.Action), Data: rec})
	}
	if changed {
		// a record beside a change does not stop the command: the change
		// may fix it (httpx: a missing zstandard and pip check's mismatch
		// in one failure)
		r.advance()
		return true, ""
	}
	if skip != "" {
		r.cur.skip[f.Command] = skip
	}
	if len(reasons) == 0 {
		reasons = []string{"no rule recognised the failure"}
	}
	return false, strings.Join(dedupe(reasons), "; ")
}

// changeKey identifies the change a proposal makes, so that a change once
// rolled back is known when it is proposed again; "" for proposals that
// change nothing (records, retries).
func changeKey(p repair.Proposal, f repair.Failure) string {
	switch p.Action {
	case repair.ActionEdit:
		var es []string
		for _, e := range p.Edits {
			es = append(es, e.String())
		}
		return "edit:" + strings.Join(es, "\n")
	case repair.ActionRunAsUser:
		return "user:" + f.Command
	case repair.ActionRunWithDisplay:
		return "display:" + f.Command
	case repair.ActionRunWithTTY:
		return "tty:" + f.Command
	case repair.ActionRunWithService:
		return "service:" + p.Start + ":" + f.Command
	case repair.ActionRetryLonger:
		if f.Phase == repair.PhaseCommand {
			return "longer:" + f.Command
		}
		return "longer:setup"
	}
	return ""
}

// applyEdits applies edits to the Bash File and returns those that changed
// it; when the result does not validate, the file is left as it was and
// none are returned.
func (r *runner) applyEdits(edits []bashfile.Edit) []string {
	before := r.cur.file.Clone()
	var applied []string
	for _, e := range edits {
		if ok, err := r.cur.file.Apply(e); err == nil && ok {
			applied = append(applied, e.String())
		}
	}
	if err := r.cur.file.Validate(); err != nil {
		r.cur.file = before
		return nil
	}
	return applied
}

// runAs marks the pyramid's command text to run as repair.TestUser and
// reports whether it was so marked already.
func (r *runner) runAs(text string) bool {
	return r.mark(text, func(c *pyramid.Command) bool { was := c.User != ""; c.User = repair.TestUser; return was })
}

// withDisplay marks the pyramid's command text to run under xvfb-run and
// reports whether it was so marked already.
func (r *runner) withDisplay(text string) bool {
	return r.mark(text, func(c *pyramid.Command) bool { was := c.Display; c.Display = true; return was })
}

// withTTY marks the pyramid's command text to run on a pseudo-terminal
// and reports whether it was so marked already.
func (r *runner) withTTY(text string) bool {
	return r.mark(text, func(c *pyramid.Command) bool { was := c.TTY; c.TTY = true; return was })
}

// withService adds the service's start line to every command of the
// pyramid (pyramid.StartEverywhere), and reports whether the command text
// had it already.
func (r *runner) withService(text, start string) bool {
	was := slices.ContainsFunc(r.cur.pyr.Commands, func(c pyramid.Command) bool { return c.Text == text && slices.Contains(c.Start, start) })
	r.cur.pyr.StartEverywhere(start)
	return was
}

// mark applies set to every pyramid command of this text and reports
// whether any was marked already (set says so of one).
func (r *runner) mark(text string, set func(*pyramid.Command) bool) bool {
	was := false
	for i := range r.cur.pyr.Commands {
		if c := &r.cur.pyr.Commands[i]; c.Text == text {
			was = set(c) || was
		}
	}
	return was
}

func dedupe(in []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range in {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
