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

func (cmakeTooOld) Diagnose(f Failure) []Diagnosis {
	ds := scan(f.Log, cmakeTooOldMatches, nil)
	file := "CMakeLists.txt" // the file whose requirement failed
	if m := cmakeMinimumAtRe.FindStringSubmatch(f.Log); m != nil {
		file = m[1]
	}
	for i := range ds {
		ds[i].Detail = file
	}
	return ds
}

// cmakeMinimumAtRe is the file of a failed requirement: CMake Error at
// CMakeLists.txt:1 (CMAKE_MINIMUM_REQUIRED).
var cmakeMinimumAtRe = regexp.MustCompile(`CMake Error at (?:/repo/)?([\w./+-]*CMakeLists\.txt|[\w./+-]+\.cmake):\d+ \((?i:cmake_minimum_required)\)`)

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
	if !versionLE(d.Subject, BackportsCMake) {
		return r.lowered(d, ctx), true
	}
	return fromBackports(r, d, ctx, "cmake", "CMake", BackportsCMake), true
}

// lowered: a project asking for a CMake newer than any Debian's (kcp's
// cmake_minimum_required(VERSION 4.0)) is configured with the newest,
// bookworm-backports', its requirement lowered to that version in the
// file that made it, as a user without the newer CMake would try: most
// such projects use nothing newer; one that does fails its configure on
// what it uses, and the report names it.
func (r cmakeTooOld) lowered(d Diagnosis, ctx *Context) Proposal {
	if ctx.tried(r.Name(), d) > 0 {
		return none(d, fmt.Sprintf("CMake %s is newer than bookworm-backports' %s, and the build failed with the requirement lowered", d.Subject, BackportsCMake))
	}
	w := why(r, d)
	file := d.Detail
	if file == "" {
		file = "CMakeLists.txt"
	}
	var edits []bashfile.Edit
	if i, _ := ctx.find(bashfile.Runtimes, func(t string) bool { return t == bashfile.BackportsInstall("cmake") }); i < 0 {
		edits = append(edits, bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: bashfile.BackportsInstall("cmake"), Why: w})
	}
	edits = append(edits, bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Why: w,
		Command: fmt.Sprintf(`sed -i -E 's/(cmake_minimum_required[[:space:]]*\([[:space:]]*VERSION[[:space:]]+)%s[0-9.]*/\1%s/I' %s`, regexp.QuoteMeta(d.Subject), BackportsCMake, bashfile.ShellQuote(file))})
	return edit(d, fmt.Sprintf("the project asks for CMake %s, newer than any Debian's (bookworm-backports: %s): its cmake_minimum_required in %s is lowered to %s and the build tried with that CMake", d.Subject, BackportsCMake, file, BackportsCMake), edits...)
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
