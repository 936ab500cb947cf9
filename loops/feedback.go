package loops

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
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
	if r.o.ProofNetwork == sandbox.NetworkNone {
		if err := sb.Offline(ctx); err != nil {
			return r.cur.clone(), false, err
		}
	}

	// Programs the build produced, listed (and added to the pyramid)
	// before any command adds files.
	r.builtProbes(ctx, sb)
	r.cutSuite = nil
	ran := r.cur.clone() // repairs change r.cur; the proof is of what ran
	p, repaired, err := r.proveLevels(ctx, sb)
	ran.proof = p
	ran.pyr.Commands = append(ran.pyr.Commands, r.usage...) // made while it ran
	r.usage = nil
	ran.remark(r.cur, r.rerun) // how the commands run again here run
	r.rerun = nil
	return ran, repaired, err
}

// levelResult is how the attempt at one level ended.
type levelResult struct {
	passed   bool
	repaired bool   // a repair changed the state: run the new Bash File
	cut      bool   // the budget ended the attempt
	capped   string // proved, but the levels above may not be claimed: why
	why      string // why the level was not proved (or what was repaired)
	failLog  string // the log of the failure that stopped it
	how      string // how it was proved, for the trajectory
}

// proveLevels proves the levels lowest first, up to the target.
func (r *runner) proveLevels(ctx context.Context, sb Sandbox) (proof, bool, error) {
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
			res, err = r.prove(ctx, sb, l, &p)
		}
		if err != nil {
			return p, false, err
		}
		if l == pyramid.Testable && !res.passed && !res.repaired && r.cutSuite != nil {
			// the suite was cut and nothing passed: the time kept for
			// Runnable goes to the cut suite (resumecut.go)
			ok, err := r.resumeCut(ctx, sb, &p)
			if err != nil {
				return p, false, err
			}
			if ok {
				res = levelResult{passed: true, how: " (" + p.testEv + ", the cut suite resumed)"}
			}
		}
		if res.passed {
			p.level = l // the one place a pass moves up
			r.traj.emit(report.Event{Phase: "level", Iteration: r.iter, Level: string(l), Message: "level reached: " + string(l) + res.how})
		}
		if !res.passed || res.repaired || res.capped != "" {
			p.why, p.failLog, p.cut = res.why, res.failLog, res.cut
			if res.repaired && !res.passed {
				p.interrupted = l
			}
			if res.capped != "" {
				p.why = res.capped
			}
			return p, res.repaired, nil
		}
	}
	_, err := r.resumeCut(ctx, sb, &p)
	return p, false, err
}

// candidates returns the commands to try for level l, without those
// skipped; when there are none, why. Testable: the whole suite before a
// part of it (a part that passes first would end the repairs the suite
// needed). Runnable: the user's goals alone when there are any, else last
// resorts last (the probes of what the build made are in the pyramid).
func (r *runner) candidates(l pyramid.Level) ([]pyramid.Command, string) {
	cands := r.cur.pyr.At(l)
	switch l {
	case pyramid.Testable:
		sort.SliceStable(cands, func(i, j int) bool { return !pyramid.Narrow(cands[i]) && pyramid.Narrow(cands[j]) })
	case pyramid.Runnable:
		if goals := userGoals(cands); len(goals) > 0 {
			cands = goals
		}
		sort.SliceStable(cands, func(i, j int) bool { return !cands[i].LastResort() && cands[j].LastResort() })
	}
	var cmds []pyramid.Command
	for _, c := range cands {
		if _, skip := r.cur.skip[c.Text]; !skip {
			cmds = append(cmds, r.serialized(c))
		}
	}
	if len(cmds) == 0 {
		return nil, fmt.Sprintf("no %s command to run%s", l, skippedText(r.cur.pyr.At(l), r.cur.skip))
	}
	return cmds, ""
}

// userGoals are the commands the user asked to prove Runnable with.
func userGoals(cs []pyramid.Command) []pyramid.Command {
	var out []pyramid.Command
	for _, c := range cs {
		if pyramid.GradeRunnable(c) == pyramid.EvidenceGoal {
			out = append(out, c)
		}
	}
	return out
}

