package repair

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// fetchContent: CMake's FetchContent downloads a dependency at configure
// time (googletest, Catch2, fmt, nlohmann_json… from github.com), through
// a sub-build that needs git or the network. Offline, Debian takes its
// place, in this order:
//  0. the project's own option choosing the installed dependency
//     (fetchcontent_switch.go);
//  1. the dependency's sources, when a Debian package ships them for
//     building in-tree (/usr/src/googletest): FETCHCONTENT_SOURCE_DIR_<NAME>
//     makes FetchContent use them instead of downloading;
//  2. its installed CMake package (Catch2Config.cmake, fmt-config.cmake):
//     FETCHCONTENT_TRY_FIND_PACKAGE_MODE=ALWAYS makes
//     FetchContent_MakeAvailable call find_package first (CMake ≥ 3.24);
//  3. git, when the sub-build only lacked git (the host may answer);
//  4. the project option guarding the declaration, turned the other way
//     (fetchcontent_guard.go): what needs the download does not run;
//  5. else the report says which dependency comes from which host.
//
// A Debian version too old for the project fails the build after the
// edit, and the rollback records that.
type fetchContent struct{}

var fetchContentMatches = []match{
	// ExternalProject without git: error: could not find git for clone of catch2-populate
	{FetchContentDownload, regexp.MustCompile(`could not find git for clone of ([\w.+-]+?)-populate\b`)},
	// the sub-build failed (clone or download): CMake step for catch2 failed: 1, Build step for googletest failed: 2
	{FetchContentDownload, regexp.MustCompile(`(?:CMake|Build) step for ([\w.+-]+) failed`)},
	// CMake ≥ 3.30 populates in-process: Failed to clone repository: 'https://…' for _deps/x-src
	{FetchContentDownload, regexp.MustCompile(`_deps/([\w.+-]+?)-(?:src|subbuild)\b[^\n]*\n?[^\n]*(?:Failed to clone|downloading[^\n]*failed)`)},
}

// fetchDeclRe is a FetchContent_Declare and its arguments.
var fetchDeclRe = regexp.MustCompile(`(?is)\bFetchContent_Declare\s*\(\s*([\w.+-]+)([^)]*)\)`)

// fetchHostRe is the host a declaration downloads from.
var fetchHostRe = regexp.MustCompile(`(?i)\b(?:GIT_REPOSITORY|URL)\s+"?(?:https?|git|ssh)://(?:[^@/\s]*@)?([\w.-]+)`)

// fetchCallerRe is a CMake file of the call stack that made the dependency available.
var fetchCallerRe = regexp.MustCompile(`(?m)^\s*(?:/repo/)?([\w./+-]*CMakeLists\.txt|[\w./+-]+\.cmake):\d+ \((?:FetchContent_MakeAvailable|FetchContent_Populate|FetchContent_Declare)\)`)

func (fetchContent) Name() string { return "fetch-content" }

func (fetchContent) Diagnose(f Failure) []Diagnosis {
	ds := scan(f.Log, fetchContentMatches, strings.ToLower)
	// the project's file that made it available (where it is declared,
	// most likely), else those that failed on it (a download logic of
	// the project's own), space-separated
	var files []string
	for _, re := range []*regexp.Regexp{fetchCallerRe, cmakeErrorFileRe} {
		for _, m := range re.FindAllStringSubmatch(f.Log, -1) {
			if !strings.HasPrefix(m[1], "/") && !slices.Contains(files, m[1]) {
				files = append(files, m[1])
			}
		}
		if len(files) > 0 {
			break
		}
	}
	for _, f := range stackFiles(f.Log) {
		if !slices.Contains(files, f) {
			files = append(files, f) // the directories whose configure made it (componentSwitch)
		}
	}
	for i := range ds {
		ds[i].Detail = strings.Join(files, " ")
	}
	return ds
}

// fetchDecl is what the project declares for a dependency.
type fetchDecl struct{ name, host string }

// declared finds the FetchContent_Declare of the dependency (its name is
// case-insensitive in the sub-build's) in the file the call stack named
// or the top-level CMakeLists.txt.
func declared(ctx *Context, d Diagnosis) fetchDecl {
	for _, f := range append(strings.Fields(d.Detail), "CMakeLists.txt", "cmake/dependencies.cmake", "cmake/Dependencies.cmake") {
		for _, m := range fetchDeclRe.FindAllStringSubmatch(ctx.readRepo(f), -1) {
			if strings.EqualFold(m[1], d.Subject) {
				decl := fetchDecl{name: m[1]}
				if h := fetchHostRe.FindStringSubmatch(m[2]); h != nil {
					decl.host = h[1]
				}
				return decl
			}
		}
	}
	return fetchDecl{name: d.Subject}
}

