package repair

import (
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// missingSubmodule: the build wants a directory that is a git submodule
// nobody initialised. The repair initialises submodules (git installed);
// when the clone itself failed (the host is unreachable) it records that.
type missingSubmodule struct{}

var (
	// CMake: add_subdirectory given source "third_party/x" which is not an existing directory.
	addSubdirRe = regexp.MustCompile(`add_subdirectory given source\s+"([^"]+)"`)
	// CMake: The source directory\n\n    /repo/third_party/json\n\n  does not contain a CMakeLists.txt file.
	noCMakeListsRe = regexp.MustCompile(`does not contain a CMakeLists\.txt file`)
	// git: fatal: clone of 'URL' into submodule path '/repo/third_party/json' failed
	cloneFailedRe = regexp.MustCompile(`clone of '[^']+' into submodule path '([^']+)' failed`)
	// git: Failed to clone 'third_party/json' a second time, aborting
	cloneFailed2Re = regexp.MustCompile(`Failed to clone '([^']+)'`)
)

const cloneFailed = "clone-failed"

func (missingSubmodule) Name() string { return "missing-submodule" }

func (missingSubmodule) Diagnose(f Failure) []Diagnosis {
	lines := logLines(f.Log)
	var out []Diagnosis
	for i, l := range lines {
		switch {
		case addSubdirRe.MatchString(l):
			out = append(out, Diagnosis{Kind: MissingSubmodule, Subject: addSubdirRe.FindStringSubmatch(l)[1], Evidence: strings.TrimSpace(l)})
		case noCMakeListsRe.MatchString(l):
			// The directory is the last non-empty line before this one.
			for j := i - 1; j >= 0 && j >= i-3; j-- {
				if s := strings.TrimSpace(lines[j]); s != "" {
					if strings.HasPrefix(s, "/") {
						out = append(out, Diagnosis{Kind: MissingSubmodule, Subject: s, Evidence: s + " does not contain a CMakeLists.txt file"})
					}
					break
				}
			}
		case cloneFailedRe.MatchString(l):
			out = append(out, Diagnosis{Kind: MissingSubmodule, Subject: cloneFailedRe.FindStringSubmatch(l)[1], Evidence: strings.TrimSpace(l), Detail: cloneFailed})
		case cloneFailed2Re.MatchString(l):
			out = append(out, Diagnosis{Kind: MissingSubmodule, Subject: cloneFailed2Re.FindStringSubmatch(l)[1], Evidence: strings.TrimSpace(l), Detail: cloneFailed})
		case strings.Contains(l, "Cannot find source file:") && len(out) == 0:
			// CMake Error at third-party/CMakeLists.txt:18 (add_library):
			//   Cannot find source file:
			//
			//     urlparse/urlparse.c
			if p := cmakeMissingSource(lines, i); p != "" {
				out = append(out, Diagnosis{Kind: MissingPath, Subject: p, Evidence: "CMake cannot find source file " + p, Detail: cmakeSource})
			}
		case mesonProgramPathRe.MatchString(l) && len(out) == 0:
			// meson: ERROR: Program 'subprojects/bats-core/bin/bats' not found or not executable
			// (msitools' test runner, a submodule)
			out = append(out, Diagnosis{Kind: MissingPath, Subject: mesonProgramPathRe.FindStringSubmatch(l)[1], Evidence: strings.TrimSpace(l)})
		case makeNeedsRe.MatchString(l) && len(out) == 0:
			// make: *** No rule to make target 'picotest/picotest.c', needed by 'test-bin'.
			out = append(out, Diagnosis{Kind: MissingPath, Subject: makeNeedsRe.FindStringSubmatch(l)[1], Evidence: strings.TrimSpace(l)})
		case missingPathRe.MatchString(l) && len(out) == 0:
			// a path the checkout lacks: a submodule's, Propose decides
			d := Diagnosis{Kind: MissingPath, Subject: missingPathRe.FindStringSubmatch(l)[1], Evidence: strings.TrimSpace(l)}
			if listsDir(lines, i) {
				d.Detail = listedDir
			}
			out = append(out, d)
		}
	}
	for i := range out {
		out[i].Subject = strings.TrimPrefix(strings.TrimPrefix(out[i].Subject, bashfile.DefaultRepoDir+"/"), "./")
	}
	return out
}

// cmakeSource marks a missing path that is CMake's own configure error
// (a target's source file): the failure itself, kept beside the specific
// diagnoses of the same log, which may be optional packages CMake went on
// without (nghttp2: "-- Could NOT find Libngtcp2: Found unsuitable
// version", then its urlparse submodule's source missing).
const cmakeSource = "cmake-source"

// listedDirRe is a call that lists a directory: Python's os.listdir,
// os.scandir, Path.iterdir, os.walk; Node's scandir/readdir.
var listedDirRe = regexp.MustCompile(`\b(?:listdir|scandir|iterdir|readdir(?:Sync)?|os\.walk)\b`)

// listedDir marks a missing path the failing code listed as a directory.
const listedDir = "listed-dir"

// listsDir reports whether the missing path of line i was being listed
// as a directory (the line itself, or the traceback lines just before).
func listsDir(lines []string, i int) bool {
	for j := i; j >= 0 && j >= i-3; j-- {
		if listedDirRe.MatchString(lines[j]) {
			return true
		}
	}
	return false
}

// makeNeedsRe is make missing a source file a target needs (a path with a
// directory: the file of a submodule, not a target of the Makefile).
// mesonProgramPathRe is meson's find_program of a path in the checkout.
var mesonProgramPathRe = regexp.MustCompile(`ERROR: Program '([\w.+-]+/[\w./+-]+)' not found`)

var makeNeedsRe = regexp.MustCompile(`No rule to make target '([\w.+-]+/[\w./+-]+)', needed by`)

var cmakeErrorAtRe = regexp.MustCompile(`CMake Error at (?:/repo/)?([\w./+-]*?)CMakeLists\.txt:\d+`)

// cmakeMissingSource is the checkout path of the source file CMake could
// not find (the line after "Cannot find source file:", relative to the
// CMakeLists.txt of the error), or "".
func cmakeMissingSource(lines []string, i int) string {
	dir := ""
	for j := i - 1; j >= 0 && j >= i-2; j-- {
		if m := cmakeErrorAtRe.FindStringSubmatch(lines[j]); m != nil {
			dir = m[1]
			break
		}
	}
	for j := i + 1; j < len(lines) && j <= i+3; j++ {
		if f := strings.TrimSpace(lines[j]); f != "" {
			if strings.HasPrefix(f, "/") || strings.Contains(f, " ") {
				return ""
			}
			return path.Clean(dir + f)
		}
	}
	return ""
}

// missingPathRe is a program failing to open a path in the checkout.
// Python's; Node's "ENOENT: no such file or directory, scandir '…'"; Node's
// module resolution, "Cannot find module '/repo/test/vectors/x/utils.js'
// imported from …" (noble-hashes' acvp-vectors submodule)
var missingPathRe = regexp.MustCompile(`(?:[Nn]o such file or directory(?:: |, \w+ )|Cannot find module )'` + bashfile.DefaultRepoDir + `/([^']+)'`)

// submoduleOfPath names the submodule (from .gitmodules) a missing path
// of the checkout lies in, or "": tests that read a submodule's data
// (tomlkit's tests/toml-test) fail this way when it was not fetched.
func submoduleOfPath(gitmodules, p string) string {
	for _, m := range bashfile.GitmodulePathRe.FindAllStringSubmatch(gitmodules, -1) {
		if sub := strings.TrimSuffix(m[1], "/"); p == sub || strings.HasPrefix(p, sub+"/") {
			return sub
		}
	}
	return ""
}

// absentSourceSubmodule is a submodule .gitmodules lists whose directory
// holds no CMakeLists.txt (not fetched) and whose sources a Debian package
// ships (submoduleSources), or "": a project that finds its test framework
// there builds no tests without it, and says nothing (rapidjson's
// thirdparty/gtest through find_package(GTestSrc)).
func absentSourceSubmodule(ctx *Context) string {
	for _, m := range bashfile.GitmodulePathRe.FindAllStringSubmatch(ctx.readRepo(".gitmodules"), -1) {
		sub := strings.TrimSuffix(m[1], "/")
		if _, ok := bashfile.SubmoduleSources[strings.ToLower(path.Base(sub))]; ok && ctx.readRepo(sub+"/CMakeLists.txt") == "" {
			return sub
		}
	}
	return ""
}

// submoduleInit fetches every submodule (the planner's, or this rule's).
const submoduleInit = bashfile.SubmoduleInit

// initSection is the section of the Bash File that fetches the
// submodules — the planner's Runtimes, this rule's Base — or "" when
// none does.
func initSection(f *bashfile.File) bashfile.SectionID {
	for _, id := range []bashfile.SectionID{bashfile.Base, bashfile.Runtimes} {
		if f != nil && f.Find(id, submoduleInit) >= 0 {
			return id
		}
	}
	return ""
}

func (r missingSubmodule) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	listed, tried := "", ctx.tried(r.Name(), d) // the path's own attempts
	if d.Kind == MissingPath {
		sub := submoduleOfPath(ctx.readRepo(".gitmodules"), d.Subject)
		if sub == "" {
			return Proposal{}, false
		}
		if d.Detail == listedDir {
			listed = strings.TrimSuffix(d.Subject, "/")
		}
		d.Kind, d.Subject, d.Detail = MissingSubmodule, sub, ""
	}
	if d.Kind != MissingSubmodule {
		return Proposal{}, false
	}
	unfetched := func(reason string) Proposal {
		p := r.without(d, ctx, reason)
		if p.Action != ActionEdit && listed != "" {
			return r.emptyDir(d, p.Reason, listed)
		}
		return p
	}
	if d.Detail == cloneFailed || tried+ctx.tried(r.Name(), d) > 0 || initSection(ctx.File) != "" {
		return unfetched(fmt.Sprintf("submodule %s cannot be cloned from here (host unreachable?): %s", d.Subject, d.Evidence)), true
	}
	if ctx.Repo != nil {
		gm := ctx.readRepo(".gitmodules")
		if !strings.Contains(gm, d.Subject) {
			return none(d, fmt.Sprintf("%s is missing but .gitmodules does not list it", d.Subject)), true
		}
		if ctx.readRepo(".git/HEAD") == "" {
			return unfetched(fmt.Sprintf("submodule %s is not initialised and the repository copy has no .git to initialise it from", d.Subject)), true
		}
	}
	w := why(r, d)
	return edit(d, fmt.Sprintf("%s is an uninitialised git submodule: initialise submodules", d.Subject),
		bashfile.Edit{Op: bashfile.OpAddPackages, Section: bashfile.Base, Packages: []string{"git", "ca-certificates"}, Why: w},
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Base, Command: submoduleInit, Why: w}), true
}

