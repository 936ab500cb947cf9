package repair

import (
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// programOption: a program the project defines is not built because the
// CMake block that adds it is off by default — opus's
// if(OPUS_BUILD_PROGRAMS) around add_executable(opus_demo …), leptonica's
// if(BUILD_PROG) add_subdirectory(prog) around its programs and test
// programs, the *_BUILD_EXAMPLES and *_BUILD_TOOLS of many libraries. The
// command running it fails with exit 127 (not_built), or the build has no
// target of its name (no_such_target). The option guarding the line that
// names the program, or the add_subdirectory() of its directory, is
// turned on at configure time when the project declares it off or not at
// all. Before rejected, which records the two kinds when no option is
// found.
type programOption struct{}

func (programOption) Name() string { return "program-option" }

func (programOption) Diagnose(Failure) []Diagnosis { return nil } // rejected diagnoses

func (r programOption) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NotBuilt && d.Kind != NoSuchTarget || d.Subject == "" { // no Makefile: no program named
		return Proposal{}, false
	}
	i, text := ctx.find(bashfile.Build, func(t string) bool { return cmakeConfigureAt(t) >= 0 })
	name := path.Base(d.Subject)
	if i < 0 && targetNameRe.MatchString(name) {
		return r.autotools(d, ctx)
	}
	if i < 0 || !targetNameRe.MatchString(name) {
		return Proposal{}, false
	}
	opts, where := cmakeProgramGuard(ctx, name)
	var flags []string
	for _, o := range opts {
		if !strings.Contains(text, "-D"+o+"=") {
			flags = append(flags, "-D"+o+"=ON")
		}
	}
	if len(flags) == 0 {
		return Proposal{}, false
	}
	at := cmakeConfigureAt(text)
	on := strings.Join(flags, " ")
	return edit(d, "the build made no "+name+": "+where+" adds it only with "+strings.Join(opts, " and ")+", off by default: configure with "+on,
		bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Match: text, Command: text[:at] + " " + on + text[at:], Why: why(r, d)}), true
}

// targetNameRe is a program's or target's name.
var targetNameRe = regexp.MustCompile(`^[\w.+-]+$`)

// cmakeDirLimit bounds the CMake files read for a program's definition.
const cmakeDirLimit = 64

// cmakeProgramGuard finds the CMake file that names the program as a
// word where programs are defined or listed (add_executable(name …), a
// set() of them) and the options around it and around each
// add_subdirectory() on the way to its directory: those off by default or
// declared nowhere, outermost first, and the file naming the program
// ("prog/CMakeLists.txt").
func cmakeProgramGuard(ctx *Context, name string) ([]string, string) {
	word := regexp.MustCompile(`(?:^|[\s(;"}])` + regexp.QuoteMeta(name) + `(?:$|[\s);"])`)
	files, parents := cmakeTree(ctx)
	dirs := slices.Sorted(maps.Keys(files))
	var all strings.Builder
	for _, p := range dirs {
		all.WriteString(files[p] + "\n")
	}
	for _, p := range dirs {
		conds, found := linesConds(files[p], func(l string) bool { return programDefRe.MatchString(l) && word.MatchString(l) })
		if !found {
			continue
		}
		var opts []string
		for child := p; ; child = parents[child] {
			opts = append(offGuards(conds, all.String()), opts...)
			parent := parents[child]
			if parent == "" {
				break
			}
			conds, _ = linesConds(files[parent], func(l string) bool {
				m := cmakeAddSubdirRe.FindStringSubmatch(l)
				return m != nil && path.Join(parent, strings.TrimSuffix(m[1], "/")) == child
			})
		}
		if len(opts) > 0 {
			return slices.Compact(opts), path.Join(p, "CMakeLists.txt")
		}
	}
	return nil, ""
}

