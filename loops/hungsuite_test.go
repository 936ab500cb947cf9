package loops

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
)

// A whole suite that hung (no output for the idle limit) is not run again
// through another spelling of its runner after a part of it passed
// (progressbar2: `python -m pytest -q` hung, `py.test --cov …` then ran
// out its time); a part of the suite and the next level still run.
func TestHungSuiteOtherSpellingsSkipped(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch text {
		case "python -m pytest tests/test_perf.py":
			return 0, "tests/test_perf.py ...                    [100%]\n3 passed in 0.1s\n"
		case "python -m pytest -q":
			return fakeIdle, "....\n"
		case "./prog in.txt":
			return 0, "done\n"
		}
		return 1, ""
	}
	p := pyr(10, documented("python -m pytest -q", pyramid.Unit), documented("py.test --cov pkg", pyramid.Unit),
		documented("python -m pytest tests/test_perf.py", pyramid.Unit), documented("./prog in.txt", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: repair.RulesBrain{}, MaxTime: time.Hour, CommandTimeout: time.Hour})
	if got := f.commandsRun(); slices.Contains(got, "py.test --cov pkg") || !slices.Contains(got, "python -m pytest tests/test_perf.py") {
		t.Fatalf("commands %v", got)
	}
	if rep.Level != pyramid.Runnable {
		t.Fatalf("level %s (%s)", rep.Level, rep.WhyNotHigher)
	}
}

// A suite that hung, with no cause a rule reads, is not run again in the
// state a later command's blocking repair makes (Python-Markdown: `make
// test` hung under coverage, `python -m unittest -v` then lacked yaml,
// and the next state ran `make test` first again, five more minutes).
func TestHungSuiteNotRunAgainAfterAnotherRepair(t *testing.T) {
	f := newFake()
	f.command = func(script, text string) (int, string) {
		switch {
		case text == "make test":
			return fakeIdle, "coverage run --source=pkg -m unittest discover tests\n....FFF....\n"
		case strings.Contains(script, "python3-yaml"):
			return 0, "Ran 989 tests in 1.0s\n\nOK\n"
		}
		return 1, "ModuleNotFoundError: No module named 'yaml'\n"
	}
	p := pyr(990, documented("make test", pyramid.Unit), documented("python -m unittest discover -s tests -v", pyramid.Unit))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Target: pyramid.Testable, Repairer: addPackage("python -m unittest discover -s tests -v", "python3-yaml")})
	runs := 0
	for _, c := range f.commandsRun() {
		if c == "make test" {
			runs++
		}
	}
	if rep.Level != pyramid.Testable || runs != 1 {
		t.Fatalf("level %s (%s); `make test` ran %d times: %v", rep.Level, rep.WhyNotHigher, runs, f.commandsRun())
	}
}
