package pyramid

import (
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
	var out []Rewrite
	for i, c := range p.Commands {
		if c.Level != Testable || strings.Contains(c.Text, tb) {
			continue
		}
		pre := tb
		if c.Dir != "" && c.Dir != "." {
			pre = "(cd " + layout.RepoDir + " && " + tb + ")"
		}
		t := pre + " && " + c.Text
		p.Commands[i].Text = t
		p.Commands[i].Reason = c.Reason + "; the tests are built first (the Bash File leaves them out of its build: they outweigh the project)"
		out = append(out, Rewrite{From: c.Text, To: t})
	}
	return out
}
