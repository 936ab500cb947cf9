package agents

import (
	"context"
	"fmt"
	"strings"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/report"
)

// OrderAnswer is the next-command selection: which commands of a level to
// try, in which order.
type OrderAnswer struct {
	Order  []int  `json:"order" desc:"candidate ids, most likely to pass and to prove the level first; leave out commands that cannot pass"`
	Reason string `json:"reason" desc:"one sentence"`
}

// Order implements loops.CommandChooser. Rules: the pyramid's order. The
// model is asked when there is a choice to make (two or more candidates);
// in hybrid mode only when a command of the level already failed in this
// run.
func (b *Brain) Order(ctx context.Context, l pyramid.Level, cmds []pyramid.Command, history []report.CommandResult) []pyramid.Command {
	failed := ""
	for _, h := range history {
		if h.Level == l && !h.Passed {
			failed = h.Text
		}
	}
	if len(cmds) < 2 || !b.useModel(failed != "") {
		b.decide(report.Decision{Role: "next_command", Brain: "rules", Summary: fmt.Sprintf("%s: pyramid order, `%s` first", l, cmds[0].Text)})
		return cmds
	}
	var hist strings.Builder
	for _, h := range history {
		fmt.Fprintf(&hist, "- [%s] `%s`: exit %d, %s\n", h.Level, h.Text, h.ExitCode, h.Verdict)
	}
	if hist.Len() == 0 {
		hist.WriteString("(none yet)\n")
	}
	var ans OrderAnswer
	q := question{role: "next_command", user: fmt.Sprintf("Level to prove: %s.\nCandidates:\n%s\nCommands run so far in this run:\n%s", l, commandList(cmds), hist.String()),
		system: "heragent role: next_command.\nYou choose which commands to run next to prove a maturity level of a repository in the environment its setup script made. The first command that passes proves the level; a failure costs time."}
	q.check = func() error {
		if len(ans.Order) == 0 {
			return fmt.Errorf("order is empty: give at least one candidate id")
		}
		seen := map[int]bool{}
		for _, i := range ans.Order {
			if i < 0 || i >= len(cmds) || seen[i] {
				return fmt.Errorf("id %d is out of range (0..%d) or repeated", i, len(cmds)-1)
			}
			seen[i] = true
		}
		return nil
	}
	if err := b.c.ask(ctx, q, &ans); err != nil {
		b.decide(report.Decision{Role: "next_command", Brain: "rules", Summary: fmt.Sprintf("%s: pyramid order", l), Error: err.Error()})
		return cmds
	}
	out := make([]pyramid.Command, 0, len(ans.Order))
	for _, i := range ans.Order {
		out = append(out, cmds[i])
	}
	b.decide(report.Decision{Role: "next_command", Brain: "llm", Summary: fmt.Sprintf("%s: `%s` first of %d — %s", l, out[0].Text, len(out), ans.Reason)})
	return out
}
