package repair

import (
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// pytestWarningFilter: the project's pytest configuration filters a
// warning class the installed packages do not define as one (isort's
// `ignore:…:hypothesis.errors.SmallSearchSpaceWarning` on bookworm's
// hypothesis), and pytest refuses to start: "ERROR: while parsing the
// following warning configuration" (exit 4, no test run). Warning
// filters only decide which warnings fail or hide; without them the suite
// runs on what is installed: `-o filterwarnings=` (PYTEST_ADDOPTS, which
// every spelling of the suite reads) empties the setting. Once.
type pytestWarningFilter struct{}

// pytestWarningConfigLine starts pytest's refusal.
const pytestWarningConfigLine = "ERROR: while parsing the following warning configuration"

// noWarningFilters is the PYTEST_ADDOPTS the repair persists.
var noWarningFilters = addopts("-o filterwarnings=")

func (pytestWarningFilter) Name() string { return "pytest-warning-filter" }

func (pytestWarningFilter) Diagnose(f Failure) []Diagnosis {
	ls := logLines(f.Log)
	for i, l := range ls {
		if !strings.Contains(l, pytestWarningConfigLine) {
			continue
		}
		d := Diagnosis{Kind: PytestWarningFilter, Evidence: strings.TrimSpace(l)}
		for _, n := range ls[i+1:] {
			if t := strings.TrimSpace(n); t != "" {
				d.Subject, d.Evidence = t, d.Evidence+" "+t // the filter
				break
			}
		}
		return []Diagnosis{d}
	}
	return nil
}

func (r pytestWarningFilter) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != PytestWarningFilter {
		return Proposal{}, false
	}
	if ctx.File != nil && ctx.File.Contains("-o filterwarnings=") {
		return record(d, "pytest cannot read the project's warning filters: "+d.Subject), true
	}
	return edit(d, "the project's pytest warning filter names a warning class the installed packages lack ("+d.Subject+"): the suite runs without its warning filters",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: noWarningFilters, Why: why(r, d)}), true
}
