package pipeline

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// editedSetup is the c-cmake fixture's exported setup.sh with the user's
// edits: another build directory and a package.
func editedSetup(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../bashfile/testdata/golden/c-cmake.sh")
	if err != nil {
		t.Fatal(err)
	}
	s := strings.ReplaceAll(string(b), "-B build", "-B out")
	s = strings.ReplaceAll(s, "cmake --build build", "cmake --build out")
	s = strings.Replace(s, "pkg_install build-essential cmake", "pkg_install build-essential cmake ninja-build", 1)
	file := filepath.Join(t.TempDir(), "setup.sh")
	if err := os.WriteFile(file, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// The user's Bash File replaces the generated one; the pyramid is aligned
// to where it builds.
func TestAnalyzeStartsFromTheUsersBashFile(t *testing.T) {
	file := editedSetup(t)
	f, err := LoadBashFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p := analyzeWith(t, cCMake, Options{BashFile: f, BashFilePath: file})
	if !strings.Contains(p.File.Render(), "ninja-build") || p.File.Find(bashfile.Build, "cmake --build out") < 0 {
		t.Errorf("the plan's Bash File is not the user's:\n%s", p.File.Render())
	}
	if p.Layout.BuildDir("cmake") != "out" || p.BashFile != file || !strings.Contains(strings.Join(p.Config, "\n"), "the user's, instead of the generated one (it builds with cmake)") {
		t.Errorf("layout %+v bash file %q config %v", p.Layout, p.BashFile, p.Config)
	}
}

// A file that is not a Bash File is one line naming it (and the line).
func TestLoadBashFileErrors(t *testing.T) {
	dir := t.TempDir()
	golden, _ := os.ReadFile("../bashfile/testdata/golden/c-cmake.sh")
	for _, tt := range []struct{ name, text, want string }{
		{"shell syntax", strings.Replace(string(golden), "build_project() {", "build_project() {\n  if true; then", 1), "bad.sh:"},
		{"no section", strings.Replace(string(golden), "build_project() {", "build_it() {", 1), "unknown function build_it at line"},
		{"not a Bash File", "#!/bin/sh\nmake\n", "unexpected top-level statement at line 2: make"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(dir, "bad.sh")
			os.WriteFile(file, []byte(tt.text), 0o644)
			_, err := LoadBashFile(file)
			if !errors.Is(err, ErrInput) || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "--bash-file "+file+": ") {
				t.Errorf("LoadBashFile = %v; want one line with %q", err, tt.want)
			}
		})
	}
	if _, err := LoadBashFile(filepath.Join(dir, "missing.sh")); !errors.Is(err, ErrInput) {
		t.Errorf("a missing file: %v", err)
	}
}

func TestLayoutOfFile(t *testing.T) {
	for _, tt := range []struct {
		build []string
		want  map[string]string
	}{
		{[]string{"cmake -S . -B _build -G Ninja", "cmake --build _build"}, map[string]string{"cmake": "_build"}},
		{[]string{"meson setup --buildtype release bld", "meson compile -C bld"}, map[string]string{"meson": "bld"}},
		{[]string{"autoreconf -fi", "./configure", `make -j"$(nproc)"`}, map[string]string{"autotools": "."}},
		{[]string{"make"}, map[string]string{"make": "."}},
		{[]string{"pip install -e ."}, map[string]string{}},
	} {
		f := bashfile.New()
		for _, c := range tt.build {
			if err := f.Append(bashfile.Build, c); err != nil {
				t.Fatal(err)
			}
		}
		got := layoutOfFile(f)
		if len(got.BuildDirs) != len(tt.want) || got.RepoDir != bashfile.DefaultRepoDir {
			t.Errorf("%v: layout %+v, want %v", tt.build, got, tt.want)
		}
		for s, d := range tt.want {
			if got.BuildDirs[s] != d {
				t.Errorf("%v: %s builds in %q, want %q", tt.build, s, got.BuildDirs[s], d)
			}
		}
	}
}

// An exported setup.sh of a project whose tests outweigh it configures
// them off; run as the user's Bash File, its Testable commands build them
// as the generated one's did. Other options turned off do not count.
func TestLayoutOfFileTestBuild(t *testing.T) {
	for build, want := range map[string]string{
		"cmake -S . -B build -DFMT_TEST=OFF":                        `cmake build -DFMT_TEST=ON && cmake --build build --parallel "$(nproc)"`,
		"cmake -S . -B out -DJSON_BuildTests:BOOL=OFF -DX=ON":       `cmake out -DJSON_BuildTests=ON && cmake --build out --parallel "$(nproc)"`,
		"cmake -S . -B build -DFOO_BUILD_BENCHMARKS=OFF -DDOCS=OFF": "",
		"cmake -S . -B build -DYAML_USE_SYSTEM_GTEST=OFF":           "",
	} {
		f := bashfile.New()
		if err := f.Append(bashfile.Build, build); err != nil {
			t.Fatal(err)
		}
		if got := layoutOfFile(f).TestBuild["cmake"]; got != want {
			t.Errorf("%s: TestBuild %q, want %q", build, got, want)
		}
	}
}
