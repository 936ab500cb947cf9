package loops

import (
	"context"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/report"
)

// runOrReuse runs c, unless c is a Runnable command whose smoke copy
// already passed at Testable in this state: then that run stands for it
// too. A program is not started twice in one sandbox: a daemon that
// detaches (nginx) keeps its port after the probe, and its second start
// fails on it. The Runnable row is a copy of the Testable one, so verify,
// which re-runs a command once per text, proves both levels with one run.
func (r *runner) runOrReuse(ctx context.Context, sb Sandbox, l pyramid.Level, c pyramid.Command) (outcome, error) {
	if l == pyramid.Runnable {
		if prev, ok := r.passedAsSmoke(c); ok {
			cr := prev
			cr.Level, cr.Bucket, cr.Proof, cr.Evidence = c.Level, c.Bucket, false, ""
			cr.Verdict = "passed at Testable as the runtime probe in this state: " + prev.Verdict
			res := outcome{cmd: c, CommandResult: cr, index: len(r.rep.Commands)}
			r.rep.Commands = append(r.rep.Commands, cr)
			r.traj.emit(report.Event{Phase: "command", Iteration: r.iter, Level: string(c.Level), Command: c.Text, ExitCode: &cr.ExitCode, Message: cr.Verdict})
			return res, nil
		}
	}
	return r.runCommand(ctx, sb, c)
}

// passedAsSmoke returns the result of c's smoke copy when it passed at
// Testable in the current state.
func (r *runner) passedAsSmoke(c pyramid.Command) (report.CommandResult, bool) {
	for _, cr := range r.rep.Commands {
		if cr.Iteration == r.iter && cr.Level == pyramid.Testable && cr.Bucket == pyramid.Smoke && cr.Passed && cr.Text == c.Text && cr.Dir == c.Dir {
			return cr, true
		}
	}
	return report.CommandResult{}, false
}
