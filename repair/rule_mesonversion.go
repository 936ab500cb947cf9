package repair

import (
	"fmt"
	"regexp"

	"github.com/heragent/heragent/bashfile"
)

// mesonTooOld: the project's meson.build asks for a newer Meson than the
// distribution's (bookworm: 1.0.1). Like cmake-too-old, the repair
// installs meson from the release's backports suite, at the end of the
// runtimes (libxkbcommon needs 1.4).
type mesonTooOld struct{}

var mesonTooOldMatches = []match{
	// meson.build:1:0: ERROR: Meson version is 1.0.1 but project requires >= 1.4.0
	{MesonTooOld, regexp.MustCompile(`Meson version is [\d.]+ but project requires >=? ?(\d+\.\d+)(?:\.\d+)?`)},
}

// BackportsMeson is the newest Meson minor version bookworm-backports
// carries (1.7.0, measured 2026-11-23).
const BackportsMeson = "1.7"

func (mesonTooOld) Name() string { return "meson-too-old" }

func (mesonTooOld) Diagnose(f Failure) []Diagnosis { return scan(f.Log, mesonTooOldMatches, nil) }

func (r mesonTooOld) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != MesonTooOld {
		return Proposal{}, false
	}
	if !versionLE(d.Subject, BackportsMeson) {
		return none(d, fmt.Sprintf("Meson %s is newer than bookworm-backports' %s; no Debian source is known", d.Subject, BackportsMeson)), true
	}
	if ctx.tried(r.Name(), d) > 0 {
		return none(d, "meson from backports was installed by an earlier repair and the failure remains"), true
	}
	return edit(d, fmt.Sprintf("the project needs Meson %s: install meson from bookworm-backports (%s)", d.Subject, BackportsMeson),
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: bashfile.BackportsInstall("meson"), Why: why(r, d)}), true
}
