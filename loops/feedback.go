package loops

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

// feedback is the feedback loop over one state: in the sandbox where the
// Bash File just ran to the end, prove the levels lowest first (higher
// levels need the lower ones). It returns the state that ran, with what
// it proved, and whether a repair changed the current state; then the
// levels are proved again from the bottom by the new Bash File, since a
// repair may break a lower one (the caller rolls such a repair back).
func (r *runner) feedback(ctx context.Context, sb Sandbox) (state, bool, error) {
	start := time.Now()
	defer func() { r.rep.Phases["commands"] += time.Since(start).Seconds() }()
	defer sb.Close(ctx)

	// Programs the build produced, listed before any command adds files.
	built := r.builtProbes(ctx, sb)
	ran := r.cur.clone() // repairs change r.cur; the proof is of what ran
	p, repaired, err := r.proveLevels(ctx, sb, built)
	ran.proof = p
	return ran, repaired, err
}

// proveLevels proves the levels lowest first, up to the target.
func (r *runner) proveLevels(ctx context.Context, sb Sandbox, built []pyramid.Command) (proof, bool, error) {
	p := proof{level: pyramid.None}
	for _, l := range pyramid.Levels {
		if l.Rank() > r.o.Target.Rank() {
			break
		}
		var res levelResult
		var err error
		if l == pyramid.Installable {
			res, err = r.proveInstallable(ctx, sb, &p)
		} else {
			res, err = r.prove(ctx, sb, l, built, &p)
		}
		if err != nil || res.repaired {
			return p, res.repaired, err
		}
		if !res.passed {
			p.why = res.why
			return p, false, nil
		}
		p.level = l // the one place a pass moves up
		r.traj.emit(report.Event{Phase: "level", Iteration: r.iter, Level: string(l), Message: "level reached: " + string(l) + res.how})
	}
	return p, false, nil
}

// levelResult is how the attempt at one level ended.
type levelResult struct {
	passed   bool
	repaired bool   // a repair changed the state: run the new Bash File
	why      string // why the level was not proved
	how      string // how it was proved, for the trajectory
}

// proveInstallable: the project itself was built or installed. The Bash
// File's build section or the project's own install step ran (packages
// alone are no evidence), or the pyramid's build commands pass — run in
// order, as a sequence (auto/configure, make, make install) up to its
// first failure — and then they join the Bash File's build section, so the
// exports build the project.
func (r *runner) proveInstallable(ctx context.Context, sb Sandbox, p *proof) (levelResult, error) {
	if r.cur.file.BuildsProject() {
		return levelResult{passed: true, how: " (the Bash File built or installed the project)"}, nil
	}
	cmds, none := r.candidates(pyramid.Installable, nil)
	if len(cmds) == 0 {
		return levelResult{why: "the Bash File builds nothing (no build system recognised) and " + none}, nil
	}
	var failed, passed []outcome
	for _, c := range cmds {
		if why := r.budget(); why != "" {
			return levelResult{why: why}, nil
		}
		res, err := r.runCommand(ctx, sb, c)
		if err != nil {
			return levelResult{}, err
		}
		if res.Passed {
			passed = append(passed, res)
			continue
		}
		if len(passed) > 0 {
			break // the sequence ends at its first failure
		}
		failed = append(failed, res)
	}
	if len(passed) == 0 {
		return r.repairFailures(ctx, pyramid.Installable, failed, p)
	}
	if r.adoptBuild(passed) {
		return levelResult{repaired: true}, nil
	}
	for _, res := range passed {
		p.cmds = append(p.cmds, res.index)
	}
	return levelResult{passed: true, how: " (the pyramid's build commands)"}, nil
}

// adoptBuild puts the pyramid build commands that built the project into
// the Bash File's empty build section. It reports whether the state
// changed; an adoption rolled back before is not tried again (the
// commands then prove the level on their own, and verify re-runs them).
func (r *runner) adoptBuild(passed []outcome) bool {
	var texts []string
	for _, res := range passed {
		texts = append(texts, commandLine(res.cmd))
	}
	key := "adopt-build:" + strings.Join(texts, "\n")
	if _, rejected := r.rejected[key]; rejected || r.budget() != "" {
		return false
	}
	var edits []bashfile.Edit
	for _, res := range passed {
		why := bashfile.Provenance{Source: "pyramid", Note: "the pyramid's build command built the project"}
		if len(res.cmd.Why) > 0 {
			why.File, why.Line = res.cmd.Why[0].File, res.cmd.Why[0].Line
		}
		edits = append(edits, bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Build, Command: commandLine(res.cmd), Why: why})
	}
	applied := r.applyEdits(edits)
	if len(applied) == 0 {
		return false
	}
	rec := report.RepairRecord{Iteration: r.iter, Phase: repair.PhaseCommand, Command: passed[0].Text, Rule: "adopt-build", Action: repair.ActionEdit,
		Edits: applied, Reason: "the Bash File built nothing; these build commands built the project", Brain: "rules", Key: key}
	r.rep.Repairs = append(r.rep.Repairs, rec)
	r.traj.emit(report.Event{Phase: "repair", Iteration: r.iter, Command: passed[0].Text, Message: "the build commands join the Bash File's build section", Data: rec})
	r.iter++
	r.cur.iter = r.iter
	return true
}

