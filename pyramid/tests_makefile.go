package pyramid

import (
	"context"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A project whose top build does not run its tests may keep them in a test
// directory with a Makefile of their own: tpl's tests/Makefile ("Build and
// run all self-tests"), readerwriterqueue's tests/unittests/makefile (its
// `run` target), beside an autotools or CMake build that never enters
// them. When the miners found no test command, withTestsMakefile makes
// the shallowest such directory's tests, by its test, check or run target
// when it has one, else its default: `make -C tests`.

// testsMakefileTargets are the targets that run a test directory's tests.
var testsMakefileTargets = []string{"test", "tests", "check", "run"}

// unitDirNames are test directories of unit tests, preferred at one depth.
var unitDirNames = []string{"test", "tests", "unittests", "unit", "unit_tests", "unittest"}

// withTestsMakefile adds the make of a test directory's own Makefile to
// cs when cs has no test command.
func withTestsMakefile(ctx context.Context, e *env, cs []Command) []Command {
	if slices.ContainsFunc(cs, func(c Command) bool { return c.Bucket == Unit }) {
		return cs
	}
	files, err := e.ix.FindFiles(ctx, retrieval.FileQuery{})
	if err != nil {
		return cs
	}
	var dirs []string
	for _, f := range files {
		d := path.Dir(f.Path)
		switch path.Base(f.Path) {
		case "Makefile", "makefile", "GNUmakefile":
			if d != "." && strings.Count(d, "/") < 3 && testDirPath(d) && !vendoredDir.MatchString(d) && !strings.ContainsAny(d, " '\"$`\\") {
				dirs = append(dirs, d)
			}
		}
	}
	if len(dirs) == 0 {
		return cs
	}
	sort.SliceStable(dirs, func(i, j int) bool {
		di, dj := strings.Count(dirs[i], "/"), strings.Count(dirs[j], "/")
		if di != dj {
			return di < dj
		}
		ui, uj := slices.Contains(unitDirNames, path.Base(dirs[i])), slices.Contains(unitDirNames, path.Base(dirs[j]))
		if ui != uj {
			return ui
		}
		return dirs[i] < dirs[j]
	})
	dir, target := dirs[0], ""
	if ts, err := e.ix.Targets(ctx, "make"); err == nil {
		for _, t := range ts {
			if path.Dir(t.Path) == dir && slices.Contains(testsMakefileTargets, t.Name) && (target == "" || slices.Index(testsMakefileTargets, t.Name) < slices.Index(testsMakefileTargets, target)) {
				target = t.Name
			}
		}
	}
	text := "make -C " + quoteArg(dir)
	if target != "" {
		text += " " + target
	}
	return append(cs, Command{Text: text, Bucket: Unit,
		Reason: "makes the tests of " + dir + "/ with the Makefile there, which the project's build does not run",
		Why:    []Provenance{{Source: "makefile", File: dir, Note: "a test directory's own Makefile"}}})
}

// testDirPath is a directory under or named as a test directory.
func testDirPath(d string) bool {
	for _, seg := range strings.Split(d, "/") {
		if slices.Contains(unitDirNames, strings.ToLower(seg)) || strings.HasPrefix(strings.ToLower(seg), "test") {
			return true
		}
	}
	return false
}
