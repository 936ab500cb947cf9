package loops

import (
	"context"
	"fmt"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/pyramid/results"
	"github.com/heragent/heragent/repair"
)

// A test run can fail for a reason no repair of this environment removes:
// its tests need the internet (nlohmann/json's test data, cloned from
// github.com at test time; 76 of its 93 tests fail, 17 pass). When every
// failure is named in the output and the run was diagnosed as needing the
// network, offlineSubset runs the suite again without the failed tests
// (pyramid.WithoutTests): a pass proves Testable on that part of the
// suite — graded by what ran, a subset unless nearly all of it — and the
// report names what was left out and why.

// offlineSubset tries the first failed test run of the level that is
// eligible (one nearly passing is tolerated as it is); ok reports a pass
// that proved Testable.
func (r *runner) offlineSubset(ctx context.Context, sb Sandbox, failed []outcome, p *proof) (levelResult, bool, error) {
	for _, fc := range failed {
		why := r.offlineNeed(fc)
		if why == "" || fc.TimedOut || fc.Counts.Passed == 0 || pyramid.Tolerable(fc.Counts) {
			continue
		}
		names := results.FailedNames(fc.diag, 0)
		if len(names) != fc.Counts.Failed+fc.Counts.Errors {
			continue // a failure the output does not name would stay in
		}
		c, ok := pyramid.WithoutTests(fc.cmd, names, why)
		if !ok || r.cur.pyr.Has(c) {
			continue
		}
		r.cur.pyr.Commands = append(r.cur.pyr.Commands, c)
		r.usage = append(r.usage, c) // made while it ran: the proof's state keeps it
		res, err := r.runCommand(ctx, sb, c)
		if err != nil {
			return levelResult{}, false, err
		}
		if !res.Passed {
			continue
		}
		r.grade(&res, c)
		r.take(pyramid.Testable, res, p)
		p.notes = append(p.notes, fmt.Sprintf("testable on a part of the suite: `%s` failed %d tests for want of %s (%s), and passed without them: %d tests ran",
			fc.Text, len(names), why, fc.Verdict, res.Counts.Passed))
		return levelResult{passed: true, how: " (" + res.Evidence + ", without the tests that need " + why + ")"}, true, nil
	}
	return levelResult{}, false, nil
}

// offlineNeed is what the run's diagnoses of fc, in this state, say the
// sandbox lacks for good — "the network" — or "".
func (r *runner) offlineNeed(fc outcome) string {
	for _, rp := range r.rep.Repairs {
		if rp.Iteration == r.iter && rp.Command == fc.Text && rp.Action == repair.ActionRecord &&
			(rp.Diagnosis.Kind == repair.NeedsNetwork || rp.Diagnosis.Kind == repair.NetworkUnreachable) {
			return "the network"
		}
	}
	return ""
}
