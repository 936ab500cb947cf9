package loops

import (
	"context"
	"fmt"
	"slices"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

// A test run can fail for a reason no repair of this environment removes:
// its tests need the internet (nlohmann/json's test data, cloned from
// github.com at test time; 76 of its 93 tests fail, 17 pass). When every
// failure is named in the output and the run was diagnosed as needing the
// network, offlineSubset runs the suite again without the failed tests
// (pyramid.WithoutTests): a pass proves Testable on that part of the
// suite — graded by what ran, a subset unless nearly all of it — and the
// report names what was left out and why.

// offlineCandidates makes, for each failed test run of the level that
// is eligible (one nearly passing is tolerated as it is), the run without
// its failed tests, and adds it to the pyramid: when a repair of another
// failure changes the state, the next one runs it as any other candidate
// (Masterminds/vcs: `make` was missing in the same round).
func (r *runner) offlineCandidates(failed []outcome) []pyramid.Command {
	var out []pyramid.Command
	for _, fc := range failed {
		why := r.offlineNeed(fc)
		if why == "" || fc.TimedOut || fc.Counts.Passed == 0 || pyramid.Tolerable(fc.Counts) {
			continue
		}
		names := fc.failedNames
		if len(names) != fc.Counts.Failed+fc.Counts.Errors {
			continue // a failure the output does not name would stay in
		}
		c, ok := pyramid.WithoutTests(fc.cmd, names, why)
		if !ok || r.cur.pyr.Has(c) {
			continue
		}
		r.cur.pyr.Commands = append(r.cur.pyr.Commands, c)
		r.usage = append(r.usage, c) // made while it ran: the proof's state keeps it
		out = append(out, c)
	}
	return out
}

// offlineSubset runs the candidates in turn; ok reports a pass that
// proved Testable.
func (r *runner) offlineSubset(ctx context.Context, sb Sandbox, cands []pyramid.Command, p *proof) (levelResult, bool, error) {
	c, res, ok, err := r.firstTestablePass(ctx, sb, cands, p)
	if !ok || err != nil {
		return levelResult{}, false, err
	}
	p.notes = append(p.notes, fmt.Sprintf("testable on a part of the suite: %s, run without them, passed: %d tests ran", c.Part, res.Counts.Passed))
	return levelResult{passed: true, how: " (" + res.Evidence + ", " + c.Part + ")"}, true, nil
}

// firstTestablePass runs the candidates in turn until one passes, which
// is graded and proves Testable in p; ok reports such a pass.
func (r *runner) firstTestablePass(ctx context.Context, sb Sandbox, cands []pyramid.Command, p *proof) (pyramid.Command, outcome, bool, error) {
	for _, c := range cands {
		if r.budget() != "" {
			break
		}
		res, err := r.runCommand(ctx, sb, c)
		if err != nil {
			return c, outcome{}, false, err
		}
		if !res.Passed {
			continue
		}
		r.grade(&res, c)
		r.take(pyramid.Testable, res, p)
		return c, res, true, nil
	}
	return pyramid.Command{}, outcome{}, false, nil
}

// offlineNeed is what the run's diagnoses of fc, in this state, say the
// sandbox lacks for good — "the network", "a container engine" — or "".
func (r *runner) offlineNeed(fc outcome) string {
	for _, n := range sandboxLacks {
		if r.diagnosedHere(fc.Text, func(rp report.RepairRecord) bool {
			return rp.Action == repair.ActionRecord && slices.Contains(n.kinds, rp.Diagnosis.Kind)
		}) {
			return n.what
		}
	}
	return ""
}

// sandboxLacks are what a sandbox cannot give a test, by the kinds of
// the recorded diagnoses that say so.
var sandboxLacks = []struct {
	kinds []repair.Kind
	what  string
}{
	{[]repair.Kind{repair.NeedsNetwork, repair.NetworkUnreachable}, "the network"},
	{[]repair.Kind{repair.NeedsContainerEngine}, "a container engine"},
	{[]repair.Kind{repair.NeedsDevice}, "a device"},
	{[]repair.Kind{repair.NeedsInit}, "systemd as init"},
	{[]repair.Kind{repair.NeedsRoot}, "privileges"},
}
