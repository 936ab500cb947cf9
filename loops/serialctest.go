package loops

import (
	"context"
	"fmt"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/report"
)

// A Testable ctest runs its tests one per core (pyramid.CTestParallel).
// Tests that collide when run together — a fixed port, a shared scratch
// file, a server each starts — fail in parallel and pass alone. When a
// parallel ctest fails, the failed tests run again one at a time
// (`ctest --rerun-failed`, cheap: only the failures): if they all pass,
// the suite is run serially as the next candidate, and for the rest of
// the run (r.serial); if they fail again, the failures are the suite's
// own and go to repair as before, their output (--output-on-failure)
// added to the diagnosis.

// serialFallback returns the serial spelling of c to run next, when c's
// parallel ctest failed only on tests that pass alone.
func (r *runner) serialFallback(ctx context.Context, sb Sandbox, l pyramid.Level, c pyramid.Command, res *outcome) (pyramid.Command, bool) {
	serial, ok := pyramid.SerialCTest(c.Text)
	if !ok || l != pyramid.Testable || res.Passed || res.TimedOut || res.Counts.Failed+res.Counts.Errors == 0 {
		return pyramid.Command{}, false
	}
	again, err := r.runCommand(ctx, sb, pyramid.FailedCTestRerun(c))
	if err != nil {
		return pyramid.Command{}, false
	}
	if again.ExitCode != 0 || again.Counts.Passed == 0 || again.Counts.Failed+again.Counts.Errors > 0 {
		res.diag += "\n" + again.diag
		return pyramid.Command{}, false
	}
	if r.serial == nil {
		r.serial = map[string]string{}
	}
	r.serial[c.Text] = serial
	r.traj.emit(report.Event{Phase: "command", Iteration: r.iter, Level: string(l), Command: serial,
		Message: fmt.Sprintf("%d test(s) failed run in parallel and passed run again one at a time: the suite runs serially", again.Counts.Passed)})
	sc := c
	sc.Text = serial
	sc.Reason = c.Reason + fmt.Sprintf("; run one test at a time: %d of its tests failed in parallel and passed alone", again.Counts.Passed)
	return sc, true
}

// serialized returns c as the run now runs it: serially when its
// parallel ctest collided (serialFallback).
func (r *runner) serialized(c pyramid.Command) pyramid.Command {
	if s, ok := r.serial[c.Text]; ok {
		c.Text = s
	}
	return c
}
