package pyramid

import (
	"context"
	"path"
	"slices"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A document may show how to build a project of the reader's own with
// a build system the checkout does not use: thread-pool's README writes
// a CMakeLists.txt for a program importing its module, then `cmake -B
// build`, and `meson wrap install` for a meson project depending on it.
// Run in the checkout they fail, and a build sequence stops at them
// before what does build. withoutForeignBuild drops the documents'
// cmake, ctest, meson and ninja commands of a checkout with no
// CMakeLists.txt or meson.build anywhere (cmake -P runs a script, not a
// project, and stays; ninja also builds what CMake generates).
func withoutForeignBuild(ctx context.Context, e *env, cs []Command) []Command {
	files, err := e.ix.FindFiles(ctx, retrieval.FileQuery{})
	if err != nil {
		return cs
	}
	has := map[string]bool{}
	for _, f := range files {
		switch path.Base(f.Path) {
		case "CMakeLists.txt":
			has["cmake"] = true
		case "meson.build":
			has["meson"] = true
		}
	}
	return slices.DeleteFunc(cs, func(c Command) bool {
		s := stackOf(c.Text)
		if strings.HasPrefix(c.Text, "ninja") && has["cmake"] {
			return false // CMake's Ninja generator's
		}
		return (s == "cmake" || s == "meson") && !has[s] && fromDocuments(c) && !strings.Contains(" "+c.Text+" ", " -P ")
	})
}

// fromDocuments reports a command only the README or other documents
// show (the alignment to the Bash File answers for CI's).
func fromDocuments(c Command) bool {
	for _, w := range c.Why {
		if w.Source != "readme" && w.Source != "docs" {
			return false
		}
	}
	return len(c.Why) > 0
}
