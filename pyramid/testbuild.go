package pyramid

import (
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// buildTestsFirst puts the layout's test build before each Testable
// command. The Bash File configured a CMake project's tests off because
// they outweigh it (bashfile.Layout.TestBuild); whatever runs the tests —
// ctest, a test program of the build directory, `make test`, pytest over
// the test modules the CMake build compiles (pybind11) — needs them built,
// and the test build is charged to the level it proves. User goals get it
// too: their ctest would find no tests. A command in a subdirectory gets
// it from the checkout's top. The commands changed are returned as
// rewritten.
func (p *Pyramid) buildTestsFirst(layout bashfile.Layout) []Rewrite {
	tb := layout.TestBuild["cmake"]
	if tb == "" {
		return nil
	}
	sub := boundCTest(layout.TestSubset["cmake"])
	var out []Rewrite
	first := -1
	for i, c := range p.Commands {
		if c.Level != Testable || c.Bucket == Smoke {
			continue // a smoke probe (a program's --version) needs no test built
		}
		if first < 0 {
			first = i
		}
		if strings.Contains(c.Text, tb) || c.Text == sub {
			continue // built first already; the subset builds its own
		}
		pre := tb
		if c.Dir != "" && c.Dir != "." {
			pre = "(cd " + layout.RepoDir + " && " + tb + ")"
		}
		t := pre + " && " + c.Text
		if bd := layout.BuildDir("cmake"); bd != "" && strings.HasPrefix(c.Dir, bd+"/") {
			// a directory of the build tree the test build makes (csv2's
			// build/test): entered after it, not before
			t = tb + " && cd " + quoteArg(c.Dir) + " && " + c.Text
			p.Commands[i].Dir = ""
		}
		p.Commands[i].Text = t
		p.Commands[i].Reason = c.Reason + "; the tests are built first (the Bash File leaves them out of its build: they outweigh the project)"
		out = append(out, Rewrite{From: c.Text, To: t})
	}
	p.addTestSubset(sub, first)
	return out
}

// addTestSubset puts the layout's test subset (one test program built
// and run) after the level's first command: when the whole test build
// is cut at its share of the run's time, the subset is what still proves
// the tests build and pass, and the Runnable tier gets the rest (the
// loop skips the other whole-suite commands after such a cut).
func (p *Pyramid) addTestSubset(text string, after int) {
	if text == "" || after < 0 || slices.ContainsFunc(p.Commands, func(c Command) bool { return c.Text == text }) {
		return
	}
	c := Command{Text: text, Bucket: Unit, Level: Unit.Level(), Synth: true,
		Reason: "builds and runs one test program of the suite: the proof left when the whole test build does not fit the run's time",
		Why:    []Provenance{{Source: "convention", File: "CMakeLists.txt", Note: "tests listed by CTest in the build directory"}}}
	p.Commands = slices.Insert(p.Commands, after+1, c)
}

// runsOneOf reports whether text runs ./dir/<one of programs>, or any
// program of dir when programs is empty.
func runsOneOf(text, dir string, programs []string) bool {
	if len(programs) == 0 {
		return true
	}
	for _, f := range strings.Fields(text) {
		if p, ok := strings.CutPrefix(f, "./"+dir+"/"); ok && slices.Contains(programs, p) {
			return true
		}
	}
	return false
}

// buildExamplesFirst puts the layout's example build before each
// Runnable command that runs a program of the examples' build directory:
// the Bash File's build left them off (bashfile.Layout.Examples).
func (p *Pyramid) buildExamplesFirst(layout bashfile.Layout) []Rewrite {
	ex := layout.Examples
	if ex == nil {
		return nil
	}
	var out []Rewrite
	for i, c := range p.Commands {
		if c.Level != Runnable || c.Dir != "" && c.Dir != "." || strings.Contains(c.Text, ex.Command) || !strings.Contains(c.Text, "./"+ex.Dir+"/") || !runsOneOf(c.Text, ex.Dir, ex.Programs) {
			continue
		}
		t := ex.Command + " && " + c.Text
		p.Commands[i].Text = t
		p.Commands[i].Reason = c.Reason + "; the examples are built first (the project builds them only when asked)"
		out = append(out, Rewrite{From: c.Text, To: t})
	}
	return out
}
