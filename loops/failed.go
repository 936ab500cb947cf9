package loops

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
)

// A command that failed before any of its level passed is looked at
// closer here: whether it waits (a probe, an interactive program, one its
// own timeout stopped) and so is not run again in later states, what more
// to run to diagnose it, and a repair now.

// waitedFor reports whether c, a last resort, runs again the program of
// a made-up probe of failed that timed out waiting.
func waitedFor(failed []outcome, c pyramid.Command) bool {
	if !c.LastResort() {
		return false
	}
	for _, f := range failed {
		prog := f.Text
		if f.cmd.Background && f.cmd.Serve != "" {
			prog = f.cmd.Serve // a server that did not answer
		}
		if (f.TimedOut || f.cmd.Background) && madeUpProbe(f.cmd) && strings.HasPrefix(c.Text, prog+" ") {
			return true
		}
	}
	return false
}

// failedCommand looks closer at a command that failed before any passed:
// the failed tests' output when its log lacks it, a repair now when the
// failure shows a gap in the environment. It returns what was repaired
// when a repair changed the state, and whether the level's other commands
// need not run: a nearly passing suite is repaired or accepted, not run
// again through another spelling.
func (r *runner) failedCommand(ctx context.Context, sb Sandbox, l pyramid.Level, c pyramid.Command, res outcome) (outcome, string, bool) {
	switch {
	case res.TimedOut && madeUpProbe(c):
		res.noRepair = fmt.Sprintf("a probe heragent made up did not finish in %s: the program waits for input or a peer", probeTimeout)
	case res.share > 0 && pyramid.CutShort(res.TimedOut, res.Counts):
		res.noRepair = fmt.Sprintf("stopped at its share of the run's time (%s, two thirds of what was left) after %d tests passed: a longer limit does not fit the run; the part that ran is the evidence and the Runnable tier gets the rest",
			res.share.Round(time.Second), res.Counts.Passed)
	case res.share > 0 && res.TimedOut && !res.Idle:
		// the share bound it, not the command's limit: a longer limit
		// (the timeout rule's retry) gives it no more time in this run
		ran := "before its tests reported"
		if n := res.Counts; n.Ran() {
			ran = fmt.Sprintf("after %d tests passed and %d failed (too many to stand as the suite's part)", n.Passed, n.Failed+n.Errors)
		}
		res.noRepair = fmt.Sprintf("stopped at its share of the run's time (%s, two thirds of what was left) %s: a longer limit does not fit the run; a part of the suite and the Runnable tier get the rest",
			res.share.Round(time.Second), ran)
	case l == pyramid.Testable && res.TimedOut && res.Idle && onlyHung(commandFailure(res)):
		// recorded now, not at the level's end: a blocking repair of a
		// later command ends the pass first, and the next state ran the
		// hang again for its whole idle limit (Python-Markdown's `make
		// test`, coverage run over unittest, 5 minutes twice)
		res.noRepair = "it printed nothing for its idle limit and no rule reads a cause in its output: it waits for something that does not come (input, a peer, a privilege); a longer limit would not help, and later states do not run it again"
	case c.Level == pyramid.Runnable && pyramid.RemoteTarget(c.Text) != "":
		// rsync's `./rsync-ssl download.samba.org::rsyncftp/` lacked
		// rsync on the PATH, and Debian's rsync was installed for it
		res.noRepair = fmt.Sprintf("it addresses %s, a host of the internet: no repair of this environment makes that reachable", pyramid.RemoteTarget(c.Text))
	case waitedOnTerminal(c, res):
		res.noRepair = "on a pseudo-terminal it was still running after the keys a user quits with: it waits for a user at the keyboard (an interactive program)"
	case res.TimedOut && !res.Idle && boundedUse(c):
		res.noRepair = fmt.Sprintf("still running after %s: the program runs until stopped (an animation, a prompt, a server), not a use that ends", useTimeout)
	case stoppedByOwnTimeout(c, res):
		res.noRepair = "still running when its own `timeout` stopped it (exit 124): it waits or runs until stopped (a subscriber, an open connection, a server), not a use that ends"
	}
	if res.noRepair != "" {
		// No repair makes a program that waits or runs on end: the later
		// states do not spend its time limit on it again.
		r.cur.skip[c.Text] = res.noRepair
	}
	if waitedOnTerminal(c, res) {
		r.skipInteractive(c)
	}
	if vc, ok := pyramid.VerboseRerun(c, res.Counts); ok && l == pyramid.Testable && !res.reran {
		if vr, err := r.runCommand(ctx, sb, vc); err == nil {
			res.diag += "\n" + vr.diag // the failures' own output joins the log
		}
	}
	if vc, ok := pyramid.DependencyCheck(c, res.Counts, res.diag); ok {
		// a check that found nothing broken says nothing of the failure
		// (its "No broken requirements found." was mccabe's evidence)
		if vr, err := r.runCommand(ctx, sb, vc); err == nil && vr.ExitCode != 0 {
			res.diag += "\n" + vr.diag + namedInOutput(filepath.Join(r.stage, res.Log), res.diag, vr.diag)
		}
	}
	tolerable := l == pyramid.Testable && !res.TimedOut && pyramid.Tolerable(res.Counts)
	if tolerable && res.noRepair == "" {
		res.noRepair = r.unaffordable(res) // the nearly passing suite stands
	}
	if f := commandFailure(res); repair.Blocking(f) && res.noRepair == "" && !res.afterCut {
		changed, stop := r.repair(ctx, f)
		if changed {
			return res, fmt.Sprintf("`%s` failed (%s) and was repaired", res.Text, res.Verdict), false
		}
		res.noRepair = stop
	}
	return res, "", tolerable
}