// prove tries the Testable or Runnable commands in turn. The first pass
// proves the level; a weak one (a subset of the tests, a last resort)
// does not end the search: the remaining commands are tried, and the
// strongest pass is kept — and when a stronger command failed before it,
// that failure still goes to repair, the weak proof standing for this
// state. When none passes, the failures go to repair.
func (r *runner) prove(ctx context.Context, sb Sandbox, l pyramid.Level, p *proof) (levelResult, error) {
	cmds, none := r.candidates(l)
	if len(cmds) == 0 {
		return levelResult{why: none}, nil
	}
	cmds = r.order(ctx, l, cmds)
	var failed, later []outcome // failed before a pass, after one
	var found *outcome
	cut := false       // a command was stopped at its share of the run's time
	cutBuild := ""     // the build steps of a cut command that never reached its tests
	usageRead := false // a last resort that passed showed its usage, or was asked for it
	hung := ""         // the runner of a whole suite that hung (skipHungSuite)
	for i := 0; i < len(cmds); i++ {
		c := cmds[i]
		if hung != "" && l == pyramid.Testable && pyramid.SuiteRunner(c.Text) == hung {
			continue // another spelling of the whole suite that hung
		}
		if cut && l == pyramid.Testable && (!pyramid.Narrow(c) || behindBuild(c.Text, cutBuild)) {
			// another spelling of the whole suite does not fit in less
			// time than the one cut (nlohmann/json's `ctest -LE …` after
			// its test build was cut), nor a part of it behind the same
			// whole build (pybind11's `… && pytest tests/extra_setuptools`);
			// a part with a build of its own (the test subset) may
			continue
		}
		if why := r.budget(); why != "" {
			if found != nil {
				break
			}
			return levelResult{why: why, cut: true}, nil
		}
		if found != nil && found.Evidence == pyramid.EvidenceLastResort && c.LastResort() && (usageRead || !helpProbe(c)) {
			break // another last resort cannot prove more (its usage may show a use)
		}
		if smokeAfterPass(found, l, c) {
			continue // cmatrix's second ran its minute
		}
		if waitedFor(failed, c) {
			// the program waited for a peer on its probe: asked for its
			// --version it waits the same (h11's trio server: 3 × 2 min)
			continue
		}
		res, err := r.runOrReuse(ctx, sb, l, c)
		if errors.Is(err, sandbox.ErrSandboxStopped) {
			// Nothing more runs in this sandbox: the run ends with what
			// it proved, saying why.
			if found != nil {
				break
			}
			return levelResult{why: r.stoppedWhy(c.Text), cut: true}, nil
		}
		if err != nil {
			return levelResult{}, err
		}
		r.noteCut(c, res)
		if l == pyramid.Testable && res.TimedOut && res.Idle && pyramid.SuiteRunner(c.Text) != "" {
			hung = pyramid.SuiteRunner(c.Text)
			r.skipHungSuite(c)
		}
		if res.TimedOut && res.share > 0 {
			cut = true
			if res.Counts.Total() == 0 && cutBuild == "" {
				cutBuild = buildSteps(res.Text)
			}
		}
		if sc, ok := r.serialFallback(ctx, sb, l, c, &res); ok {
			// kept among the failures: a nearly passing parallel run still
			// proves Testable (tolerate) if the serial one does not finish
			failed = append(failed, res)
			cmds = slices.Insert(cmds, i+1, sc)
			continue
		}
		if fc, ok := r.forceExit(l, c, res); ok {
			failed = append(failed, res)
			cmds = slices.Insert(cmds, i+1, fc)
			continue
		}
		if sc, ok := r.servedAgain(l, c, res); ok {
			failed = append(failed, res)
			cmds = slices.Insert(cmds, i+1, sc)
			continue
		}
		if res.Passed {
			r.grade(&res, c)
			if found == nil || pyramid.EvidenceRank(res.Evidence) > pyramid.EvidenceRank(found.Evidence) {
				found = &res
			}
			if l == pyramid.Runnable && c.LastResort() {
				u := r.usageCommands(c, res)
				usageRead = usageRead || len(u) > 0 || helpProbe(c)
				cmds = slices.Insert(cmds, i+1, u...)
			}
			if strongest(l, res.Evidence) {
				break
			}
			continue
		}
		if found != nil {
			later = append(later, res) // looking for stronger evidence
			if l == pyramid.Testable && !res.TimedOut && pyramid.Tolerable(res.Counts) {
				break // the suite runs: repair or accept it (proved), as before a pass
			}
			continue
		}
		if l == pyramid.Runnable {
			cmds = slices.Insert(cmds, i+1, r.usageCommands(c, res)...)
		} else {
			cmds = slices.Insert(cmds, i+1, r.usageSmoke(c, res)...)
		}
		before := r.cur.file.Render()
		res.afterCut = l == pyramid.Testable && cutProves(failed) >= 0
		res, repaired, last := r.failedCommand(ctx, sb, l, c, res)
		if repaired != "" {
			if again, ok := r.runsAgainHere(c, before); ok {
				cmds = slices.Insert(cmds, i+1, again)
				continue
			}
			return levelResult{repaired: true, why: repaired, failLog: res.Log}, nil
		}
		failed = append(failed, res)
		if last {
			failed = []outcome{res} // the suite runs: repair or accept it
			break
		}
	}
	if found != nil {
		return r.proved(ctx, l, *found, failed, later, p), nil
	}
	return r.repairFailures(ctx, sb, l, failed, p)
}

