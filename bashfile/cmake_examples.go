package bashfile

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
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
	// Programs, when set, are the example programs the option adds
	// (their targets' names): only commands running one of them get the
	// build first, Dir holding the project's other programs too.
	Programs []string `json:"programs,omitempty"`
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
		if opts := exampleGuards(conds, off); len(opts) > 0 {
			for _, g := range deps[strings.ToUpper(opts[0])] {
				flags += " -D" + g + "=ON"
			}
			dir, flags = m[1], flags+" -D"+opts[0]+"=ON"
			return false
		}
		return true
	})
	return dir, flags
}

// exampleGuards are the example options of off (the options off by
// default, upper case to as written) that the if() conditions conds test,
// as written, in order.
func exampleGuards(conds []string, off map[string]string) []string {
	var out []string
	for _, cond := range conds {
		for _, w := range guardWordRe.FindAllString(cond, -1) {
			if opt, ok := off[strings.ToUpper(w)]; ok && exampleWordRe.MatchString(w) {
				out = append(out, opt)
			}
		}
	}
	return out
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
		return r.guardedExamples(bd, string(b))
	}
	return &OptionalBuild{Dir: bd + "/" + dir, Command: "cmake " + bd + flags + " && cmake --build " + bd + ` --parallel "$(nproc)"`}
}

// addExecutableRe is an add_executable and its target's name;
// addExecutableOpenRe one whose name is on the next line, targetFirstRe
// that line.
var (
	addExecutableRe     = regexp.MustCompile(`(?i)^\s*add_executable\s*\(\s*"?([\w.+-]+)`)
	addExecutableOpenRe = regexp.MustCompile(`(?i)^\s*add_executable\s*\(\s*$`)
	targetFirstRe       = regexp.MustCompile(`^\s*"?([\w.+-]+)`)
)

// guardedExamples is the OptionalBuild of the example programs a
// CMakeLists.txt of the project (the top one or one at most two levels
// below, not a test's or a vendored one's) adds under an example option
// off by default where they are defined, not by an add_subdirectory:
// atomic_queue's src/CMakeLists.txt, `if(ATOMIC_QUEUE_BUILD_EXAMPLES)
// add_executable(atomic_queue_example …)`, its option declared at the top.
func (r *repo) guardedExamples(bd, top string) *OptionalBuild {
	off := offOptions(top)
	var lists []string
	for _, f := range r.files {
		if f.Path == "CMakeLists.txt" || path.Base(f.Path) == "CMakeLists.txt" && strings.Count(f.Path, "/") <= 2 && !notProjectDir.MatchString(path.Dir(f.Path)) {
			lists = append(lists, f.Path)
		}
	}
	sort.Strings(lists)
	for _, f := range lists {
		b, err := os.ReadFile(filepath.Join(r.root, filepath.FromSlash(f)))
		if err != nil {
			continue
		}
		for k, v := range offOptions(string(b)) {
			off[k] = v
		}
		names, flags := cmakeGuardedPrograms(string(b), off)
		if len(names) == 0 {
			continue
		}
		dir := bd
		if d := path.Dir(f); d != "." {
			dir += "/" + d
		}
		return &OptionalBuild{Dir: dir, Programs: names, Command: "cmake " + bd + flags + " && cmake --build " + bd + ` --parallel "$(nproc)"`}
	}
	return nil
}

// cmakeGuardedPrograms are the programs a CMakeLists.txt's text adds only
// under an example option of off (the options off by default, upper case
// to as written), with the -D flags that switch them on.
func cmakeGuardedPrograms(text string, off map[string]string) (names []string, flags string) {
	open := false // an add_executable( whose name is on the next line
	WalkCMakeIfs(text, func(l string, conds []string) bool {
		m := addExecutableRe.FindStringSubmatch(l)
		if open && strings.TrimSpace(l) != "" {
			m, open = targetFirstRe.FindStringSubmatch(l), false
		} else if m == nil {
			open = addExecutableOpenRe.MatchString(l)
		}
		if m == nil {
			return true
		}
		for _, opt := range exampleGuards(conds, off) {
			if !strings.Contains(flags+" ", " -D"+opt+"=ON ") {
				flags += " -D" + opt + "=ON"
			}
			if !slices.Contains(names, m[1]) {
				names = append(names, m[1])
			}
		}
		return true
	})
	return names, flags
}
