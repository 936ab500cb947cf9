package repair

import (
	"fmt"
	"regexp"

	"github.com/heragent/heragent/bashfile"
)

// pytestTooOld: the project's pytest configuration asks for a newer
// pytest than Debian's (bookworm: 7.2) with `minversion = "8.0"`, and
// PyPI may be out of reach. pytest refuses to start (exit 4, no test
// run). The minimum is lifted for every run through PYTEST_ADDOPTS
// (`-o minversion=0` overrides the ini key): the suite then runs on the
// pytest there is, and what an older pytest cannot do shows as failures
// the report counts. Once only.
type pytestTooOld struct{}

var pytestTooOldMatches = []match{
	// ERROR: /repo/tox.ini: 'minversion' requires pytest-8.0, actual pytest-7.2.1'
	{PytestTooOld, regexp.MustCompile(`'minversion' requires pytest-([\d.]+), actual pytest-[\d.]+`)},
}

func (pytestTooOld) Name() string { return "pytest-too-old" }

func (pytestTooOld) Diagnose(f Failure) []Diagnosis { return scan(f.Log, pytestTooOldMatches, nil) }

func (r pytestTooOld) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != PytestTooOld {
		return Proposal{}, false
	}
	if ctx.File != nil && ctx.File.Find(bashfile.Runtimes, "minversion=0") >= 0 {
		return record(d, fmt.Sprintf("the project needs pytest %s and only an older one is installed", d.Subject)), true
	}
	return edit(d, fmt.Sprintf("the project's configuration asks for pytest %s; the installed one is older: lift the minimum (-o minversion=0) and run the suite on it", d.Subject),
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: `persist_env PYTEST_ADDOPTS "${PYTEST_ADDOPTS:+$PYTEST_ADDOPTS }-o minversion=0"`, Why: why(r, d)}), true
}
