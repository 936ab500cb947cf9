package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// pytestNose: pytest 7 (Debian's) still runs nose-style fixtures — a
// test module's module-level function named setup or teardown is called
// with the module before its tests. A test module that imports a
// function of that name for another use (humanfriendly's tests import
// its Sphinx extension's setup(app); a setup.py helper's setup) gets it
// called with the module, and every test of the module errors at setup:
// "ERROR at setup of …", the traceback's argument a <module …>. pytest 8
// dropped nose support, which is why the project's CI passes. pytest's
// own switch turns the nose plugin off (-p no:nose, in PYTEST_ADDOPTS,
// which every spelling of the suite reads). Once.
type pytestNose struct{}

var (
	// _ ERROR at setup of HumanFriendlyTestCase.test_x _
	pytestSetupErrorRe = regexp.MustCompile(`^_+ ERROR at (?:setup|teardown) of `)
	// app = <module 'humanfriendly.tests' from '/repo/humanfriendly/tests.py'>
	pytestModuleArgRe = regexp.MustCompile(`^\w+ = <module '([\w.]+)' from `)
	// def setup(app):
	pytestNoseDefRe = regexp.MustCompile(`^def (?:setup|teardown)(?:_module)?\(\w+\):`)
)

var noNose = addopts("-p no:nose")

func (pytestNose) Name() string { return "pytest-nose" }

func (pytestNose) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand {
		return nil
	}
	lines := logLines(f.Log)
	for i, l := range lines {
		if !pytestSetupErrorRe.MatchString(strings.TrimSpace(l)) {
			continue
		}
		// the error's first frame: the argument is the test module, the
		// function a module-level setup or teardown
		var module string
		for _, n := range lines[i+1 : min(len(lines), i+6)] {
			t := strings.TrimSpace(n)
			if m := pytestModuleArgRe.FindStringSubmatch(t); m != nil {
				module = m[1]
			} else if module != "" && pytestNoseDefRe.MatchString(t) {
				return []Diagnosis{{Kind: PytestNose, Subject: module, Evidence: strings.TrimSpace(l)}}
			}
		}
	}
	// the condensed log keeps the error lines only: the setup errors and
	// a test module used as what the function wanted ("AttributeError:
	// module 'humanfriendly.tests' has no attribute 'connect'")
	if strings.Contains(f.Log, "ERROR at setup of ") {
		for _, l := range lines {
			if m := pytestModuleMisusedRe.FindStringSubmatch(l); m != nil && testModuleName(m[1]) {
				return []Diagnosis{{Kind: PytestNose, Subject: m[1], Evidence: strings.TrimSpace(l)}}
			}
		}
	}
	return nil
}

// pytestModuleMisusedRe is a module object used as what it is not.
var pytestModuleMisusedRe = regexp.MustCompile(`^E?\s*(?:AttributeError|TypeError): .*\bmodule '([\w.]+)'`)

// testModuleName reports a dotted module name whose last part names a
// test module (tests, test_x, x_test).
func testModuleName(name string) bool {
	last := name[strings.LastIndex(name, ".")+1:]
	return last == "tests" || last == "test" || strings.HasPrefix(last, "test_") || strings.HasSuffix(last, "_test")
}

func (r pytestNose) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != PytestNose {
		return Proposal{}, false
	}
	if ctx.File != nil && ctx.File.Contains("no:nose") {
		return record(d, "the tests error at setup with pytest's nose support off too: "+d.Evidence), true
	}
	return edit(d, "pytest's nose support calls the setup() test module "+d.Subject+" imports for another use with the module, and its tests error at setup: the suite runs with the nose plugin off (-p no:nose), as pytest 8 runs it",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: noNose, Why: why(r, d)}), true
}
