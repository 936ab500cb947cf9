package loops

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/report"
)

// A whole suite cut at its share of the run's time (suiteShare: two thirds
// of what was left, so that Runnable still gets the rest) proves Testable
// only on a part. Once Runnable is proved, nothing else needs the time the
// run has left: resumeCut runs the cut suite again in the same sandbox
// with all of it. Its build steps pick up where they were stopped (make,
// cmake --build and ninja rebuild nothing done), so the second run is the
// tests plus what the first did not build. A pass graded suite replaces
// the part as Testable's proof (verify re-runs the suite from a clean
// build, under the command limit, not the share); anything else leaves
// the proof as it was, and the report says how the resumed run ended.
// Seen: re2's, ccache's and mosquitto's test builds and suites, cut at
// ~8 minutes with 4-6 minutes of the run still unused after Runnable.

// minResume is the least time left for which a cut suite is resumed.
const minResume = 90 * time.Second

// exportMargin is kept for what follows the last command: the exports.
const exportMargin = 30 * time.Second

// noteCut remembers the first whole suite of the state running that its
// share of the run's time stopped.
func (r *runner) noteCut(c pyramid.Command, res outcome) {
	if r.cutSuite == nil && res.TimedOut && res.share > 0 && !pyramid.Narrow(c) {
		r.cutSuite = &c
	}
}

// resumeCut runs the cut whole suite again with the time the run has
// left: after Runnable was proved on a part of the suite, where a pass
// graded suite becomes Testable's proof; or after Testable failed with
// the suite cut and its parts failing, when Runnable cannot be tried and
// the time kept for it is unused (flex's and distcc's make check), where
// a pass proves Testable (reported true) and Runnable gets what is left.
func (r *runner) resumeCut(ctx context.Context, sb Sandbox, p *proof) (bool, error) {
	c := r.cutSuite
	r.cutSuite = nil
	upgrade := p.level == pyramid.Runnable && pyramid.EvidenceRank(p.testEv) < pyramid.EvidenceRank(pyramid.EvidenceSuite)
	if c == nil || !upgrade && p.level != pyramid.Installable {
		return false, nil
	}
	left := r.o.MaxTime - time.Since(r.start) - exportMargin
	if left < minResume {
		return false, nil
	}
	after := "Runnable"
	if !upgrade {
		after = "its parts failed"
	}
	r.traj.emit(report.Event{Phase: "command", Iteration: r.iter, Level: string(pyramid.Testable), Command: c.Text,
		Message: fmt.Sprintf("resuming the suite cut at its share, with the %s the run has left after %s", left.Round(time.Second), after)})
	r.resuming = left
	res, err := r.runCommand(ctx, sb, r.serialized(*c))
	r.resuming = 0
	if err != nil {
		return false, err
	}
	if !res.Passed && !upgrade && pyramid.CutShort(res.TimedOut, res.Counts) {
		// stopped again, this time after its tests passed: that part
		// proves Testable, as a cut suite does (acceptCutRun)
		r.acceptCutRun(res, "the suite, cut at its share, ran again with the time kept for Runnable", p)
		return true, nil
	}
	if !res.Passed {
		p.notes = append(p.notes, fmt.Sprintf("testable: `%s`, cut at its share, ran again after %s with the %s left and did not pass either (%s)",
			c.Text, after, left.Round(time.Second), res.Verdict))
		return false, nil
	}
	r.grade(&res, *c)
	r.rep.Commands[res.index].Evidence = res.Evidence
	if !upgrade {
		r.take(pyramid.Testable, res, p)
		p.notes = append(p.notes, fmt.Sprintf("testable: the whole suite `%s`, cut at its share of the run, passed when run again in the same environment with the time kept for Runnable (its build steps resumed where they stopped)", c.Text))
		return true, nil
	}
	if pyramid.EvidenceRank(res.Evidence) <= pyramid.EvidenceRank(p.testEv) {
		return false, nil
	}
	p.cmds = slices.DeleteFunc(p.cmds, func(i int) bool { return r.rep.Commands[i].Level == pyramid.Testable })
	p.notes = slices.DeleteFunc(p.notes, func(n string) bool { return strings.HasPrefix(n, "testable") })
	prev := p.testEv
	p.tolerated = false
	r.take(pyramid.Testable, res, p)
	p.notes = append(p.notes, fmt.Sprintf("testable: the whole suite `%s`, cut at its share of the run, passed when run again in the same environment after Runnable (%s before; its build steps resumed where they stopped)",
		c.Text, prev))
	r.traj.emit(report.Event{Phase: "level", Iteration: r.iter, Level: string(pyramid.Testable), Command: c.Text, Message: "level evidence: " + res.Evidence + ", the resumed suite"})
	return false, nil
}
