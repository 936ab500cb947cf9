package pipeline

import (
	"fmt"
	"os"
	"path"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// A user may start from a Bash File of their own (`heragent run
// --bash-file setup.sh`): an exported setup.sh they edited. It replaces
// the generated one; the detectors still name the stacks, and the pyramid
// is mined for, and aligned to, the layout the user's file builds with.

// LoadBashFile reads and checks a user's Bash File: it must parse as one
// (bashfile.Parse) and validate. Errors are one line naming the file (and
// the line, when the shell parser gives one) and wrap ErrInput.
func LoadBashFile(file string) (*bashfile.File, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, inputError(fmt.Errorf("--bash-file: %w", err))
	}
	f, err := bashfile.Parse(string(b))
	if err == nil {
		err = f.Validate()
	}
	if err != nil {
		msg := strings.ReplaceAll(firstLine(err.Error()), "setup.sh:", file+":")
		return nil, inputError(fmt.Errorf("--bash-file %s: %s", file, msg))
	}
	return f, nil
}

var (
	cmakeBuildRe = regexp.MustCompile(`\bcmake\b[^;&|]*?(?:-B\s*|--build\s+)([^\s;&|)]+)`)
	mesonDirRe   = regexp.MustCompile(`\b(?:meson\s+(?:compile|test|install)|ninja)\s+(?:.*\s)?-C\s*([^\s;&|)]+)`)
	autotoolsRe  = regexp.MustCompile(`(^|[\s;&(])(\./configure|autoreconf|\./autogen\.sh)\b`)
	makeRe       = regexp.MustCompile(`(^|[\s;&(])make\b`)
)

// layoutOfFile is where a Bash File builds, read from its build section:
// CMake's -B/--build directory, meson's build directory, autotools and
// make in the tree.
func layoutOfFile(f *bashfile.File) bashfile.Layout {
	l := bashfile.Layout{RepoDir: f.RepoDir, BuildDirs: map[string]string{}}
	for _, c := range f.Section(bashfile.Build).Commands {
		switch {
		case cmakeBuildRe.MatchString(c.Text):
			l.BuildDirs["cmake"] = path.Clean(cmakeBuildRe.FindStringSubmatch(c.Text)[1])
			if opt := testsOffOption(c.Text); opt != "" {
				l.TestBuild = map[string]string{"cmake": bashfile.CMakeTestBuild(l.BuildDirs["cmake"], opt, "")}
				l.TestSubset = map[string]string{"cmake": bashfile.CMakeTestSubset(l.RepoDir, l.BuildDirs["cmake"], opt)}
			}
		case strings.Contains(c.Text, "meson") && l.BuildDirs["meson"] == "":
			if d := mesonDir(c.Text); d != "" {
				l.BuildDirs["meson"] = d
			}
		case autotoolsRe.MatchString(c.Text):
			l.BuildDirs["autotools"] = bashfile.InTree
		case makeRe.MatchString(c.Text) && len(l.BuildDirs) == 0:
			l.BuildDirs["make"] = bashfile.InTree
		}
	}
	if _, ok := l.BuildDirs["autotools"]; ok {
		delete(l.BuildDirs, "make") // autotools' make
	}
	return l
}

// cmakeOffRe is a CMake cache setting turned off on the command line.
var cmakeOffRe = regexp.MustCompile(`-D(\w+)(?::BOOL)?=OFF\b`)

// testsOffOption is the test option a CMake configure command turns off
// (an exported setup.sh of a project whose tests outweigh it: the
// Testable commands build them), "" when it turns none off.
func testsOffOption(text string) string {
	for _, m := range cmakeOffRe.FindAllStringSubmatch(text, -1) {
		if bashfile.HasTestWord(m[1]) && !bashfile.NotTheTests.MatchString(strings.ToUpper(m[1])) {
			return m[1]
		}
	}
	return ""
}

// mesonDir is the build directory of a meson command: `-C DIR` of meson
// compile/test or ninja, else the first argument of `meson setup` that is
// not an option (an option without '=' takes the next word).
func mesonDir(text string) string {
	if m := mesonDirRe.FindStringSubmatch(text); m != nil {
		return path.Clean(m[1])
	}
	w := strings.Fields(text)
	for i := 0; i+1 < len(w); i++ {
		if w[i] != "meson" {
			continue
		}
		j := i + 1
		if w[j] == "setup" {
			j++
		}
		for ; j < len(w); j++ {
			switch {
			case strings.ContainsAny(w[j], ";&|)"):
				return ""
			case strings.HasPrefix(w[j], "-"):
				if !strings.Contains(w[j], "=") {
					j++
				}
			default:
				return path.Clean(w[j])
			}
		}
	}
	return ""
}

// useBashFile puts the user's Bash File in the plan instead of the
// generated one.
func (p *Plan) useBashFile(f *bashfile.File, file string) {
	p.File = f.Clone()
	p.Layout = layoutOfFile(p.File)
	p.BashFile = file
	systems := strings.Join(p.Layout.Systems(), ", ")
	if systems == "" {
		systems = "no C/C++ build system"
	}
	p.applied("Bash File: %s, the user's, instead of the generated one (it builds with %s)", file, systems)
}
