package loops

import (
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

// A Python suite whose failures come from an installed dependency's
// version is diagnosed by pip check, run after it: the report names the
// dependency and both versions instead of "no rule knows".
func TestPythonFailuresAreCheckedAgainstTheRequirements(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch text {
		case "python -m pytest -q":
			return 1, "E   TypeError: ConnectionPool.__init__() got an unexpected keyword argument 'socket_options'\n" +
				"/usr/lib/python3/dist-packages/httpcore/_sync/connection_pool.py:52: TypeError\n177 failed, 1111 passed, 1 skipped in 20.64s\n"
		case "python3 -m pip check":
			return 1, "httpx 0.28.1 has requirement httpcore==1.*, but you have httpcore 0.16.3.\nmkdocs 1.4.2 has requirement markdown<3.4,>=3.2.1, but you have markdown 3.4.1.\n"
		}
		return 1, ""
	}
	p := pyr(1289, documented("python -m pytest -q", pyramid.Unit))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: repair.RulesBrain{}})
	i := slices.IndexFunc(rep.Repairs, func(r report.RepairRecord) bool { return r.Diagnosis.Kind == repair.DependencyVersion })
	if i < 0 || rep.Repairs[i].Diagnosis.Subject != "httpcore 0.16.3 (httpx 0.28.1 asks httpcore==1.*)" {
		t.Fatalf("repairs %+v; commands %v", rep.Repairs, f.commandsRun())
	}
}

// A record made beside a repair of the same failure does not keep the
// command from running in the repaired state: the repair may fix it.
func TestRecordBesideARepairDoesNotSkipTheCommand(t *testing.T) {
	f := newFake()
	f.command = func(script, text string) (int, string) {
		if text == "python -m pytest -q" && strings.Contains(script, "python3-zstandard") {
			return 0, "12 passed in 0.10s\n"
		}
		return 1, "E   ModuleNotFoundError: No module named 'zstandard'\n1 error in 0.10s\n"
	}
	both := func(fl repair.Failure, file *bashfile.File) []repair.Proposal {
		if fl.Phase != repair.PhaseCommand {
			return nil
		}
		add := addPackage(fl.Command, "python3-zstandard")(fl, file)
		return append(add, repair.Proposal{Diagnosis: repair.Diagnosis{Kind: repair.DependencyVersion, Subject: "markdown 3.4.1"}, Action: repair.ActionRecord, Reason: "recorded"})
	}
	p := pyr(12, documented("python -m pytest -q", pyramid.Unit))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: scripted(both)})
	if rep.Level != pyramid.Testable || rep.Tests.Passed != 12 {
		t.Fatalf("level %s tests %+v (%s); commands %v", rep.Level, rep.Tests, rep.WhyNotHigher, f.commandsRun())
	}
}

// The distribution pip check names may appear only in tracebacks the
// failure's excerpt cuts (pytest-xdist: execnet's frames in the middle of
// a long log): it is looked for in the whole log.
func TestDependencyNamedOnlyInTheWholeLog(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch text {
		case "python -m pytest -q":
			var b strings.Builder
			for i := 0; i < 80; i++ {
				b.WriteString("    a frame of the session\n")
			}
			b.WriteString("  File \"/usr/lib/python3/dist-packages/execnet/multi.py\", line 40, in __init__\n")
			for i := 0; i < 80; i++ {
				b.WriteString("FAILED testing/acceptance_test.py::test_x - Failed: unknown execmodel\n")
			}
			b.WriteString("158 failed, 104 passed in 12.00s\n")
			return 1, b.String()
		case "python3 -m pip check":
			return 1, "pytest-xdist 0.0.0 has requirement execnet>=2.1, but you have execnet 1.9.0.\n"
		}
		return 1, ""
	}
	p := pyr(262, documented("python -m pytest -q", pyramid.Unit))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: repair.RulesBrain{}})
	if !slices.ContainsFunc(rep.Repairs, func(r report.RepairRecord) bool { return r.Diagnosis.Kind == repair.DependencyVersion }) {
		t.Fatalf("repairs %+v", rep.Repairs)
	}
}
