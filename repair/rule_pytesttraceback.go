package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// pytestTraceback: Python 3.11 before 3.11.5 — bookworm's 3.11.2 — can
// raise "SystemError: AST constructor recursion depth mismatch" when
// pytest parses a test's source to show a failure's traceback (CPython
// gh-106905). pytest then stops the whole session with an INTERNALERROR
// at that failure, and the tests after it never run (python-dbus-next:
// 4 of its tests ran). Native tracebacks (--tb=native, through
// PYTEST_ADDOPTS) parse no source: the suite runs to its end and reports
// every test. Once.
type pytestTraceback struct{}

var pytestASTCrashRe = regexp.MustCompile(`^INTERNALERROR> SystemError: AST constructor recursion depth mismatch`)

var nativeTracebacks = addopts("--tb=native")

func (pytestTraceback) Name() string { return "pytest-traceback" }

func (pytestTraceback) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand {
		return nil
	}
	for _, l := range logLines(f.Log) {
		if l = strings.TrimSpace(l); pytestASTCrashRe.MatchString(l) {
			return []Diagnosis{{Kind: PytestTraceback, Evidence: l}}
		}
	}
	return nil
}

func (r pytestTraceback) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != PytestTraceback {
		return Proposal{}, false
	}
	if ctx.File != nil && ctx.File.Contains("--tb=native") {
		return record(d, "pytest still stopped on an internal error with native tracebacks: "+d.Evidence), true
	}
	return edit(d, "pytest stopped the session on an internal error while it showed a failure's traceback ("+d.Evidence+", a bug of Python 3.11 before 3.11.5): the suite runs with native tracebacks (--tb=native), which parse no source, so every test runs and reports",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: nativeTracebacks, Why: why(r, d)}), true
}
