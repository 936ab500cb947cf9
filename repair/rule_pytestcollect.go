package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// pytestCollection: pytest stopped before running anything because some
// test modules failed to collect ("Interrupted: 10 errors during
// collection"), for a cause no other rule repairs — a submodule's test
// data the sandbox cannot fetch (tomlkit's tests/toml-test), a module of
// a dependency Debian lacks, a test module written for another Python.
// A configuration asking for pytest's importlib import mode gets the
// default one first (importModeEdit). The test modules that collect can
// still run: pytest is told to go on
// past collection errors (PYTEST_ADDOPTS, which every spelling of the
// suite reads), and the errors count as the suite's, judged like any
// failure (a few among many are tolerated, pyramid.Tolerable). A fallback
// (Kind.fallback): only when no other diagnosis of the failure gets an
// edit, so it never hides a cause a repair would fix.
type pytestCollection struct{}

// pytestCollectingRe names a test module that failed to collect.
var pytestCollectingRe = regexp.MustCompile(`^_+ ERROR collecting (\S+) _+$`)

// pytestErrorSummaryRe is the short test summary's line for a module
// that failed to collect, with its cause.
var pytestErrorSummaryRe = regexp.MustCompile(`^ERROR (\S+\.py) - (.+)$`)

// addopts persists pytest options in PYTEST_ADDOPTS, after those the
// Bash File gave it already: every spelling of the suite reads them.
func addopts(opts string) string {
	return `persist_env PYTEST_ADDOPTS "${PYTEST_ADDOPTS:+$PYTEST_ADDOPTS }` + opts + `"`
}

// continueOnCollection is the PYTEST_ADDOPTS the repair persists.
var continueOnCollection = addopts("--continue-on-collection-errors")

func (pytestCollection) Name() string { return "pytest-collection" }

func (pytestCollection) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand || f.TimedOut || !pytestCollectRe.MatchString(f.Log) || strings.Contains(f.Log, "--continue-on-collection-errors") {
		return nil
	}
	d := Diagnosis{Kind: PytestCollection, Evidence: lastLine(f.Log)}
	for _, l := range logLines(f.Log) {
		if m := pytestCollectingRe.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			d.Subject, d.Evidence = m[1], strings.TrimSpace(l)
			break
		}
	}
	for _, l := range logLines(f.Log) {
		// the short summary says why: "ERROR test_mccabe.py - NameError:
		// name 'settings' is not defined"
		if m := pytestErrorSummaryRe.FindStringSubmatch(strings.TrimSpace(l)); m != nil && (d.Subject == "" || m[1] == d.Subject) {
			d.Subject, d.Evidence = m[1], strings.TrimSpace(l)
			break
		}
	}
	return []Diagnosis{d}
}

func (r pytestCollection) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != PytestCollection {
		return Proposal{}, false
	}
	if p, ok := importModeEdit(r, d, ctx); ok {
		return p, true // the configuration's import mode first (rule_pytestimportmode.go)
	}
	if ctx.File != nil && ctx.File.Contains("--continue-on-collection-errors") {
		return record(d, "test modules fail to collect although pytest goes on past them: "+d.Evidence), true
	}
	return edit(d, "test modules fail to collect for a cause no repair here fixes ("+d.Evidence+"): pytest runs the modules that collect",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: continueOnCollection, Why: why(r, d)}), true
}