// candidates returns the commands to try for level l (for Runnable, with
// the probes of what the build made, last resorts last), without those
// skipped; when there are none, why.
func (r *runner) candidates(l pyramid.Level, built []pyramid.Command) ([]pyramid.Command, string) {
	cands := r.cur.pyr.At(l)
	switch l {
	case pyramid.Testable:
		// the whole suite before a part of it: a part that passes first
		// ends the repairs, and the suite's failures would go unrepaired
		sort.SliceStable(cands, func(i, j int) bool { return !pyramid.Narrow(cands[i]) && pyramid.Narrow(cands[j]) })
	case pyramid.Runnable:
		cands = appendNew(cands, built)
		sort.SliceStable(cands, func(i, j int) bool { return !cands[i].LastResort() && cands[j].LastResort() })
	}
	var cmds []pyramid.Command
	for _, c := range cands {
		if _, skip := r.skip[c.Text]; !skip {
			cmds = append(cmds, c)
		}
	}
	if len(cmds) == 0 {
		return nil, fmt.Sprintf("no %s command to run%s", l, skippedText(r.cur.pyr.At(l), r.skip))
	}
	return cmds, ""
}

// prove tries the Testable or Runnable commands in turn. The first pass
// proves the level; a weak one (a subset of the tests, a last resort)
// does not end the search: the remaining commands are tried, without
// repairs, and the strongest pass is kept. When none passes, the failures
// go to repair.
func (r *runner) prove(ctx context.Context, sb Sandbox, l pyramid.Level, built []pyramid.Command, p *proof) (levelResult, error) {
	cmds, none := r.candidates(l, built)
	if len(cmds) == 0 {
		return levelResult{why: none}, nil
	}
	cmds = r.order(ctx, l, cmds)
	var failed []outcome
	var found *outcome
	for _, c := range cmds {
		if why := r.budget(); why != "" {
			if found != nil {
				break
			}
			return levelResult{why: why}, nil
		}
		res, err := r.runCommand(ctx, sb, c)
		if err != nil {
			return levelResult{}, err
		}
		if res.Passed {
			r.grade(&res, c)
			if found == nil || pyramid.EvidenceRank(res.Evidence) > pyramid.EvidenceRank(found.Evidence) {
				found = &res
			}
			if strongest(l, res.Evidence) {
				break
			}
			continue
		}
		if found != nil {
			continue // looking for stronger evidence: no repairs
		}
		if res.TimedOut && madeUpProbe(c) {
			res.repaired = fmt.Sprintf("a probe heragent made up did not finish in %s: the program waits for input or a peer", probeTimeout)
		}
		if vc, ok := pyramid.VerboseRerun(c, res.Counts); ok && l == pyramid.Testable {
			// Its log does not show why tests failed: ask the runner.
			if vr, err := r.runCommand(ctx, sb, vc); err == nil {
				res.diag += "\n" + vr.diag
			}
		}
		if f := commandFailure(res); repair.Blocking(f) {
			// A gap in the environment (a test script's missing tool):
			// repair it now instead of trying the level's other
			// commands, which will likely miss it too.
			changed, stop := r.repair(ctx, f)
			if changed {
				return levelResult{repaired: true}, nil
			}
			res.repaired = stop
		}
		failed = append(failed, res)
		if l == pyramid.Testable && !res.TimedOut && pyramid.Tolerable(res.Counts) {
			// The suite runs and nearly all of it passes: repair what
			// its failures show, or accept it, rather than run the
			// same suite through other commands (pytest, tox, make ci).
			failed = []outcome{res}
			break
		}
	}
	if found != nil {
		r.take(l, *found, p)
		return levelResult{passed: true, how: " (" + found.Evidence + ")"}, nil
	}
	return r.repairFailures(ctx, l, failed, p)
}