// proved ends a level one of its commands passed. A weak pass (found)
// is followed: the stronger commands that failed before it, and the test
// runs that nearly passed after it, go to repair; when none was repaired,
// a run after it that is stronger evidence as it stands (outrank) is the
// proof instead.
func (r *runner) proved(ctx context.Context, l pyramid.Level, found outcome, failed, later []outcome, p *proof) levelResult {
	repairable := slices.Clone(failed)
	if l == pyramid.Testable {
		for _, fc := range later {
			if !fc.TimedOut && pyramid.Tolerable(fc.Counts) {
				repairable = append(repairable, fc)
			}
		}
	}
	res := r.strengthen(ctx, l, found, repairable)
	if !res.repaired && l == pyramid.Testable && !strongest(l, found.Evidence) && r.outrank(found, slices.Concat(failed, later), p) {
		return levelResult{passed: true, how: " (" + p.testEv + ", stronger than the " + found.Evidence + " pass before it)"}
	}
	r.take(l, found, p)
	return res
}

// strengthen follows a weak pass: a stronger command that failed before
// it goes to repair, and the state moves on with the weak proof standing.
func (r *runner) strengthen(ctx context.Context, l pyramid.Level, found outcome, failed []outcome) levelResult {
	done := levelResult{passed: true, how: " (" + found.Evidence + ")"}
	if strongest(l, found.Evidence) {
		return done
	}
	for _, fc := range failed {
		if fc.noRepair != "" || r.unaffordable(fc) != "" {
			continue // the weak proof stands, and the next level is tried
		}
		if changed, _ := r.repair(ctx, commandFailure(fc)); changed {
			done.repaired = true
			done.why = fmt.Sprintf("%s proved by %s evidence; `%s` failed (%s) and was repaired", l, found.Evidence, fc.Text, fc.Verdict)
			done.failLog = fc.Log
			return done
		}
	}
	return done
}

