package repair

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// cmakeTooOld: cmake_minimum_required asks for a newer CMake than the
// distribution's (bookworm: 3.25). The repair installs cmake from the
// release's backports suite, on the same mirror the image already uses.
// It goes at the end of the runtimes, after the other package installs:
// backports' cmake pulls newer libraries (libcurl4) that make a later
// `apt-get install curl` from the release unsatisfiable.
type cmakeTooOld struct{}

var cmakeTooOldMatches = []match{
	// CMake 3.28 or higher is required.  You are running version 3.25.1
	{CMakeTooOld, regexp.MustCompile(`CMake (\d+\.\d+)(?:\.\d+)? or higher is required`)},
}

// BackportsCMake is the newest CMake minor version bookworm-backports
// carries; a project needing more gets no repair from this rule.
const BackportsCMake = "3.31"

func (cmakeTooOld) Name() string { return "cmake-too-old" }

func (cmakeTooOld) Diagnose(f Failure) []Diagnosis { return scan(f.Log, cmakeTooOldMatches, nil) }

func versionLE(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		x, _ := strconv.Atoi(pa[i])
		y, _ := strconv.Atoi(pb[i])
		if x != y {
			return x < y
		}
	}
	return len(pa) <= len(pb)
}

func (r cmakeTooOld) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != CMakeTooOld {
		return Proposal{}, false
	}
	return fromBackports(r, d, ctx, "cmake", "CMake", BackportsCMake), true
}

// fromBackports installs pkg from the release's backports suite when the
// version the project asks (d.Subject) is one backports carries (newest);
// none above it, or when an earlier repair installed it already.
func fromBackports(r Rule, d Diagnosis, ctx *Context, pkg, name, newest string) Proposal {
	if !versionLE(d.Subject, newest) {
		return none(d, fmt.Sprintf("%s %s is newer than bookworm-backports' %s; no Debian source is known", name, d.Subject, newest))
	}
	if ctx.tried(r.Name(), d) > 0 {
		return none(d, pkg+" from backports was installed by an earlier repair and the failure remains")
	}
	return edit(d, fmt.Sprintf("the project needs %s %s: install %s from bookworm-backports (%s)", name, d.Subject, pkg, newest),
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: bashfile.BackportsInstall(pkg), Why: why(r, d)})
}
