package repair

import (
	"regexp"

	"github.com/heragent/heragent/bashfile"
)

// pytestCoverage: the project's pytest options measure coverage
// (`addopts = --cov=…`), and Debian's coverage, older than the project's,
// cannot read its configuration: multidict's `[report] exclude_also`
// (coverage 7.2) makes coverage 6.5 warn "Unrecognized option", which the
// project's filterwarnings=error turns into a startup failure of
// pytest-cov before any test runs. Coverage is a report about the tests,
// not a test: pytest-cov's own --no-cov (PYTEST_ADDOPTS, which every
// spelling of the suite reads) switches it off. Once.
type pytestCoverage struct{}

// pytestCoverageRe is coverage failing, and pytestCovRe the traceback
// passing through pytest-cov.
var (
	pytestCoverageRe = regexp.MustCompile(`(?m)^[ \t]*((?:coverage\.exceptions\.(?:CoverageWarning|ConfigError|CoverageException)|coverage\.misc\.CoverageException)\b.*)$`)
	pytestCovRe      = regexp.MustCompile(`/pytest_cov/`)
)

// noCoverage is the PYTEST_ADDOPTS the repair persists. pytest-cov then
// warns at the end of the run that --no-cov switched it off, which the
// same filterwarnings=error makes the run's error after every test passed
// (aiocache: 426 passed, then CovDisabledWarning's traceback): that one
// warning is ignored.
var noCoverage = addopts("--no-cov -W ignore::pytest_cov.plugin.CovDisabledWarning")

func (pytestCoverage) Name() string { return "pytest-coverage" }

func (pytestCoverage) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand || !pytestCovRe.MatchString(f.Log) {
		return nil
	}
	if m := pytestCoverageRe.FindStringSubmatch(f.Log); m != nil {
		return []Diagnosis{{Kind: PytestCoverage, Evidence: m[1]}}
	}
	return nil
}

func (r pytestCoverage) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != PytestCoverage {
		return Proposal{}, false
	}
	if ctx.File != nil && ctx.File.Contains("--no-cov") {
		return record(d, "pytest-cov fails without coverage too: "+d.Evidence), true
	}
	return edit(d, "the installed coverage cannot read the project's coverage configuration ("+d.Evidence+"): the suite runs without the coverage report (--no-cov)",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: noCoverage, Why: why(r, d)}), true
}
