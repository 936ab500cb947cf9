package repair

import (
	"path"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// excludedTarget: ctest runs a test whose program the default build does
// not make — a directory added EXCLUDE_FROM_ALL (game-music-emu's
// add_subdirectory(demo EXCLUDE_FROM_ALL), whose add_test(NAME
// sanity_test_NSF COMMAND demo) ctest then cannot find), a target marked
// EXCLUDE_FROM_ALL. ctest says "Unable to find executable:
// /repo/build/demo/demo". When the program is one of the project's
// add_executable targets, the build makes it by name after its default
// build. After programOption, which turns on an option that is off.
type excludedTarget struct{}

// ctestNoExeRe is ctest's line for a test program that is not there, by
// its absolute path (a bare name is a program looked for on PATH:
// missingExecutable's).
var ctestNoExeRe = regexp.MustCompile(`^Unable to find executable: (/\S+)$`)

// cmakeBuildRe is the Bash File's build of a CMake build directory.
var cmakeBuildRe = regexp.MustCompile(`^cmake --build (\S+)`)

func (excludedTarget) Name() string { return "excluded-target" }

func (excludedTarget) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand {
		return nil
	}
	for _, l := range logLines(f.Log) {
		if m := ctestNoExeRe.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			return []Diagnosis{{Kind: NotBuilt, Subject: m[1], Evidence: strings.TrimSpace(l)}}
		}
	}
	return nil
}

func (r excludedTarget) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NotBuilt || !path.IsAbs(d.Subject) || ctx.File == nil {
		return Proposal{}, false
	}
	i, text := ctx.find(bashfile.Build, func(t string) bool { return cmakeBuildRe.MatchString(strings.TrimSpace(t)) })
	if i < 0 {
		return Proposal{}, false
	}
	dir := cmakeBuildRe.FindStringSubmatch(strings.TrimSpace(text))[1]
	under := path.Join(ctx.File.RepoDir, dir) + "/"
	name := path.Base(d.Subject)
	if !strings.HasPrefix(d.Subject, under) || !targetNameRe.MatchString(name) || !cmakeExecutable(ctx, name) {
		return Proposal{}, false
	}
	cmd := "cmake --build " + dir + ` --parallel "$(nproc)" --target ` + name
	if j, _ := ctx.find(bashfile.Build, func(t string) bool { return strings.TrimSpace(t) == cmd }); j >= 0 {
		return none(d, "the build already makes "+name+" by name"), true
	}
	return edit(d, "the default build made no "+name+", which a test runs ("+d.Evidence+"): the project's add_executable("+name+") is left out of the default build, so it is built by name",
		bashfile.Edit{Op: bashfile.OpInsertAfter, Section: bashfile.Build, Match: text, Command: cmd, Why: why(r, d)}), true
}

// cmakeExecutable reports whether a CMake file of the project's tree
// declares add_executable(name …).
func cmakeExecutable(ctx *Context, name string) bool {
	re := regexp.MustCompile(`(?im)^\s*add_executable\s*\(\s*` + regexp.QuoteMeta(name) + `[\s)]`)
	files, _ := cmakeTree(ctx)
	for _, text := range files {
		if re.MatchString(text) {
			return true
		}
	}
	return false
}
