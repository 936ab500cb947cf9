package loops

import (
	"fmt"
	"maps"
	"strings"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/pyramid/results"
	"github.com/heragent/heragent/report"
)

// state is one version of what the run changes: the Bash File, the
// runner's pyramid (repairs mark commands to run as a user or under a
// display; probes of what the build made join it), the commands given a
// doubled time limit and those not to run again.
type state struct {
	iter   int // the state's number: the Bash File after this many steps
	file   *bashfile.File
	pyr    *pyramid.Pyramid
	longer map[string]bool   // commands (or "setup") with a doubled time limit
	skip   map[string]string // pyramid command → why it is not run again
	proof  proof             // what its feedback pass proved
	// restored marks the best state run again after a rollback.
	restored bool
}

func (s state) clone() state {
	return state{iter: s.iter, file: s.file.Clone(), pyr: s.pyr.Clone(), longer: maps.Clone(s.longer), skip: maps.Clone(s.skip),
		proof: s.proof, restored: s.restored}
}

// proof is what one feedback pass proved in one state.
type proof struct {
	level     pyramid.Level
	testEv    string // testable evidence: suite, subset, smoke
	testWhy   string
	tolerated bool // Testable was accepted with failing tests
	tests     results.Counts
	runnable  string // the command the entrypoint runs
	runEv     string // runnable evidence: goal, documented, probe, last_resort
	cmds      []int  // indices in the report's commands of the proving commands
	notes     []string
	why       string // why the pass went no higher
	failLog   string // the log of the failure that stopped it
	cut       bool   // the budget ended the pass: it proves a floor, not a verdict
	// interrupted is the level whose attempt a repair ended before its
	// other commands ran ("" when none did)
	interrupted pyramid.Level
}

// strength orders proofs: the level first, then the grade of the
// Testable evidence, then that of the Runnable evidence, then a clean
// suite over one accepted with failures.
func (p proof) strength() [4]int {
	var s [4]int
	s[0] = p.level.Rank()
	if p.level.Rank() >= pyramid.Testable.Rank() {
		s[1] = pyramid.EvidenceRank(p.testEv)
		if !p.tolerated {
			s[3] = 1
		}
	}
	if p.level == pyramid.Runnable {
		s[2] = pyramid.EvidenceRank(p.runEv)
	}
	return s
}

