package repair

import (
	"regexp"

	"github.com/heragent/heragent/bashfile"
)

// A project whose pytest configuration asks for the importlib import
// mode (`addopts = --import-mode importlib`, the jaraco skeleton's:
// keyring, jaraco.text, …) is written for pytest 8, whose importlib mode
// imports a namespace package's modules under their package
// (consider_namespace_packages) and sets each module on its parent.
// Debian's pytest 7.2 does neither: `'jaraco.text.__init__' is not a
// package`, `module 'keyring.backends' has no attribute 'Windows'`, and
// no test module collects. The default import mode (prepend) imports them
// as Python does. When test modules fail to collect, that is tried before
// going on past the failures: PYTEST_ADDOPTS comes after the
// configuration's addopts, so its --import-mode wins.

// importlibModeRe is the importlib import mode in a pytest configuration
// (pytest.ini, tox.ini, setup.cfg addopts; pyproject.toml's list).
var importlibModeRe = regexp.MustCompile(`--import-mode(?:\s*=\s*|\s+|["']\s*,\s*["'])importlib\b`)

// prependMode is the PYTEST_ADDOPTS the repair persists.
var prependMode = addopts("--import-mode=prepend")

// importModeEdit is the edit running the suite in pytest's default
// import mode, when the project's configuration asks for importlib and
// the Bash File does not yet override it; ok is false otherwise.
func importModeEdit(r Rule, d Diagnosis, ctx *Context) (Proposal, bool) {
	if ctx.File == nil || ctx.File.Contains("--import-mode=prepend") {
		return Proposal{}, false
	}
	for _, f := range []string{"pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg"} {
		if importlibModeRe.MatchString(ctx.readRepo(f)) {
			return edit(d, "test modules fail to collect ("+d.Evidence+") and "+f+" asks for pytest's importlib import mode, which the installed pytest implements only in part: the suite runs in the default import mode",
				bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: prependMode, Why: why(r, d)}), true
		}
	}
	return Proposal{}, false
}
