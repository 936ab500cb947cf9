package loops

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/report"
)

// A Testable ctest runs its tests one per core (pyramid.CTestParallel).
// Tests that collide when run together — a fixed port, a shared scratch
// file, a server each starts — fail in parallel and pass alone. When a
// parallel ctest fails, the failed tests run again one at a time
// (`ctest --rerun-failed`, only the failures; the first maxRerun of them
// when more failed): if fewer fail alone, the
// suite is run serially as the next candidate, and for the rest of the
// run (r.serial); if as many fail again, the failures are the suite's
// own and go to repair as before, their output (--output-on-failure)
// added to the diagnosis.

// serialFallback returns the serial spelling of c to run next, when c's
// parallel ctest failed only on tests that pass alone.
func (r *runner) serialFallback(ctx context.Context, sb Sandbox, l pyramid.Level, c pyramid.Command, res *outcome) (pyramid.Command, bool) {
	serial, ok := pyramid.SerialCTest(c.Text)
	before := res.Counts.Failed + res.Counts.Errors
	if !ok || l != pyramid.Testable || res.Passed || before == 0 {
		return pyramid.Command{}, false
	}
	if r.collided(*res) {
		// the tests' servers took the same port: serial from now on
		// (the resumed suite and later states); next, unless the run
		// was cut at its share, which leaves no time for another
		r.runSerially(c, serial, "its tests' servers collided on a port run in parallel (Address already in use)")
		return serialCommand(c, serial, "its tests collided on a port in parallel"), !res.TimedOut
	}
	if res.TimedOut || res.Counts.Passed == 0 || strings.Contains(res.diag, "***Timeout") {
		// cut, or a test ran out its per-test limit: run again alone it
		// would take that long again (re2's dfa_test, 290 s); nothing
		// passed: the environment, not a collision
		return pyramid.Command{}, false
	}
	rerun, tried := pyramid.FailedCTestRerun(c), before
	if before > maxRerun {
		if pyramid.Tolerable(res.Counts) {
			// the parallel run proves Testable as it is (libuv's 64 of
			// 1012): a serial one would take four times as long
			return pyramid.Command{}, false
		}
		// too many to run again alone in the time a serial suite would
		// take: a sample of them (cpp-httplib's 92 of 826, on fixed ports
		// and the network)
		rerun, tried = pyramid.FailedCTestSample(c, maxRerun), maxRerun
	}
	again, err := r.runCommand(ctx, sb, rerun)
	if err != nil {
		return pyramid.Command{}, false
	}
	res.reran = before <= maxRerun // its failures' output is in again's log: no VerboseRerun
	alone := again.Counts.Failed + again.Counts.Errors
	if again.TimedOut || again.Counts.Passed == 0 || alone >= tried {
		res.diag += "\n" + again.diag
		return pyramid.Command{}, false
	}
	// fewer failed alone than in parallel (libuv's two test programs, the
	// same suite on the same fixed ports: 54 failed in parallel, 4 alone)
	why := fmt.Sprintf("%d failed in parallel, %d of %d of them run again one at a time", before, alone, tried)
	r.runSerially(c, serial, why)
	return serialCommand(c, serial, why), true
}

// collidedRe is a server of a test that found its port taken: tests run
// in parallel that each start a server on a fixed port (mosquitto's
// broker tests on 1888).
var collidedRe = regexp.MustCompile(`(?i)address already in use`)

// maxRerun is the most failed tests run again alone to tell a
// collision: more, and a sample of this many runs again (the whole rerun
// would cost what the serial suite would).
const maxRerun = 20

// collided reports a parallel run whose tests' servers found their port
// taken, anywhere in its log (the excerpt keeps only some error lines:
// mosquitto's 310 failures filled it with tracebacks).
func (r *runner) collided(res outcome) bool {
	if collidedRe.MatchString(res.diag) {
		return true
	}
	return res.Log != "" && collidedRe.MatchString(readCapped(filepath.Join(r.stage, res.Log), maxOutputParsed))
}

// runSerially makes the run use serial for c from now on.
func (r *runner) runSerially(c pyramid.Command, serial, why string) {
	if r.serial == nil {
		r.serial = map[string]string{}
	}
	r.serial[c.Text] = serial
	for i, k := range r.cur.pyr.Commands {
		// the state's pyramid runs it serially: the repairs that mark how
		// it runs (as a user, with a service), its skips and the exported
		// pyramid that verify reads know it by this text
		if k.Text == c.Text && k.Level == c.Level {
			r.cur.pyr.Commands[i].Text = serial
		}
	}
	r.traj.emit(report.Event{Phase: "command", Iteration: r.iter, Level: string(c.Level), Command: serial,
		Message: why + ": the suite runs serially"})
}

// serialCommand is c run serially, saying why.
func serialCommand(c pyramid.Command, serial, why string) pyramid.Command {
	sc := c
	sc.Text = serial
	sc.Reason = c.Reason + "; run one test at a time: " + why
	return sc
}

// serialized returns c as the run now runs it: serially when its
// parallel ctest collided (serialFallback).
func (r *runner) serialized(c pyramid.Command) pyramid.Command {
	if s, ok := r.serial[c.Text]; ok {
		c.Text = s
	}
	return c
}
