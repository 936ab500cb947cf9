package pyramid

import (
	"fmt"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

func TestAlignDropsOtherBuildSystems(t *testing.T) {
	p := &Pyramid{}
	for _, text := range []string{
		"cmake -S . -B build", "meson setup build", "meson test -C build", "ctest --test-dir build",
		"CC=clang ../configure --prefix=/usr", "sh autogen.sh", "make test", "./build/apps/json_parse --help",
	} {
		p.Add(Command{Text: text, Bucket: Unit})
	}
	p.Add(Command{Text: "meson test -C b2", Bucket: Entry, Expect: []string{"ok"}})
	dropped, _ := p.Align(bashfile.LayoutOf([]string{"cmake", "python"}), true)
	var kept []string
	for _, c := range p.Commands {
		kept = append(kept, c.Text)
	}
	// the top Makefile's `make test` goes after the level's other commands
	// (makeAfterCMake)
	want := []string{"cmake -S . -B build", "ctest --test-dir build", "./build/apps/json_parse --help", "make test", "meson test -C b2"}
	if len(kept) != len(want) {
		t.Fatalf("kept %q, want %q", kept, want)
	}
	for i := range want {
		if kept[i] != want[i] {
			t.Fatalf("kept %q, want %q", kept, want)
		}
	}
	if len(dropped) != 4 {
		t.Fatalf("dropped %d commands, want 4", len(dropped))
	}
}

// Beside a hand-written Makefile, the CMake build's tests go first: re2's
// README `make test` builds the project again with the Makefile.
func TestAlignPutsTheMakefilesTestsAfterCTest(t *testing.T) {
	p := &Pyramid{}
	p.Add(Command{Text: "make", Bucket: Build})
	p.Add(Command{Text: "make test", Bucket: Unit})
	p.Add(Command{Text: "make && make test", Bucket: Unit})
	p.Add(Command{Text: "ctest --output-on-failure", Bucket: Unit})
	p.Add(Command{Text: "./build/tool x", Bucket: Entry})
	p.Align(bashfile.LayoutOf([]string{"cmake"}), true)
	var got []string
	for _, c := range p.Commands {
		got = append(got, c.Text)
	}
	want := "[make ctest --test-dir build --output-on-failure make test make && make test ./build/tool x]"
	if fmt.Sprint(got) != want {
		t.Errorf("order %q, want %s", got, want)
	}
}

// A dual-build project's top-level make targets run through the CMake
// build when the checkout has no Makefile of its own.
func TestAlignRespellsMakeForCMake(t *testing.T) {
	texts := map[string]string{
		"make test-ci":           "cmake --build build --target test-ci",
		"make -j4 V=1 check":     "cmake --build build --target check",
		"make -j 2 -s check":     "cmake --build build --target check", // opus: the job count is no target
		"make -j 2":              "cmake --build build",
		"make":                   "cmake --build build",
		"make install":           "cmake --install build",
		"make -C tests check":    "make -C tests check",
		"make check | tee log":   "make check | tee log",
		"./build/src/curl -V":    "./build/src/curl -V",
		"ctest -LE git_required": "ctest --test-dir build -LE git_required",
		"ctest --test-dir build": "ctest --test-dir build",
	}
	p := &Pyramid{}
	for text := range texts {
		p.Add(Command{Text: text, Bucket: Unit})
	}
	p.Add(Command{Text: "make verify", Dir: "build", Bucket: Unit})
	p.Add(Command{Text: "make goal", Bucket: Entry, Expect: []string{"ok"}})
	_, rw := p.Align(bashfile.LayoutOf([]string{"cmake"}), false)
	for _, c := range p.Commands {
		if want, ok := texts[c.Text]; ok && want != c.Text {
			t.Errorf("%q kept", c.Text)
		}
	}
	if len(rw) != 7 {
		t.Errorf("rewrites %+v, want 7", rw)
	}
	for _, r := range rw {
		if texts[r.From] != r.To {
			t.Errorf("%q → %q, want %q", r.From, r.To, texts[r.From])
		}
	}
	// With a top-level Makefile, or when the Bash File runs make, nothing changes.
	for _, tc := range []struct {
		stacks []string
		root   bool
	}{{[]string{"cmake"}, true}, {[]string{"cmake", "autotools"}, false}} {
		q := &Pyramid{}
		q.Add(Command{Text: "make check", Bucket: Unit})
		if _, rw := q.Align(bashfile.LayoutOf(tc.stacks), tc.root); len(rw) != 0 || q.Commands[0].Text != "make check" {
			t.Errorf("%v root Makefile %v: %+v", tc.stacks, tc.root, rw)
		}
	}
}

// The build directory comes from the layout, not from a convention.
func TestAlignUsesTheLayoutsBuildDir(t *testing.T) {
	p := &Pyramid{}
	p.Add(Command{Text: "make check", Bucket: Unit})
	p.Add(Command{Text: "ctest -j2", Bucket: Unit})
	l := bashfile.Layout{RepoDir: "/src", BuildDirs: map[string]string{"cmake": "out/release"}}
	_, rw := p.Align(l, false)
	if len(rw) != 2 || p.Commands[0].Text != "cmake --build out/release --target check" || p.Commands[1].Text != "ctest --test-dir out/release -j2" {
		t.Errorf("rewrites %+v, commands %+v", rw, p.Commands)
	}
}

func TestAlignWithoutACBuildSystemKeepsAll(t *testing.T) {
	p := &Pyramid{}
	p.Add(Command{Text: "meson test -C build", Bucket: Unit})
	p.Add(Command{Text: "pytest", Bucket: Unit})
	if d, r := p.Align(bashfile.LayoutOf([]string{"python"}), false); len(d)+len(r) != 0 || len(p.Commands) != 2 {
		t.Fatalf("dropped %v", d)
	}
}

func TestCIDiagnosticsAreNoEvidence(t *testing.T) {
	for _, text := range []string{"npx envinfo", "npx --yes envinfo --system", "uname -a", "lscpu", "df -h"} {
		if hardDrop(text) == "" {
			t.Errorf("%q is kept", text)
		}
	}
	for _, text := range []string{"./envinfo-tool", "make df", "uname_test"} {
		if why := hardDrop(text); why != "" {
			t.Errorf("%q dropped: %s", text, why)
		}
	}
}

// A command for a device or another platform's package triplet is not
// for this machine: crc32c's README runs its tests over adb, argtable3's
// configures for vcpkg's x64-windows-static.
func TestDeviceAndForeignTripletCommandsDropped(t *testing.T) {
	for _, text := range []string{"adb shell 'cd /data/local/tmp && ./crc32c_tests'", "cmake .. -DVCPKG_TARGET_TRIPLET=x64-windows-static", "make && adb push x /data/local/tmp"} {
		if hardDrop(text) != "targets another platform" {
			t.Errorf("%q: %q", text, hardDrop(text))
		}
	}
	for _, text := range []string{"./build/tests/badb-test", "cmake .. -DVCPKG_TARGET_TRIPLET=x64-linux", "make headb"} {
		if why := hardDrop(text); why != "" {
			t.Errorf("%q dropped: %s", text, why)
		}
	}
}
