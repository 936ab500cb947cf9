package repair

import (
	"regexp"
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
	return fromBackports(r, d, ctx, "meson", "Meson", BackportsMeson), true
}
