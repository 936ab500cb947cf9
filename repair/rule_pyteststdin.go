package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// pytestStdin: tests of code that reads its own stdin (a task runner's
// subprocess layer forwarding its input to the child: invoke's Runner
// tests) fail under pytest's output capture, which replaces stdin with a
// reader that refuses: "OSError: pytest: reading from stdin while output
// is captured!  Consider using `-s`." The project runs them uncaptured
// (invoke's test task: capture=no); pytest names the switch itself. The
// suite runs with --capture=no (PYTEST_ADDOPTS, which every spelling of
// it reads); a command's stdin here is an empty pipe, so what the tests read
// ends at once. Once.
type pytestStdin struct{}

var pytestStdinRe = regexp.MustCompile(`pytest: reading from stdin while output is captured`)

var noCapture = addopts("--capture=no")

func (pytestStdin) Name() string { return "pytest-stdin" }

func (pytestStdin) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand {
		return nil
	}
	for _, l := range logLines(f.Log) {
		if pytestStdinRe.MatchString(l) {
			return []Diagnosis{{Kind: PytestStdin, Evidence: strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "E "))}}
		}
	}
	return nil
}

func (r pytestStdin) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != PytestStdin {
		return Proposal{}, false
	}
	if ctx.File != nil && ctx.File.Contains("--capture=no") {
		return record(d, "the tests still read a captured stdin with pytest's capture off: "+d.Evidence), true
	}
	return edit(d, "the tests read stdin, which pytest's output capture refuses ("+d.Evidence+"): the suite runs uncaptured (--capture=no), as pytest's message asks",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: noCapture, Why: why(r, d)}), true
}
