package loops

import (
	"context"
	"slices"
	"strings"

	"github.com/heragent/heragent/pyramid"
)

// Some repairs change how a command runs, not the environment: on a
// pseudo-terminal (tmux, lazygit), as an unprivileged user (suites that
// fail as root), under a virtual display, with a longer time limit, or
// simply again (a transient failure). The Bash File is the same, so the
// setup that ran is the clean run it would make again: the command runs
// again at once in the same sandbox, with the levels below it proved
// already, instead of a new setup and every level again (tmux spent 115 s
// of setup and its 60-second test suite again for a terminal).

// runsAgainHere returns the command to run again in this sandbox after a
// repair of c's failure, when the repair left the Bash File as it was
// (before is its text then); the command as the pyramid has it now,
// recorded in r.rerun so the state's proof keeps how it ran (remark).
func (r *runner) runsAgainHere(c pyramid.Command, before string) (pyramid.Command, bool) {
	if r.cur.file.Render() != before {
		return pyramid.Command{}, false
	}
	if _, skip := r.cur.skip[c.Text]; skip {
		return pyramid.Command{}, false
	}
	for _, n := range r.cur.pyr.Commands {
		if n.Text == c.Text && n.Dir == c.Dir && n.Level == c.Level {
			r.rerun = append(r.rerun, n)
			return n, true
		}
	}
	return pyramid.Command{}, false
}

// runDifferently returns fixed and, after them, the other failed
// commands the round's repairs made run differently too: a service a
// command needed starts before every command from then on (withService),
// and the examples that failed without it run again with it.
func (r *runner) runDifferently(fixed, failed []outcome) []outcome {
	if len(fixed) == 0 {
		return fixed
	}
	out := slices.Clone(fixed)
	for _, fc := range failed {
		if slices.ContainsFunc(out, func(o outcome) bool { return o.Text == fc.Text }) {
			continue
		}
		if _, skip := r.cur.skip[fc.Text]; skip {
			continue
		}
		for _, n := range r.cur.pyr.Commands {
			if n.Text == fc.Text && n.Dir == fc.cmd.Dir && n.Level == fc.cmd.Level && len(n.Start) > len(fc.cmd.Start) {
				out = append(out, fc)
				break
			}
		}
	}
	return out
}

// remark gives the commands of s that were run again (runsAgainHere) the
// way they ran — their marks, their longer limits — from cur, the state
// the repairs made: the proof and the exports are of how they ran.
func (s *state) remark(cur state, rerun []pyramid.Command) {
	for _, n := range rerun {
		for i := range s.pyr.Commands {
			if c := &s.pyr.Commands[i]; c.Text == n.Text && c.Dir == n.Dir && c.Level == n.Level {
				*c = n
			}
		}
		if cur.longer[n.Text] {
			if s.longer == nil {
				s.longer = map[string]bool{}
			}
			s.longer[n.Text] = true
		}
	}
}

// maxAgainHere bounds the rounds of repairs of how commands run that
// are tried in one sandbox.
const maxAgainHere = 2

// againHere runs the Testable or Runnable commands whose failures a round
// of repairs answered again in this sandbox, when those repairs left the
// Bash File as it was (before): a pass proves the level here; failures go
// to repair again. ok is false when the state must change (a Bash File
// edit), or nothing can run again here.
func (r *runner) againHere(ctx context.Context, sb Sandbox, l pyramid.Level, fixed []outcome, before string, p *proof) (levelResult, bool, error) {
	if l == pyramid.Installable || len(fixed) == 0 || r.againDepth >= maxAgainHere {
		return levelResult{}, false, nil
	}
	var again []pyramid.Command
	for _, fc := range fixed {
		c, ok := r.runsAgainHere(fc.cmd, before)
		if !ok {
			return levelResult{}, false, nil
		}
		again = append(again, c)
	}
	r.againDepth++
	defer func() { r.againDepth-- }()
	var found *outcome
	var failed []outcome
	for _, c := range again {
		if smokeAfterPass(found, l, c) {
			continue // kilo's second, on its terminal, ran its minute
		}
		res, err := r.runOrReuse(ctx, sb, l, c)
		if err != nil {
			return levelResult{}, true, err
		}
		if !res.Passed {
			// looked at as any failure is: a program that waits, a repair now
			res, repaired, _ := r.failedCommand(ctx, sb, l, c, res)
			if repaired != "" {
				return levelResult{repaired: true, why: repaired, failLog: res.Log}, true, nil
			}
			failed = append(failed, res)
			continue
		}
		r.grade(&res, c)
		if found == nil || pyramid.EvidenceRank(res.Evidence) > pyramid.EvidenceRank(found.Evidence) {
			found = &res
		}
	}
	if found != nil {
		return r.proved(ctx, l, *found, nil, nil, p), true, nil
	}
	res, err := r.repairFailures(ctx, sb, l, failed, p)
	return res, true, err
}

// waitedOnTerminal reports whether c, a Runnable command on a
// pseudo-terminal, was still running when stopped: by the run's limit,
// or by its own `timeout N` (exit 124: tmux, given a terminal, drew its
// status line and waited) — an interactive program, which no repair
// makes end.
func waitedOnTerminal(c pyramid.Command, res outcome) bool {
	if !c.TTY || c.Level != pyramid.Runnable {
		return false
	}
	return res.TimedOut || res.ExitCode == 124 && strings.HasPrefix(pyramid.OnTerminal(c.Text), "timeout ")
}