// emptyDir answers tests that list a directory of a submodule that cannot
// be fetched (tomlkit's conftest lists tests/toml-test/tests for its test
// vectors; handlebars.js' spec runner scans spec/mustache/specs/): the
// directory is made, empty, after the build — the tests it would feed
// have no cases and the others run. The report says what is missing.
func (r missingSubmodule) emptyDir(d Diagnosis, reason, dir string) Proposal {
	return edit(d, reason+"; the tests list "+dir+": it is made empty so the tests that do not need its files run",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: "mkdir -p '" + dir + "'", Why: why(r, d)})
}

// without answers a submodule that cannot be fetched: fill it from the
// Debian package that ships its sources; else build without it by turning
// off the project's CMake option that guards its add_subdirectory (a
// benchmark, an optional test suite); else record why.
func (r missingSubmodule) without(d Diagnosis, ctx *Context, reason string) Proposal {
	p := r.instead(d, ctx, reason)
	if sec := initSection(ctx.File); p.Action == ActionEdit && sec != "" {
		// the submodules cannot be fetched: stop trying
		p.Edits = append(p.Edits, bashfile.Edit{Op: bashfile.OpRemove, Section: sec, Match: submoduleInit, Why: why(r, d)})
	}
	return p
}

// instead is what takes a submodule's place, or the record of why none.
func (r missingSubmodule) instead(d Diagnosis, ctx *Context, reason string) Proposal {
	w := why(r, d)
	if src, ok := bashfile.SubmoduleSources[strings.ToLower(path.Base(d.Subject))]; ok {
		return edit(d, reason+"; Debian's "+src[0]+" ships its sources: they take its place",
			bashfile.Edit{Op: bashfile.OpAddPackages, Section: bashfile.Base, Packages: []string{src[0]}, Why: w},
			bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: bashfile.SubmoduleFill(d.Subject, src[1]), Why: w})
	}
	addsDir := func(l string) bool { return strings.Contains(l, "add_subdirectory") && strings.Contains(l, d.Subject) }
	if opt, value := guardOption(ctx.readRepo("CMakeLists.txt"), addsDir); opt != "" {
		i, text := ctx.find(bashfile.Build, func(t string) bool { return cmakeConfigureAt(t) >= 0 })
		if i >= 0 && !strings.Contains(text, "-D"+opt+"=") {
			flag := "-D" + opt + "=" + value
			return edit(d, reason+"; the project builds it only under "+opt+": configure with "+flag, configureWith(text, flag, w))
		}
	}
	return record(d, reason)
}