// cmakeTree reads the top CMakeLists.txt and those its literal
// add_subdirectory() calls reach: the files by directory, and each
// directory's parent ("" for the top).
func cmakeTree(ctx *Context) (map[string]string, map[string]string) {
	files, parents := map[string]string{}, map[string]string{}
	queue, from := []string{"."}, map[string]string{".": ""}
	for n := 0; len(queue) > 0 && n < cmakeDirLimit; n++ {
		d := queue[0]
		queue = queue[1:]
		text := ctx.readRepo(path.Join(d, "CMakeLists.txt"))
		if text == "" {
			continue
		}
		files[d], parents[d] = text, from[d]
		for _, sub := range cmakeSubdirs(text) {
			if c := path.Join(d, sub); files[c] == "" {
				queue, from[c] = append(queue, c), d
			}
		}
	}
	return files, parents
}

// linesConds are the if() conditions around the first line of a CMake
// file that is, and whether there is one.
func linesConds(text string, is func(string) bool) ([]string, bool) {
	var conds []string
	found := false
	bashfile.WalkCMakeIfs(text, func(l string, c []string) bool {
		if is(l) {
			conds, found = append([]string(nil), c...), true
		}
		return !found
	})
	return conds, found
}

// offGuards are the conditions, in order, that are one variable named for
// building programs (BUILD_PROG, OPUS_BUILD_PROGRAMS, FOO_EXAMPLES) that
// the project declares off by default (option(X "…" OFF), option(X
// ${HELP} OFF), option(X "…"), set(X OFF CACHE BOOL …)) or nowhere. A
// feature's option (ENABLE_CURVE) is left alone: it brings more than the
// program, and what it needs may not be here.
func offGuards(conds []string, cmake string) []string {
	var out []string
	for _, c := range conds {
		v := strings.TrimSpace(c)
		if !cmakeVarRe.MatchString(v) || cmakeBuiltinVars[strings.ToUpper(v)] || !programsWordRe.MatchString(v) {
			continue // not a variable, CMake's own, or a feature's option (libzmq's ENABLE_CURVE, opus's OPUS_CUSTOM_MODES): it brings more than the program
		}
		q := regexp.QuoteMeta(v)
		option := regexp.MustCompile(`(?im)^\s*option\s*\(\s*` + q + `\s+(?:"[^"]*"|\S+)\s*(\w*)\s*\)`).FindStringSubmatch(cmake)
		switch {
		case option != nil:
			if option[1] == "" || strings.EqualFold(option[1], "OFF") || strings.EqualFold(option[1], "FALSE") {
				out = append(out, v)
			}
		case regexp.MustCompile(`(?im)^\s*set\s*\(\s*` + q + `\s+OFF\s+CACHE\b`).MatchString(cmake):
			out = append(out, v)
		case !regexp.MustCompile(`(?im)^\s*(?:set|\w*option\w*)\s*\(\s*` + q + `\b`).MatchString(cmake):
			out = append(out, v)
		}
	}
	return out
}

// programDefRe is a CMake line that defines programs or lists them.
var programDefRe = regexp.MustCompile(`(?i)^\s*(?:add_executable|add_custom_target|set|list|foreach)\s*\(`)

// programsWordRe is a variable named for building programs.
var programsWordRe = regexp.MustCompile(`(?i)(?:^|_)(?:PROGS?|PROGRAMS|EXAMPLES?|TOOLS?|DEMOS?|APPS?|UTILS?|UTILITIES|BINARIES|SAMPLES?|CLI)(?:$|_)`)

// cmakeVarRe is a condition that is one variable, an option's name.
var cmakeVarRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// cmakeBuiltinVars are CMake's platform and compiler variables, which a
// configure option cannot turn on.
var cmakeBuiltinVars = map[string]bool{"WIN32": true, "UNIX": true, "APPLE": true, "MSVC": true, "MINGW": true, "CYGWIN": true, "ANDROID": true, "IOS": true, "EMSCRIPTEN": true, "CMAKE_CROSSCOMPILING": true, "BUILD_SHARED_LIBS": true}
