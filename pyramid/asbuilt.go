package pyramid

import (
	"context"
	"path"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// asBuilt rewrites each command of a pipeline or list that runs one of
// the project's programs by name to the program as built: xkbcommon's
// docs pipe `xkbcli compile-keymap … | xkbcli interactive`, whose second
// xkbcli was looked for on PATH (a repair installed Debian's).
func (e *env) asBuilt(text string) string {
	if w := strings.Fields(text); len(w) > 0 {
		if run := e.progs[w[0]]; run != "" && run != w[0] {
			text = run + strings.TrimPrefix(strings.TrimLeft(text, " \t"), w[0])
		}
	}
	return laterCommandRe.ReplaceAllStringFunc(text, func(m string) string {
		sub := laterCommandRe.FindStringSubmatch(m)
		if run := e.progs[sub[2]]; run != "" && run != sub[2] {
			return sub[1] + run
		}
		return m
	})
}

// npxOwn rewrites npx of the project's own bin to the bin's script run
// with node, as npm's shim would: npx would fetch the published package
// instead (size-limit's README: `npx size-limit`, a workspace package's
// bin the root's install does not link).
func (e *env) npxOwn(text string) string {
	return npxOwnRe.ReplaceAllStringFunc(text, func(m string) string {
		sub := npxOwnRe.FindStringSubmatch(m)
		if run := e.progs[sub[2]]; strings.HasPrefix(run, "node ./") {
			return sub[1] + run
		}
		return m
	})
}

// npxOwnRe is npx of a bin at a command's start.
var npxOwnRe = regexp.MustCompile(`((?:^|\|\|?|&&|;)\s*)npx\s+([\w.+-]+)\b`)

// laterCommandRe is a command's first word after a pipe or list operator.
var laterCommandRe = regexp.MustCompile(`((?:\|\|?|&&|;)\s+)([\w.+-]+)`)

// outOfTree rewrites a command the documentation runs as ./name in the
// top directory, where an in-source build would leave the program, to the
// program the build declares when the Bash File builds it elsewhere:
// cmatrix's README runs ./cmatrix after `cmake .` or ./configure, and its
// Bash File builds in build/. A file ./name in the checkout is left alone.
// A path in a subdirectory is rewritten when an in-source CMake build
// would have left an executable there: fann's CI runs ./tests/fann_tests
// after `cmake .`, its Bash File builds build/tests/fann_tests.
func (e *env) outOfTree(text string) string {
	trimmed := strings.TrimLeft(text, " \t")
	w := strings.Fields(trimmed)
	if len(w) == 0 || !strings.HasPrefix(w[0], "./") || e.fileExists(w[0]) {
		return text
	}
	rel := path.Clean(w[0][2:])
	run := e.progs[rel]
	if strings.Contains(rel, "/") {
		run = e.inSource[rel]
	}
	if run == "" || path.Clean(run) == path.Clean(w[0]) || !strings.HasPrefix(run, "./") {
		return text
	}
	return run + strings.TrimPrefix(trimmed, w[0])
}

// noteInSource records where an in-source build leaves each CMake
// executable, test programs included: its path under the Bash File's
// build directory, which is the source tree's own in an in-source build.
func (e *env) noteInSource(ctx context.Context) {
	bd := e.layout.BuildDir("cmake")
	if bd == "" || bd == bashfile.InTree {
		return
	}
	ts, err := e.ix.Targets(ctx, "executable")
	if err != nil {
		return
	}
	for _, t := range ts {
		if path.Base(t.Path) != "CMakeLists.txt" || strings.ContainsAny(t.Name, "${}") {
			continue
		}
		if run := e.invocation(t.Name, t.Path); strings.HasPrefix(run, "./"+bd+"/") {
			e.inSource[strings.TrimPrefix(run, "./"+bd+"/")] = run
		}
	}
}
