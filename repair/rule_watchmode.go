package repair

import (
	"regexp"

	"github.com/heragent/heragent/bashfile"
)

// watchMode: a test runner that watches for changes unless it runs in CI
// (kcd-scripts' and react-scripts' jest add --watch outside CI, and jest
// refuses it without git: "--watch is not supported without git/hg";
// vitest waits for file changes). The project's CI runs with CI=true,
// which every CI service sets: so does the environment, for every later
// command.
type watchMode struct{}

var watchModeMatches = []match{
	// jest: --watch is not supported without git/hg, please use --watchAll
	{WatchMode, regexp.MustCompile(`()--watch is not supported without git/hg`)},
	// vitest: Waiting for file changes...  /  press h to show help, press q to quit
	{WatchMode, regexp.MustCompile(`()Waiting for file changes\.\.\.|press h to show help, press q to quit`)},
}

func (watchMode) Name() string { return "watch-mode" }

func (watchMode) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand {
		return nil
	}
	return firstOnly(scan(f.Log, watchModeMatches, nil))
}

func (r watchMode) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != WatchMode {
		return Proposal{}, false
	}
	const ci = "persist_env CI true"
	if i, _ := ctx.find(bashfile.Runtimes, func(t string) bool { return t == ci }); i >= 0 {
		return none(d, "CI=true is set already and the test runner still watches"), true
	}
	return edit(d, "the test runner watches for changes outside CI: run as the project's CI does, with CI=true",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: ci, Why: why(r, d)}), true
}
