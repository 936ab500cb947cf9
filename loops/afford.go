package loops

import (
	"fmt"
	"time"
)

// unaffordable says why a repair of res's failure is not worth making
// when the level is in hand already (a nearly passing suite, a weak pass):
// a repair edits a section the build comes after, so the level is claimed
// again only after the Bash File has run again and res's command after
// it — about the last clean setup's time plus the command's. When that is
// more than the run has left, the repair would end the run mid-setup and
// lose the level and the Runnable tier (openvpn: `make check` 22 passed,
// 1 failed for a missing `ip`; the repair's second setup met the budget
// and the run ended Installable). It returns "" when the repair fits.
func (r *runner) unaffordable(res outcome) string {
	setup := 0.0
	for _, s := range r.rep.Setup {
		if s.ExitCode == 0 && !s.TimedOut {
			setup = s.Seconds
		}
	}
	cost := time.Duration((setup + res.Seconds) * float64(time.Second))
	left := r.o.MaxTime - time.Since(r.start)
	if cost <= left {
		return ""
	}
	return fmt.Sprintf("a repair would run the Bash File again and `%s` after it (about %s), more than the run has left (%s)",
		res.Text, cost.Round(time.Second), max(left, 0).Round(time.Second))
}
