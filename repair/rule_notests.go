package repair

import (
	"strconv"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
)

// noTestsRan: a Testable command exited 0 and printed no test a parser
// counts — a type check (`tsgo --noEmit`, `flow check`), a benchmark, a
// lint under a test-like name. Nothing failed that a change of the
// environment would fix; recorded with what it printed last, not as
// unknown. A more specific reading of the same log (ctest's "No tests
// were found", a project option that turns them off) comes first. So is
// the test subset that found no test program to build alone (its tests
// are scripts or pytest: bashfile.NoTestProgram).
type noTestsRan struct{}

func (noTestsRan) Name() string { return "no-tests-ran" }

func (noTestsRan) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand || f.TimedOut || f.Counts.Ran() {
		return nil
	}
	last := lastLine(f.Log)
	if f.ExitCode == 0 && strings.HasPrefix(f.Verdict, pyramid.NoTestSeen) || strings.HasPrefix(last, bashfile.NoTestProgram) {
		d := Diagnosis{Kind: NoTestsRan, Subject: f.Command, Evidence: last}
		if f.Counts.Skipped > 0 {
			d.Detail = strconv.Itoa(f.Counts.Skipped) // every test it has skipped itself (uftpd's 11 SKIP)
		}
		return []Diagnosis{d}
	}
	return nil
}

func (r noTestsRan) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NoTestsRan {
		return Proposal{}, false
	}
	if e, name, ok := autotoolsTestSwitch(ctx, d.Subject, why(r, d)); ok {
		return edit(d, "configure.ac builds the tests only when asked ("+name+", off by default) and `"+d.Subject+"` ran none: configure with --enable-"+name, e), true
	}
	if d.Detail != "" {
		return record(d, "every test it has skipped itself ("+d.Detail+" skipped, none run): what each needs and lacks here (a tool, privileges, a namespace, a service) is in the suite's own logs; its last line: "+d.Evidence), true
	}
	return record(d, "it exited 0 without running a test a parser counts: it checks something else (a type check, a lint, a benchmark); its last line: "+d.Evidence), true
}