// repairFailures sends a level's failures to repair, first to last; when
// none changes the state, a nearly passing test run may still prove
// Testable (tolerate).
func (r *runner) repairFailures(ctx context.Context, l pyramid.Level, failed []outcome, p *proof) (levelResult, error) {
	var why []string
	for _, fc := range failed {
		stop := fc.repaired
		if stop == "" {
			var changed bool
			if changed, stop = r.repair(ctx, commandFailure(fc)); changed {
				return levelResult{repaired: true}, nil
			}
		}
		why = append(why, fmt.Sprintf("`%s`: %s (%s)", fc.Text, fc.Verdict, stop))
	}
	if l == pyramid.Testable && r.tolerate(failed, why, p) {
		return levelResult{passed: true, how: " (with failing tests no repair fixed)"}, nil
	}
	return levelResult{why: fmt.Sprintf("no %s command passed: %s", l, strings.Join(why, "; "))}, nil
}

// grade sets a passing command's evidence grade, in the report too.
func (r *runner) grade(res *outcome, c pyramid.Command) {
	switch c.Level {
	case pyramid.Testable:
		res.Evidence, res.gradeWhy = pyramid.GradeTestable(c, res.Counts, r.rep.TestsFound)
	case pyramid.Runnable:
		res.Evidence = pyramid.GradeRunnable(c)
	}
	r.rep.Commands[res.index].Evidence = res.Evidence
}

// strongest reports whether evidence ends the search for a level: the
// project's test suite, a real use of the program.
func strongest(l pyramid.Level, evidence string) bool {
	if l == pyramid.Testable {
		return evidence == pyramid.EvidenceSuite
	}
	return evidence != "last_resort"
}

// take records the command that proved level l in the pass's proof.
func (r *runner) take(l pyramid.Level, res outcome, p *proof) {
	p.cmds = append(p.cmds, res.index)
	switch l {
	case pyramid.Testable:
		p.tests, p.testEv, p.testWhy = res.Counts, res.Evidence, res.gradeWhy
	case pyramid.Runnable:
		p.runnable, p.runEv = commandLine(res.cmd), res.Evidence
	}
}

// tolerate accepts Testable from a test run whose failures no repair
// could fix when nearly all of its tests passed (pyramid.Tolerable): the
// suite runs in this environment, and the failing tests are the
// environment's or the project's, listed in the report. The command is
// marked as proving the level, so verify re-runs it.
func (r *runner) tolerate(failed []outcome, why []string, p *proof) bool {
	best := -1
	for i, fc := range failed {
		if !fc.TimedOut && pyramid.Tolerable(fc.Counts) && (best < 0 || fc.Counts.Passed > failed[best].Counts.Passed) {
			best = i
		}
	}
	if best < 0 {
		return false
	}
	fc := failed[best]
	cr := &r.rep.Commands[fc.index]
	cr.Passed, cr.Tolerated = true, true
	cr.Verdict = "accepted with failures: " + cr.Verdict
	r.grade(&fc, fc.cmd)
	r.take(pyramid.Testable, fc, p)
	delete(r.skip, fc.Text) // recorded as failing, still the level's evidence after a later repair
	r.rep.Notes = append(r.rep.Notes, fmt.Sprintf("testable with %d failing test(s) of %d that no repair fixed: %s",
		fc.Counts.Failed+fc.Counts.Errors, fc.Counts.Passed+fc.Counts.Failed+fc.Counts.Errors, strings.Join(why, "; ")))
	r.traj.emit(report.Event{Phase: "level", Iteration: r.iter, Level: string(pyramid.Testable), Command: fc.Text, Message: "level reached: testable, with failing tests no repair fixed"})
	return true
}

// commandFailure is what repair reads of a failed command.
func commandFailure(fc outcome) repair.Failure {
	return repair.Failure{Phase: repair.PhaseCommand, Command: fc.Text, ExitCode: fc.ExitCode, TimedOut: fc.TimedOut, Log: fc.diag}
}

// appendNew appends the commands of more that cs does not hold yet.
func appendNew(cs, more []pyramid.Command) []pyramid.Command {
	for _, m := range more {
		dup := false
		for _, c := range cs {
			dup = dup || c.Text == m.Text
		}
		if !dup {
			cs = append(cs, m)
		}
	}
	return cs
}

func skippedText(cmds []pyramid.Command, skip map[string]string) string {
	var out []string
	for _, c := range cmds {
		if why, ok := skip[c.Text]; ok {
			out = append(out, fmt.Sprintf("`%s` skipped: %s", c.Text, why))
		}
	}
	if len(out) == 0 {
		return ""
	}
	return " (" + strings.Join(out, "; ") + ")"
}

// commandLine is the command as the entrypoint runs it, from /repo: for a
// server probe, the server itself.
func commandLine(c pyramid.Command) string {
	text := c.Text
	if c.Background && c.Serve != "" {
		text = c.Serve
	}
	if c.Display {
		text = "xvfb-run -a bash -c " + quote(text)
	}
	if c.Dir == "" || c.Dir == "." {
		return text
	}
	return "cd " + quote(c.Dir) + " && " + text
}
