package batch

import (
	"testing"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

func TestWhyClass(t *testing.T) {
	below := &Result{Status: StatusBelow}
	rep := func(level pyramid.Level, why string, kinds ...repair.Kind) *report.Report {
		r := &report.Report{Target: pyramid.Runnable, Level: level, WhyNotHigher: why,
			History: []report.LevelStep{{Iteration: 0}, {Iteration: 1, Best: true}}}
		for i, k := range kinds { // the last in the best state (iteration 1), the others before
			r.Repairs = append(r.Repairs, report.RepairRecord{Iteration: i + 2 - len(kinds), Diagnosis: repair.Diagnosis{Kind: k}})
		}
		return r
	}
	for _, c := range []struct {
		rec  *Result
		rep  *report.Report
		want string
	}{
		{nil, nil, "not run"},
		{&Result{Status: StatusError, Error: "exit 3"}, nil, "run error (error)"},
		{&Result{Status: StatusError, Error: "exit 2: repository unreachable: https://github.com/postgres/postgres: dial tcp: lookup github.com"}, nil, "repository unreachable"},
		{&Result{Status: StatusOK}, rep(pyramid.Runnable, ""), ClassReached},
		{&Result{Status: StatusTimeout}, rep(pyramid.Testable, "stopped"), "time limit"},
		{below, rep(pyramid.Testable, "budget spent: 30m"), "budget"},
		{below, rep(pyramid.None, "the Bash File builds nothing"), "no build system found"},
		{below, rep(pyramid.Installable, "the repository has no test suite heragent can find (…): no testable command passed: …", repair.NoSuchTarget), "no test suite in the repository"},
		{below, rep(pyramid.Installable, "x", repair.NetworkUnreachable), "needs the network"},
		{below, rep(pyramid.Testable, "no runnable command to run"), "no runnable command"},
		{below, rep(pyramid.None, "the Bash File fails", repair.Unknown), "setup fails: unknown"},
		// the diagnosis before the best state's iteration is not what stopped it
		{below, rep(pyramid.Installable, "tests fail", repair.Unknown, repair.TestFailure), "installable, next fails: test_failure"},
		{below, rep(pyramid.Testable, "x"), "testable, next fails"},
	} {
		if got, _ := WhyClass(c.rec, c.rep); got != c.want {
			t.Errorf("WhyClass(%+v, %+v) = %q, want %q", c.rec, c.rep, got, c.want)
		}
	}
}
