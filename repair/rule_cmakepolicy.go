package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// cmakePolicy: CMake 4 removed compatibility with old
// cmake_minimum_required versions. The repair asks for the oldest policy
// version CMake still accepts, on the configure command (or, when the
// Bash File has none, through the CMAKE_POLICY_VERSION_MINIMUM variable
// CMake 4 also reads from the environment).
type cmakePolicy struct{}

var cmakePolicyMatches = []match{
	// Compatibility with CMake < 3.5 has been removed from CMake.
	{CMakePolicy, regexp.MustCompile(`Compatibility with CMake < (\d+\.\d+) has been removed`)},
}

func (cmakePolicy) Name() string { return "cmake-policy" }

func (cmakePolicy) Diagnose(f Failure) []Diagnosis { return scan(f.Log, cmakePolicyMatches, nil) }

var cmakeWordRe = regexp.MustCompile(`(^|[\s;&|(])cmake(\s+)(\S+)`)

// cmakeConfigureAt returns the offset just after the word "cmake" of the
// first configure invocation in text (not --build/--install/-E/-P), or -1.
func cmakeConfigureAt(text string) int {
	for _, m := range cmakeWordRe.FindAllStringSubmatchIndex(text, -1) {
		next := text[m[6]:m[7]]
		switch next {
		case "--build", "--install", "-E", "-P", "--version", "--help":
			continue
		}
		return m[3] + len("cmake")
	}
	return -1
}

// configureWith is the edit replacing the Build section's configure
// command text with the same command given flag ("-DX=Y") first.
func configureWith(text, flag string, w bashfile.Provenance) bashfile.Edit {
	at := cmakeConfigureAt(text)
	return bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Match: text, Command: text[:at] + " " + flag + text[at:], Why: w}
}

func (r cmakePolicy) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != CMakePolicy {
		return Proposal{}, false
	}
	flag := "-DCMAKE_POLICY_VERSION_MINIMUM=" + d.Subject
	i, text := ctx.find(bashfile.Build, func(t string) bool { return cmakeConfigureAt(t) >= 0 })
	if i >= 0 {
		if strings.Contains(text, "CMAKE_POLICY_VERSION_MINIMUM") {
			return none(d, "the configure command sets CMAKE_POLICY_VERSION_MINIMUM already"), true
		}
		return edit(d, "CMake 4 dropped policies older than "+d.Subject+": configure with "+flag, configureWith(text, flag, why(r, d))), true
	}
	return edit(d, "CMake 4 dropped policies older than "+d.Subject+": set CMAKE_POLICY_VERSION_MINIMUM for every configure",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: "persist_env CMAKE_POLICY_VERSION_MINIMUM " + d.Subject, Why: why(r, d)}), true
}
