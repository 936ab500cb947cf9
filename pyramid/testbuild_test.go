package pyramid

import (
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// With the tests configured off by the Bash File, every Testable command
// builds them first — from the checkout's top when it runs in a
// subdirectory — and the other levels' commands are left alone.
func TestTestableCommandsBuildTheTestsFirst(t *testing.T) {
	tb := `cmake build -DFMT_TEST=ON && cmake --build build --parallel "$(nproc)"`
	layout := bashfile.LayoutOf([]string{"cmake"})
	layout.TestBuild = map[string]string{"cmake": tb}
	p := &Pyramid{}
	p.Add(Command{Text: "cmake --build build", Bucket: Build})
	p.Add(Command{Text: "ctest", Bucket: Unit})
	p.Add(Command{Text: "ctest -C Debug", Dir: "build", Bucket: Unit})
	p.Add(Command{Text: "python -m pytest -q", Bucket: Unit})
	p.Add(Command{Text: "meson test -C build", Bucket: Unit}) // another build system's: dropped, not built for
	p.Add(Command{Text: "./build/fmt-tool x", Bucket: Entry})
	p.Add(Command{Text: "./build/fmt-tool --version", Bucket: Smoke})
	_, rewritten := p.Align(layout, false)
	want := []string{
		"cmake --build build",
		tb + " && ctest --test-dir build",
		"(cd /repo && " + tb + ") && ctest -C Debug",
		tb + " && python -m pytest -q",
		"./build/fmt-tool x",
		"./build/fmt-tool --version",
	}
	for i, w := range want {
		if p.Commands[i].Text != w {
			t.Errorf("command %d = %q, want %q", i, p.Commands[i].Text, w)
		}
	}
	if len(rewritten) != 4 { // ctest's --test-dir, then the three test builds
		t.Errorf("rewritten %v", rewritten)
	}
	// aligned again (a plan edited and run): nothing is added twice
	p.Align(layout, false)
	if p.Commands[1].Text != want[1] {
		t.Errorf("aligned twice: %q", p.Commands[1].Text)
	}
}

// The layout's test subset follows the level's first command, once, and
// counts as a part of the suite.
func TestTestSubsetFollowsTheFirstTestableCommand(t *testing.T) {
	layout := bashfile.LayoutOf([]string{"cmake"})
	layout.TestBuild = map[string]string{"cmake": "cmake build -DX=ON && cmake --build build"}
	sub := bashfile.CMakeTestSubset("/repo", "build", "X")
	layout.TestSubset = map[string]string{"cmake": sub}
	p := &Pyramid{}
	p.Add(Command{Text: "cmake --build build", Bucket: Build})
	p.Add(Command{Text: "ctest --test-dir build", Bucket: Unit})
	p.Add(Command{Text: "ctest --test-dir build -LE net", Bucket: Unit})
	p.Align(layout, false)
	p.Align(layout, false)
	if len(p.Commands) != 4 || p.Commands[2].Text != boundCTest(sub) || p.Commands[2].Level != Testable || !p.Commands[2].Synth {
		t.Fatalf("commands %+v", p.Commands)
	}
	if !Narrow(p.Commands[2]) || Narrow(p.Commands[1]) {
		t.Errorf("the subset is a part of the suite, the first command the whole: %v %v", Narrow(p.Commands[2]), Narrow(p.Commands[1]))
	}
}

func TestBuildExamplesFirst(t *testing.T) {
	p := &Pyramid{Commands: []Command{
		{Text: "./build/examples/010-TestCase", Level: Runnable, Bucket: Entry},
		{Text: "./build/tools/x --help", Level: Runnable, Bucket: Entry},
		{Text: "ctest --test-dir build", Level: Testable, Bucket: Unit},
	}}
	build := `cmake build -DX_BUILD_EXAMPLES=ON && cmake --build build --parallel "$(nproc)"`
	rw := p.buildExamplesFirst(bashfile.Layout{Examples: &bashfile.OptionalBuild{Dir: "build/examples", Command: build}})
	if len(rw) != 1 || p.Commands[0].Text != build+" && ./build/examples/010-TestCase" || p.Commands[1].Text != "./build/tools/x --help" {
		t.Fatalf("rewrites %v, commands %+v", rw, p.Commands)
	}
}

// Example programs an option adds beside the project's others in one
// directory (atomic_queue's build/src): only the commands running them get
// the build first.
func TestBuildNamedExamplesFirst(t *testing.T) {
	p := &Pyramid{Commands: []Command{
		{Text: "./build/src/atomic_queue_example", Level: Runnable, Bucket: Entry},
		{Text: "./build/src/atomic_queue_tool --help", Level: Runnable, Bucket: Entry},
	}}
	build := `cmake build -DATOMIC_QUEUE_BUILD_EXAMPLES=ON && cmake --build build --parallel "$(nproc)"`
	rw := p.buildExamplesFirst(bashfile.Layout{Examples: &bashfile.OptionalBuild{Dir: "build/src", Command: build, Programs: []string{"atomic_queue_example"}}})
	if len(rw) != 1 || p.Commands[0].Text != build+" && ./build/src/atomic_queue_example" || p.Commands[1].Text != "./build/src/atomic_queue_tool --help" {
		t.Fatalf("rewrites %v, commands %+v", rw, p.Commands)
	}
}