// weaker reports whether p proves less than q.
func (p proof) weaker(q proof) bool {
	a, b := p.strength(), q.strength()
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// text is the proof in words: "testable (suite)", "runnable (probe)".
func (p proof) text() string {
	var ev []string
	if p.level.Rank() >= pyramid.Testable.Rank() && p.testEv != "" {
		ev = append(ev, p.testEv)
		switch {
		case p.tolerated && pyramid.RunnerFailed(p.tests):
			ev = append(ev, "the runner failed the run")
		case p.tolerated:
			ev = append(ev, "with failing tests")
		}
	}
	if p.level == pyramid.Runnable && p.runEv != "" {
		ev = append(ev, p.runEv)
	}
	if len(ev) == 0 {
		return string(p.level)
	}
	return fmt.Sprintf("%s (%s)", p.level, strings.Join(ev, ", "))
}

// judge records what a state that ran proved and keeps it as the best
// when it is at least as strong as the best so far (a later state of equal
// strength carries repairs the search goes on from). It reports false when
// the state is weaker: the caller rolls back.
func (r *runner) judge(ran state) bool {
	p := ran.proof
	step := report.LevelStep{Iteration: ran.iter, Level: p.level, At: r.elapsed()}
	if p.level.Rank() >= pyramid.Testable.Rank() {
		step.TestableEvidence = p.testEv
	}
	if p.level == pyramid.Runnable {
		step.RunnableEvidence = p.runEv
	}
	r.rep.History = append(r.rep.History, step)
	if r.best != nil && p.weaker(r.best.proof) {
		return false
	}
	r.best, r.bestStep = &ran, len(r.rep.History)-1
	r.traj.emit(report.Event{Phase: "level", Iteration: r.iter, Level: string(p.level), Message: "best so far: " + p.text()})
	return true
}

// rollback returns the search to the best state after the state of
// iteration failed (why, shown by the log condemned): the repairs applied
// since the best state that led to it are recorded as rejected and never
// tried again, and the best state comes back. It reports whether the
// search goes on: not when there is no better state to return to, when
// the budget is spent (then nothing is condemned: the state was not
// judged), or when the state that failed is the best one run again (a
// flaky test or network: it proved more once, and that stands).
func (r *runner) rollback(iteration int, why, condemned string) bool {
	if r.best == nil {
		return false
	}
	if stop := r.budget(); stop != "" {
		r.stop = stop
		return false
	}
	if iteration == r.best.iter {
		r.stop = "the best state, run again, did not hold (a flaky test or network): " + why
		return false
	}
	one := r.culpritFound(r.best.iter, iteration) // only the repair whose command failed (culprit.go)
	for i := range r.rep.Repairs {
		rec := &r.rep.Repairs[i]
		if rec.Iteration >= r.best.iter && rec.Iteration < iteration && rec.Key != "" && rec.Rejected == "" {
			if one && !r.blamed(*rec) {
				r.untry(*rec)
				continue
			}
			rec.Rejected, rec.RejectedLog = why, condemned
			r.rejected[rec.Key] = why
		}
	}
	r.blame = culprit{}
	r.markRolledBack(iteration, why)
	r.traj.emit(report.Event{Phase: "rollback", Iteration: r.iter, Level: string(r.best.proof.level),
		Message: fmt.Sprintf("back to the Bash File of iteration %d (%s): %s", r.best.iter, r.best.proof.text(), why)})
	r.iter++ // the restored state runs again under a new number
	r.cur = r.best.clone()
	r.cur.iter, r.cur.restored = r.iter, true
	r.best.iter = r.iter // the same state: the repairs that led to it are not condemned again
	return true
}

// markRolledBack records in the level history that the state of iteration
// was left: its judged step, or a step of its own when it never ran to
// the end.
func (r *runner) markRolledBack(iteration int, why string) {
	if h := r.historyStep(iteration); h != nil {
		h.RolledBack = why
		return
	}
	r.rep.History = append(r.rep.History, report.LevelStep{Iteration: iteration, Level: pyramid.None, RolledBack: why, At: r.elapsed()})
}

// historyStep is the level history's latest step of iteration, or nil.
func (r *runner) historyStep(iteration int) *report.LevelStep {
	for i := len(r.rep.History) - 1; i >= 0; i-- {
		if r.rep.History[i].Iteration == iteration {
			return &r.rep.History[i]
		}
	}
	return nil
}

// finish writes the best state's proof into the report: its level, its
// evidence, which commands proved it, and why it went no higher.
func (r *runner) finish() {
	r.rep.Iterations = r.changes
	if r.best == nil {
		r.rep.Level, r.rep.WhyNotHigher = pyramid.None, r.stop
		return
	}
	p := r.best.proof
	r.rep.Level, r.rep.Runnable, r.rep.RunnableEvidence = p.level, p.runnable, p.runEv
	if p.level.Rank() >= pyramid.Testable.Rank() {
		r.rep.Tests, r.rep.TestableEvidence = p.tests, p.testEv
		r.rep.TestsRun = p.tests.Passed + p.tests.Failed + p.tests.Errors
	}
	if r.rep.TestsFound > 0 && r.rep.TestsRun > 0 {
		r.rep.TestsRatio = float64(r.rep.TestsRun) / float64(r.rep.TestsFound)
	}
	for i := range r.rep.Commands {
		r.rep.Commands[i].Proof = false
	}
	for _, i := range p.cmds {
		r.rep.Commands[i].Proof = true
	}
	r.rep.History[r.bestStep].Best = true
	r.rep.LevelSeconds = r.rep.History[r.bestStep].At
	r.rep.Notes = append(r.rep.Notes, p.notes...)
	if p.testWhy != "" && p.level.Rank() >= pyramid.Testable.Rank() {
		r.rep.Notes = append(r.rep.Notes, "testable evidence: "+p.testEv+": "+p.testWhy)
	}
	r.rep.WhyNotHigher = ""
	if p.level != r.o.Target {
		r.rep.WhyNotHigher = joinWhy(p.why, r.stop)
	}
}

// joinWhy joins the reasons that are not empty, without repeats.
func joinWhy(parts ...string) string {
	var out []string
	for _, s := range parts {
		if s != "" && (len(out) == 0 || out[len(out)-1] != s) {
			out = append(out, s)
		}
	}
	return strings.Join(out, "; then ")
}

// elapsed is the run's time so far, the analysis before Run included.
func (r *runner) elapsed() float64 {
	s := time.Since(r.start).Seconds()
	for _, p := range []string{"graph", "plan", "pyramid"} {
		s += r.rep.Phases[p]
	}
	return s
}

// unjudged reports a proof that is weaker than best only because a repair
// ended the attempt at the level best proved before that level's other
// commands ran: every level below it passed, and the command that
// proved best was never run. The repaired state is judged instead; the
// best state stays what is exported until one is at least as strong.
func unjudged(p, best proof) bool {
	return p.interrupted != "" && p.interrupted == best.level && p.level.Rank() == best.level.Rank()-1
}

// noteUnjudged marks the history step of iteration as not judged.
func (r *runner) noteUnjudged(iteration int, l pyramid.Level) {
	if h := r.historyStep(iteration); h != nil {
		h.Unjudged = "a repair at " + string(l) + " came before the command that proved the best state ran"
	}
}
