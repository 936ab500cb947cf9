package bashfile

import (
	"context"
	"regexp"

	"github.com/heragent/heragent/retrieval"
)

// A repository can carry the files of several C/C++ build systems
// (CMakeLists.txt beside meson.build, a configure script beside both).
// The detectors' order (CMake, meson, autotools, make) picks one when
// nothing says more; what says more is the project's own CI: the build
// system its jobs run is the one maintained, tested and complete (toml++
// builds and tests with meson in CI; its CMakeLists.txt only installs
// the headers, with no test). The order stands unless the first choice
// appears in no CI step while another does. A step of a job on a Windows
// or macOS runner does not count: libunwind builds with CMake only on
// Windows, with autotools on Linux.

// cBuildUse is how a CI step invokes each C/C++ build system.
var cBuildUse = map[string]*regexp.Regexp{
	"cmake":     regexp.MustCompile(`(^|[\s;&|(])(cmake|ctest)\s`),
	"meson":     regexp.MustCompile(`(^|[\s;&|(])meson\s+(setup|compile|test|configure|build|\S*builddir|--)`),
	"autotools": regexp.MustCompile(`(^|[\s;&|(])(\./configure|autoreconf|\./autogen\.sh|\./bootstrap)\b`),
}

// ciCBuild is the C/C++ build system the CI runs when the first detected
// one (first) appears in no CI step and another of the detected ones
// does; "" otherwise.
func (p *planner) ciCBuild(ctx context.Context, first string, detected []string) string {
	steps, err := p.ix.CISteps(ctx)
	if err != nil || len(steps) == 0 {
		return ""
	}
	uses := map[string]int{}
	runners := p.ix.Runners()
	for _, st := range steps {
		if st.System == "dockerfile" || choreCI.MatchString(st.Path) {
			continue
		}
		if retrieval.ForeignRunner.MatchString(runners.RunsOn(ctx, st.Path, st.Job)) {
			continue // a Windows or macOS job's build (libunwind's CMake is for Windows only)
		}
		for name, re := range cBuildUse {
			if re.MatchString(st.Text) {
				uses[name]++
			}
		}
	}
	if uses[first] > 0 {
		return ""
	}
	best := ""
	for _, d := range detected {
		if d != first && uses[d] > uses[best] {
			best = d
		}
	}
	return best
}

// choreCI is a workflow that releases, publishes or tends the repository:
// not how the project is built.
var choreCI = regexp.MustCompile(`(?i)(^|/)[\w-]*(release|publish|deploy|pages|stale|label|codeql|coverity|dependabot)[\w-]*\.ya?ml$`)