func (r fetchContent) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != FetchContentDownload {
		return Proposal{}, false
	}
	decl := declared(ctx, d)
	from := "its host"
	if decl.host != "" {
		from = decl.host
	}
	reason := fmt.Sprintf("CMake's FetchContent downloads %s from %s at configure time", decl.name, from)
	i, text := ctx.find(bashfile.Build, func(t string) bool { return cmakeConfigureAt(t) >= 0 })
	if i < 0 {
		return none(d, reason+"; the Bash File has no CMake configure command to point it elsewhere"), true
	}
	w := why(r, d)
	configure := func(flag string) bashfile.Edit { return configureWith(text, flag, w) }
	// provided writes the dependency provider before the configure
	provided := func(e bashfile.Edit) bashfile.Edit {
		e.Command = fetchProviderWrite() + " && " + e.Command
		return e
	}
	upper := strings.ToUpper(strings.NewReplacer("-", "_", ".", "_").Replace(decl.name))
	if src, ok := bashfile.SubmoduleSources[strings.ToLower(decl.name)]; ok {
		// the project's own download (not FetchContent) takes a path to
		// the sources instead: set(GOOGLETEST_PATH … CACHE PATH …)
		if v := sourcePathVar(ctx, d, upper); v != "" && !strings.Contains(text, "-D"+v+"=") {
			return edit(d, reason+"; the project takes its sources from "+v+": Debian's "+src[0]+" ships them",
				bashfile.Edit{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: []string{src[0]}, Why: w},
				configure("-D"+v+"="+src[1])), true
		}
	}
	if flag, pkgs := downloadSwitch(ctx, d, decl.name, text); flag != "" {
		return edit(d, reason+"; the project's option "+flag[2:]+" uses the installed one: Debian's "+strings.Join(pkgs, ", "),
			bashfile.Edit{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: pkgs, Why: w},
			configure(flag)), true
	}
	if src, ok := bashfile.SubmoduleSources[strings.ToLower(decl.name)]; ok && !strings.Contains(text, "FETCHCONTENT_SOURCE_DIR_"+upper) {
		return edit(d, reason+"; Debian's "+src[0]+" ships its sources: FetchContent uses them",
			bashfile.Edit{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: []string{src[0]}, Why: w},
			configure("-DFETCHCONTENT_SOURCE_DIR_"+upper+"="+src[1])), true
	}
	if !strings.Contains(text, "FETCHCONTENT_TRY_FIND_PACKAGE_MODE") {
		for _, p := range lookup(ctx, func(i PackageIndex) []string { return i.CMakePackage(decl.name) }, hintFold(cmakeHints, decl.name)) {
			return edit(d, reason+"; Debian's "+p+" installs its CMake package: FetchContent finds it instead of downloading",
				bashfile.Edit{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: []string{p}, Why: w},
				provided(configure(fetchProviderFlags))), true
		}
	}
	if strings.Contains(d.Evidence, "could not find git") && !ctx.hasPackage("git") {
		return edit(d, reason+" with git, which is not installed",
			bashfile.Edit{Op: bashfile.OpAddPackages, Section: bashfile.Base, Packages: []string{"git", "ca-certificates"}, Why: w}), true
	}
	if flag := guardSwitch(ctx, d, decl.name, text); flag != "" {
		return edit(d, reason+", which the sandbox cannot reach, and no Debian package takes its place; a project option guards it: "+
			flag[2:]+" configures without it, and what needs it does not run here", configure(flag)), true
	}
	if flag := componentSwitch(ctx, strings.Fields(d.Detail), text); flag != "" {
		return edit(d, reason+", which the sandbox cannot reach, and no Debian package takes its place; the part of the project that needs it is optional: "+
			flag[2:]+" configures without it, and what that part holds does not run here", configure(flag)), true
	}
	return record(d, reason+", which the sandbox cannot reach, and no Debian package takes its place"), true
}

// cmakeErrorFileRe is a CMake file an error names.
var cmakeErrorFileRe = regexp.MustCompile(`CMake Error at (?:/repo/)?([\w./+-]+\.cmake|[\w./+-]*CMakeLists\.txt):\d+`)

// sourcePathVar is a cache variable of type PATH, named after the
// dependency, in the CMake file the log's error names or the top-level
// CMakeLists.txt: where the project's own download logic looks for the
// dependency's sources before fetching them (google/benchmark's
// GOOGLETEST_PATH); "" when there is none.
func sourcePathVar(ctx *Context, d Diagnosis, upper string) string {
	files := append(strings.Fields(d.Detail), "CMakeLists.txt")
	re := regexp.MustCompile(`(?i)\bset\s*\(\s*(\w*` + regexp.QuoteMeta(upper) + `\w*_(?:PATH|DIR|ROOT|SOURCE_DIR|SRC_DIR))\s+[^)]*\bCACHE\s+PATH\b`)
	for _, f := range files {
		if m := re.FindStringSubmatch(ctx.readRepo(f)); m != nil {
			return m[1]
		}
	}
	return ""
}
