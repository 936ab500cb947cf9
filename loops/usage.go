package loops

import (
	"strings"
	"time"

	"github.com/heragent/heragent/pyramid"
)

// usageCommands are the commands that run the program of c, a Runnable
// command that failed (exit 0 with only its usage too), the way the usage message it printed says
// (pyramid.FromUsage), or of a last resort that passed, the way the usage
// it was asked for says (pyramid.FromHelp); they join the run's pyramid,
// so pyramid.json and verify know them, and run next.
func (r *runner) usageCommands(c pyramid.Command, res outcome) []pyramid.Command {
	from := pyramid.FromUsage
	switch {
	case res.TimedOut:
		return nil
	case res.Passed && c.LastResort():
		from = pyramid.FromHelp
	case res.Passed:
		return nil
	}
	var out []pyramid.Command
	for _, u := range from(c, res.diag) {
		if _, skip := r.cur.skip[u.Text]; !r.cur.pyr.Has(u) && !skip {
			r.cur.pyr.Commands = append(r.cur.pyr.Commands, u)
			r.usage = append(r.usage, u)
			out = append(out, u)
		}
	}
	return out
}

// usageSmoke are, for a Testable smoke probe its program refused with
// its usage (simdcsv's `Usage: ./build/simdcsv <csvfile>` for
// --version), the commands that run it as the usage says, as smoke probes
// of their own; their Runnable originals join the pyramid (usageCommands)
// and reuse the smoke run's result.
func (r *runner) usageSmoke(c pyramid.Command, res outcome) []pyramid.Command {
	if c.Bucket != pyramid.Smoke {
		return nil
	}
	var out []pyramid.Command
	for _, u := range r.usageCommands(c, res) {
		s := pyramid.SmokeCopy(u, "the smoke probe's program printed its usage")
		r.usage = append(r.usage, s)
		out = append(out, s)
	}
	return out
}

// helpProbe reports whether c asks its program for its usage: after a
// last resort passed, the next would prove no more, but this one is run
// for the usage it prints (usageCommands).
func helpProbe(c pyramid.Command) bool {
	return c.LastResort() && strings.HasSuffix(c.Text, " --help")
}

// settledIdle is the silence that ends a command after its test runner
// said its tests are done (pyramid.Settled).
const settledIdle = 20 * time.Second

// forceExit is the Testable command c again with Jest's --forceExit when
// its run was stopped lingering after its tests (pyramid.ForceExit); it
// joins the run's pyramid, so pyramid.json and verify know it.
func (r *runner) forceExit(l pyramid.Level, c pyramid.Command, res outcome) (pyramid.Command, bool) {
	if l != pyramid.Testable || res.Passed || !res.Idle {
		return pyramid.Command{}, false
	}
	fc, ok := pyramid.ForceExit(c, res.Tail+"\n"+res.diag)
	if !ok {
		return pyramid.Command{}, false
	}
	if _, skip := r.cur.skip[fc.Text]; skip || r.cur.pyr.Has(fc) {
		return pyramid.Command{}, false
	}
	r.cur.pyr.Commands = append(r.cur.pyr.Commands, fc)
	return fc, true
}

// servedAgain is the Runnable command c as a server probe when its run
// timed out saying it listens on a port (pyramid.ServedAgain); it joins
// the run's pyramid, so pyramid.json and verify know it.
func (r *runner) servedAgain(l pyramid.Level, c pyramid.Command, res outcome) (pyramid.Command, bool) {
	if l != pyramid.Runnable || !res.TimedOut {
		return pyramid.Command{}, false
	}
	sc, ok := pyramid.ServedAgain(c, res.Tail)
	if !ok {
		return pyramid.Command{}, false
	}
	if _, skip := r.cur.skip[sc.Text]; skip || r.cur.pyr.Has(sc) {
		return pyramid.Command{}, false
	}
	r.cur.pyr.Commands = append(r.cur.pyr.Commands, sc)
	r.usage = append(r.usage, sc) // made while it ran: the proof's state keeps it
	return sc, true
}
