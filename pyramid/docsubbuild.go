package pyramid

import (
	"path"
	"slices"
	"strings"
)

// A document may build and test a part of the repository as a project of
// its own, in a build directory it makes for it: dragonbox's README runs
// `mkdir -p build/subproject/test`, `cd build/subproject/test`, `cmake
// ../../../subproject/test`, `cmake --build .`, `ctest .`. The Bash File
// configures only the top project, so that directory does not exist when
// the test command enters it ("cd: /repo/build/subproject/test: No such
// file or directory"). docSubBuild makes such a test command the whole
// sequence: it creates the directory, configures and builds there with
// the document's own commands, then tests.

// docSubBuild rewrites each documented Unit command whose directory a
// CMake configure of the same document runs in.
func docSubBuild(e *env, cs []Command) []Command {
	bd := e.layout.BuildDir("cmake")
	if bd == "" {
		// no CMake project of the Bash File's: the document's configure
		// and build are adopted as the project's build (sheredom's
		// header-only libraries build test/ that way)
		return cs
	}
	for i, c := range cs {
		if c.Bucket != Unit || c.Dir == "" || len(c.Why) == 0 || c.Why[0].File == "" || e.fileExists(c.Dir) || c.Dir == bd {
			continue // (the Bash File's own build directory: it configures and builds there)
		}
		var steps []string
		configured := false
		for _, b := range cs {
			if b.Bucket != Build || b.Dir != c.Dir || len(b.Why) == 0 || b.Why[0].File != c.Why[0].File || b.Why[0].Line > c.Why[0].Line {
				continue
			}
			w := words(b.Text)
			switch {
			case len(w) >= 2 && w[0] == "cmake" && !strings.HasPrefix(w[1], "-") && !configured:
				if path.Join(c.Dir, w[1]) == "." {
					break // the top project, which the Bash File configures and builds
				}
				configured = true // `cmake ../../../subproject/test`: its own project
				steps = append(steps, b.Text)
			case configured && len(w) >= 2 && w[0] == "cmake" && w[1] == "--build" && !slices.Contains(steps, b.Text):
				t := b.Text
				if !strings.Contains(t, " -j") && !strings.Contains(t, "--parallel") {
					t += ` --parallel "$(nproc)"` // as the Bash File builds
				}
				steps = append(steps, t)
			}
		}
		if !configured {
			continue
		}
		d := quoteArg(c.Dir)
		cs[i].Text = "mkdir -p " + d + " && cd " + d + " && " + strings.Join(steps, " && ") + " && " + c.Text
		cs[i].Dir = ""
		cs[i].Reason = c.Reason + "; the document configures and builds that part of the repository in " + c.Dir + " first, as its own project"
	}
	return cs
}