var (
	cmakeIfRe     = regexp.MustCompile(`(?i)^\s*if\s*\(\s*(NOT\s+)?(\w+)\s*\)`)
	cmakeOptionRe = regexp.MustCompile(`(?im)^\s*option\s*\(\s*(\w+)`)
)

// guardOption is the option() of the if() block around the first line
// of cmakeLists that at matches, innermost first, and the value that
// skips the block: OFF for if(OPTION), ON for if(NOT OPTION); "" when no
// option's block holds such a line.
func guardOption(cmakeLists string, at func(line string) bool) (opt, value string) {
	return guardOptionWith(cmakeLists, nil, at)
}

// guardOptionWith is guardOption with the options declared elsewhere (the
// top-level CMakeLists.txt's) known too.
func guardOptionWith(cmakeLists string, declared map[string]bool, at func(line string) bool) (opt, value string) {
	options := map[string]bool{}
	for o := range declared {
		options[o] = true
	}
	for _, m := range cmakeOptionRe.FindAllStringSubmatch(cmakeLists, -1) {
		options[m[1]] = true
	}
	bashfile.WalkCMakeIfs(cmakeLists, func(l string, conds []string) bool {
		if !at(l) {
			return true
		}
		for i := len(conds) - 1; i >= 0; i-- {
			if m := cmakeIfRe.FindStringSubmatch("if(" + conds[i] + ")"); m != nil && options[m[2]] {
				opt, value = m[2], "OFF"
				if m[1] != "" {
					value = "ON"
				}
				break
			}
		}
		return false
	})
	return opt, value
}
