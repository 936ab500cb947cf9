package loops

import (
	"context"
	"fmt"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

// The roles the loops consult besides the Repairer. Each is optional: a nil
// role keeps the deterministic behaviour (pyramid order, no reflection). The
// loops never know which brain (rules, LLM, hybrid) answers.

// CommandChooser decides in which order a level's commands are tried: the
// first that passes proves the level. history is every command run so far
// in this run, oldest first. The answer must be a subset of cmds; commands
// left out are not run this time.
type CommandChooser interface {
	Order(ctx context.Context, level pyramid.Level, cmds []pyramid.Command, history []report.CommandResult) []pyramid.Command
}

// Reflector draws a lesson from a failed attempt. The brain keeps its
// lessons for its later decisions; the run records them in the report.
type Reflector interface {
	Reflect(ctx context.Context, a report.Attempt) (lesson string, ok bool)
}

// BrainTeller is a Repairer made of several brains (a hybrid) that can say
// which one made a proposal.
type BrainTeller interface {
	BrainOf(p repair.Proposal) string
}

// Journal is the brain's account of itself: the events the trajectory must
// record (model exchanges, decisions), the decisions for the report, what
// the model cost, and whether model use must stop.
type Journal interface {
	// Drain returns the events recorded since the last call, oldest first.
	Drain() []report.Event
	Decisions() []report.Decision
	Usage() *report.Usage
	// Stop says why the run must stop (token or cost budget spent, a
	// replayed run diverged), or "".
	Stop() string
}

// order asks the chooser, if any, in which order to try a level's commands.
func (r *runner) order(ctx context.Context, l pyramid.Level, cmds []pyramid.Command) []pyramid.Command {
	if r.o.Chooser == nil || len(cmds) == 0 {
		return cmds
	}
	got := r.o.Chooser.Order(ctx, l, cmds, r.rep.Commands)
	known := map[string]bool{}
	for _, c := range cmds {
		known[c.Text] = true
	}
	var out []pyramid.Command
	for _, c := range got {
		if known[c.Text] {
			known[c.Text] = false // once each, and only commands of the level
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return cmds
	}
	return out
}

// reflect asks the reflector, if any, for a lesson when a failure follows
// a repair: once per iteration.
func (r *runner) reflect(ctx context.Context, f repair.Failure) {
	if r.o.Reflector == nil || r.iter == 0 || r.reflected[r.iter] {
		return
	}
	if r.reflected == nil {
		r.reflected = map[int]bool{}
	}
	r.reflected[r.iter] = true
	a := report.Attempt{Iteration: r.iter, Failure: f}
	for _, rp := range r.rep.Repairs {
		if rp.Iteration == r.iter-1 && (rp.Action == repair.ActionEdit || rp.Action == repair.ActionRetryLonger || rp.Action == repair.ActionRetry) {
			a.Repairs = append(a.Repairs, rp)
		}
	}
	lesson, ok := r.o.Reflector.Reflect(ctx, a)
	if !ok {
		return
	}
	r.rep.Lessons = append(r.rep.Lessons, fmt.Sprintf("iteration %d: %s", r.iter, lesson))
	r.traj.emit(report.Event{Phase: "reflection", Iteration: r.iter, Message: lesson})
}

// brainOf names the brain that made a proposal.
func (r *runner) brainOf(p repair.Proposal) string {
	if bt, ok := r.o.Repairer.(BrainTeller); ok {
		return bt.BrainOf(p)
	}
	return r.o.Repairer.Name()
}

// journalStop is the journal's reason to stop, or "".
func (r *runner) journalStop() string {
	if r.o.Journal == nil {
		return ""
	}
	return r.o.Journal.Stop()
}

// journalReport copies the journal's decisions and usage into the report.
func (r *runner) journalReport() {
	if r.o.Journal == nil {
		return
	}
	r.rep.Decisions = r.o.Journal.Decisions()
	r.rep.LLM = r.o.Journal.Usage()
}
