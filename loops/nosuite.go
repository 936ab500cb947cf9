package loops

import (
	"context"
	"fmt"
	"strings"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

// A project can have tests that cannot run here at all: libwebp's are
// fuzz targets behind an option whose framework (fuzztest) CMake fetches
// from GitHub, and its `gradle test` needs jcenter. Every Testable
// command then ran no test — it exited 0 with none to run, and no repair
// turns them on, or it needed the network — so nothing of the suite
// fails, and nothing of it can pass either. Stopping at Installable
// would hide that the program works; the program's real uses, run as
// Testable's runtime probe (smoke, the weakest evidence), show it, and
// the report says the suite could not run and why. A test that ran and
// failed, a run that timed out, or a failure no rule read is never
// hidden this way: those go to repair or to tolerate as before.

// suiteCannotRun reports whether every failed Testable command ran no
// test for a reason this sandbox keeps: it exited 0 with no test to run,
// it was diagnosed as needing the network, or as a target the project
// does not have.
func (r *runner) suiteCannotRun(failed []outcome) bool {
	for _, fc := range failed {
		if fc.TimedOut || fc.Counts.Total() > 0 {
			return false
		}
		if fc.ExitCode == 0 || r.offlineNeed(fc) != "" || r.diagnosedHere(fc.Text, noSuchTarget) {
			continue
		}
		return false
	}
	return len(failed) > 0
}

func noSuchTarget(rp report.RepairRecord) bool { return rp.Diagnosis.Kind == repair.NoSuchTarget }

// smokeWithoutSuite runs, when the suite cannot run here, the Runnable
// candidates' smoke copies (smokePicks: two real uses, then a last
// resort); ok reports a pass that proved Testable by smoke.
func (r *runner) smokeWithoutSuite(ctx context.Context, sb Sandbox, failed []outcome, why []string, p *proof) (levelResult, bool, error) {
	if !r.suiteCannotRun(failed) {
		return levelResult{}, false, nil
	}
	runnable, _ := r.candidates(pyramid.Runnable)
	var smoke []pyramid.Command
	for _, u := range smokePicks(runnable) {
		c := pyramid.SmokeCopy(u, "the suite's commands ran no test here")
		c.Reason = "no test of the suite can run here: running the program is the runtime probe (" + u.Reason + ")"
		if !r.cur.pyr.Has(c) {
			r.cur.pyr.Commands = append(r.cur.pyr.Commands, c)
			r.usage = append(r.usage, c) // made while it ran: the proof's state keeps it
		}
		smoke = append(smoke, c)
	}
	if _, res, ok, err := r.firstTestablePass(ctx, sb, smoke, p); ok || err != nil {
		if err != nil {
			return levelResult{}, false, err
		}
		shown := why
		if len(shown) > 3 {
			shown = append(shown[:3:3], fmt.Sprintf("%d more", len(why)-3))
		}
		p.notes = append(p.notes, fmt.Sprintf("testable by a smoke probe only: no test of the suite could run here (%s)", strings.Join(shown, "; ")))
		return levelResult{passed: true, how: " (" + res.Evidence + ", the suite could not run here)"}, true, nil
	}
	return levelResult{}, false, nil
}
