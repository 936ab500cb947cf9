package loops

import "github.com/heragent/heragent/pyramid"

// usageCommands are the commands that run the program of c, a Runnable
// command that failed, the way the usage message it printed says
// (pyramid.FromUsage); they join the run's pyramid, so pyramid.json and
// verify know them, and run next.
func (r *runner) usageCommands(c pyramid.Command, res outcome) []pyramid.Command {
	if res.TimedOut || res.ExitCode == 0 {
		return nil
	}
	var out []pyramid.Command
	for _, u := range pyramid.FromUsage(c, res.diag) {
		if _, skip := r.cur.skip[u.Text]; !r.cur.pyr.Has(u) && !skip {
			r.cur.pyr.Commands = append(r.cur.pyr.Commands, u)
			r.usage = append(r.usage, u)
			out = append(out, u)
		}
	}
	return out
}