// skipHungSuite: a whole suite that printed nothing for the idle limit
// waits on something its tests need; the level's other spellings of the
// whole suite with the same runner wait the same way (progressbar2's
// `python -m pytest -q` hung, then `py.test --cov …` ran out its 245 s):
// prove passes over them, and later states do not run them. Parts of the
// suite still run.
func (r *runner) skipHungSuite(c pyramid.Command) {
	runner := pyramid.SuiteRunner(c.Text)
	if runner == "" {
		return
	}
	for _, o := range r.cur.pyr.At(c.Level) {
		if _, done := r.cur.skip[o.Text]; !done && o.Text != c.Text && pyramid.SuiteRunner(o.Text) == runner {
			r.cur.skip[o.Text] = fmt.Sprintf("runs the whole suite with %s again, which hung in `%s` (no output for the idle limit)", runner, c.Text)
		}
	}
}

// skipInteractive: a program that waits for a user on a pseudo-terminal
// (fzf's `fzf --height 40%` drew its finder and never ended) does so for
// every documented use without input; its other uses of the level are not
// run again, each would need a terminal and wait its time limit out.
// Those that ask it for its version or usage stay.
func (r *runner) skipInteractive(c pyramid.Command) {
	prog := firstWord(c.Text)
	if prog == "" {
		return
	}
	for _, o := range r.cur.pyr.At(c.Level) {
		if o.Text != c.Text && !o.LastResort() && firstWord(o.Text) == prog {
			if _, done := r.cur.skip[o.Text]; !done {
				r.cur.skip[o.Text] = fmt.Sprintf("runs %s, which waits for a user at the keyboard (`%s` on a pseudo-terminal did not end)", prog, c.Text)
			}
		}
	}
}

// ownTimeoutRe is a step of a command run under timeout(1).
var ownTimeoutRe = regexp.MustCompile(`(?:^|&&|;|\|)\s*timeout \d+`)

// stoppedByOwnTimeout reports a Runnable command that its own `timeout N`
// stopped (exit 124): a README example of a client library that keeps its
// connection open (ioredis's pub/sub example published until killed) ran
// its 60 seconds in every state the run tried.
func stoppedByOwnTimeout(c pyramid.Command, res outcome) bool {
	return c.Level == pyramid.Runnable && !c.TTY && res.ExitCode == 124 && !res.TimedOut && ownTimeoutRe.MatchString(c.Text)
}

// onlyHung reports whether the hung rule alone diagnoses f: no rule
// reads a cause (a service, root, the network) a repair could give.
func onlyHung(f repair.Failure) bool {
	ds := repair.Diagnose(f)
	return len(ds) > 0 && !slices.ContainsFunc(ds, func(d repair.Diagnosis) bool { return d.Rule != "hung" })
}