// repairFailures sends a level's failures to repair, first to last, all
// of them in one round: the candidates of a level often fail for
// different reasons (gorilla/mux: `make test` lacks make, `go test -race`
// lacks cgo), and each round costs a setup run. The repairs of one round
// stand or fall together (a rollback condemns every repair since the
// best state). When none changes the state, a nearly passing test run
// may still prove Testable (tolerate).
func (r *runner) repairFailures(ctx context.Context, sb Sandbox, l pyramid.Level, failed []outcome, p *proof) (levelResult, error) {
	if l == pyramid.Testable && r.acceptCutBeforeRepair(failed, p) {
		return levelResult{passed: true, how: " (" + pyramid.EvidenceSubset + ", the suite stopped at its share)"}, nil
	}
	var why, repaired []string
	var fixed []outcome
	before := r.cur.file.Render()
	failLog := ""
	r.round = map[string]bool{}
	defer func() { r.round = nil }()
	for _, fc := range failed {
		stop := fc.noRepair
		if stop == "" {
			var changed bool
			if changed, stop = r.repair(ctx, commandFailure(fc)); changed {
				fixed = append(fixed, fc)
				repaired = append(repaired, fmt.Sprintf("`%s` failed (%s)", fc.Text, fc.Verdict))
				if failLog == "" {
					failLog = fc.Log
				}
				continue
			}
		}
		why = append(why, fmt.Sprintf("`%s`: %s (%s)", fc.Text, fc.Verdict, stop))
	}
	var offline []pyramid.Command
	if l == pyramid.Testable {
		offline = r.offlineCandidates(failed)
	}
	if res, ok, err := r.againHere(ctx, sb, l, r.runDifferently(fixed, failed), before, p); ok || err != nil {
		return res, err
	}
	if len(repaired) > 0 {
		return levelResult{repaired: true, why: strings.Join(repaired, "; ") + " and " + plural(len(repaired), "was", "were") + " repaired", failLog: failLog}, nil
	}
	if l == pyramid.Testable {
		if res, ok, err := r.offlineSubset(ctx, sb, offline, p); ok || err != nil {
			return res, err
		}
	}
	if l == pyramid.Testable && r.tolerate(failed, why, p) {
		return levelResult{passed: true, how: " (with failing tests no repair fixed)"}, nil
	}
	if l == pyramid.Testable {
		if res, ok, err := r.smokeWithoutSuite(ctx, sb, failed, why, p); ok || err != nil {
			return res, err
		}
	}
	res := levelResult{why: fmt.Sprintf("no %s command passed: %s", l, strings.Join(why, "; "))}
	if l == pyramid.Testable && r.rep.TestsFound == 0 && r.noneOwn(failed) {
		res.why = "the repository has no test suite heragent can find (the graph found no tests, and no testable command is one of the project's own: its tests may live in another repository): " + res.why
	}
	if len(failed) > 0 {
		res.failLog = failed[0].Log
	}
	return res, nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// noneOwn reports whether every failed command was diagnosed, in this
// iteration, as a target or script the project does not have.
func (r *runner) noneOwn(failed []outcome) bool {
	for _, fc := range failed {
		if !r.diagnosedHere(fc.Text, noSuchTarget) {
			return false
		}
	}
	return len(failed) > 0
}

// diagnosedHere reports whether a repair record of this state, for the
// command text, satisfies match.
func (r *runner) diagnosedHere(text string, match func(report.RepairRecord) bool) bool {
	return slices.ContainsFunc(r.rep.Repairs, func(rp report.RepairRecord) bool {
		return rp.Iteration == r.iter && rp.Command == text && match(rp)
	})
}

// commandFailure is what repair reads of a failed command.
func commandFailure(fc outcome) repair.Failure {
	return repair.Failure{Phase: repair.PhaseCommand, Command: fc.Text, ExitCode: fc.ExitCode, TimedOut: fc.TimedOut, Idle: fc.Idle, Log: fc.diag, Counts: fc.Counts, Verdict: fc.Verdict}
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

// stoppedWhy says that the sandbox stopped, naming the command that ran
// last (whose end took the container with it) and the one that could not.
func (r *runner) stoppedWhy(next string) string {
	culprit := "the Bash File"
	if r.last != "" {
		culprit = "`" + r.last + "`"
	}
	return fmt.Sprintf("the sandbox stopped after %s ran (its container's main process was killed: out of memory, or the command killed every process); `%s` and what came after could not run", culprit, next)
}

// smokeAfterPass reports a Testable smoke probe after a pass of the level:
// it cannot prove more than the pass (any pass is at least smoke).
func smokeAfterPass(found *outcome, l pyramid.Level, c pyramid.Command) bool {
	return found != nil && l == pyramid.Testable && c.Bucket == pyramid.Smoke
}
