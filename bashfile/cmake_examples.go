package bashfile

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// A CMake project's example programs are often behind an option off by
// default (Catch2's CATCH_BUILD_EXAMPLES, <PROJECT>_BUILD_EXAMPLES): the
// Bash File's build leaves them out, and the pyramid's Runnable commands
// that run them find no program. OptionalBuild is the command that
// switches them on and builds them in the build directory, which the
// pyramid puts before each command running a program of Dir; the build is
// charged to the level it proves, as the tests' is.
type OptionalBuild struct {
	// Dir is the directory of the programs, relative to the repository
	// (build/examples).
	Dir string `json:"dir"`
	// Command configures the option on and builds.
	Command string `json:"command"`
}

// examplesAddedRe is a line that adds the examples' directory.
var examplesAddedRe = regexp.MustCompile(`(?i)^\s*add_subdirectory\s*\(\s*"?((?:examples?|samples?|demos?))\b`)

// exampleWordRe is a word of an option's name that means the examples.
var exampleWordRe = regexp.MustCompile(`(?i)EXAMPLES?|SAMPLES?|DEMOS?`)

// CMakeExampleSwitch is the examples' directory the top-level
// CMakeLists.txt adds under an option off by default, and the -D flags
// that switch them on: the option, and an option off by default it
// depends on (Catch2's CATCH_DEVELOPMENT_BUILD). "" when the examples are
// built by default or not behind such an option.
func CMakeExampleSwitch(cmakeLists string) (dir, flags string) {
	off := offOptions(cmakeLists)
	deps := map[string][]string{}
	for _, m := range dependentOptionRe.FindAllStringSubmatch(cmakeLists, -1) {
		if m[2] == "OFF" {
			off[strings.ToUpper(m[1])] = m[1]
		}
		deps[strings.ToUpper(m[1])] = offConditions(m[3], off)
	}
	WalkCMakeIfs(cmakeLists, func(l string, conds []string) bool {
		m := examplesAddedRe.FindStringSubmatch(l)
		if m == nil {
			return true
		}
		for _, cond := range conds {
			for _, w := range guardWordRe.FindAllString(cond, -1) {
				opt, ok := off[strings.ToUpper(w)]
				if !ok || !exampleWordRe.MatchString(w) {
					continue
				}
				for _, g := range deps[strings.ToUpper(w)] {
					flags += " -D" + g + "=ON"
				}
				dir, flags = m[1], flags+" -D"+opt+"=ON"
				return false
			}
		}
		return true
	})
	return dir, flags
}

// exampleBuild is the layout's OptionalBuild of the examples in the
// CMake build directory bd, nil when they are built by default.
func (r *repo) exampleBuild(bd string) *OptionalBuild {
	if r.root == "" {
		return nil
	}
	b, err := os.ReadFile(filepath.Join(r.root, "CMakeLists.txt"))
	if err != nil {
		return nil
	}
	dir, flags := CMakeExampleSwitch(string(b))
	if dir == "" {
		return nil
	}
	return &OptionalBuild{Dir: bd + "/" + dir, Command: "cmake " + bd + flags + " && cmake --build " + bd + ` --parallel "$(nproc)"`}
}
