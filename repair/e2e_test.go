package repair_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/sandbox"
)

// e2eIndex is what the Debian Contents index answers for these projects.
var e2eIndex = repair.MapIndex{
	Headers:       map[string][]string{"zlib.h": {"zlib1g-dev"}},
	PkgConfigs:    map[string][]string{"libevent": {"libevent-dev"}},
	PythonModules: map[string][]string{"yaml": {"python3-yaml"}},
}

// TestRepairLoopInContainer runs a failing Bash File in a fresh sandbox,
// applies the proposed repair, and re-runs it from the same image until it
// succeeds: the repairs must actually fix the failures they diagnose.
func TestRepairLoopInContainer(t *testing.T) {
	if testing.Short() {
		t.Skip("container repair loop in -short mode")
	}
	e := enginetest.Engine(t)
	certs, err := sandbox.HostCACerts()
	if err != nil {
		t.Fatal(err)
	}
	type cmd struct {
		sec  bashfile.SectionID
		text string
	}
	tests := []struct {
		name  string
		files map[string]string
		base  []string
		cmds  []cmd
		rules []string // the rules whose repairs are applied, in order
	}{
		{
			name:  "header",
			files: map[string]string{"main.c": "#include <zlib.h>\n#include <stdio.h>\nint main(void){ printf(\"%s\\n\", zlibVersion()); return 0; }\n"},
			base:  []string{"gcc", "libc6-dev"},
			cmds:  []cmd{{bashfile.Build, "gcc -o demo main.c -lz && ./demo"}},
			rules: []string{"missing-header"},
		},
		{
			name: "pkgconfig",
			files: map[string]string{
				"meson.build": "project('demo', 'c')\nexecutable('demo', 'main.c', dependencies: dependency('libevent'))\n",
				"main.c":      "#include <event2/event.h>\nint main(void){ return event_base_new() == 0; }\n",
			},
			base:  []string{"gcc", "libc6-dev", "meson", "ninja-build", "pkgconf"},
			cmds:  []cmd{{bashfile.Build, "meson setup build --wipe || meson setup build"}, {bashfile.Build, "meson compile -C build && ./build/demo"}},
			rules: []string{"missing-pkgconfig"},
		},
		{
			name:  "python",
			files: map[string]string{"app.py": "import yaml\nprint(yaml.safe_load('a: 1'))\n"},
			cmds: []cmd{
				{bashfile.Runtimes, "pkg_install python3 python3-venv"},
				{bashfile.Runtimes, `[ -d .venv ] || python3 -m venv .venv`},
				{bashfile.Runtimes, `path_prepend "$REPO_DIR/.venv/bin"`},
				{bashfile.Build, "python app.py"},
			},
			rules: []string{"missing-python-module"},
		},
		{
			name:  "pip-offline",
			files: map[string]string{"app.py": "import yaml\nprint(yaml.safe_load('a: 1'))\n"},
			cmds: []cmd{
				{bashfile.Runtimes, "pkg_install python3 python3-venv"},
				{bashfile.Runtimes, `[ -d .venv ] || python3 -m venv .venv`},
				{bashfile.Runtimes, `path_prepend "$REPO_DIR/.venv/bin"`},
				{bashfile.Runtimes, "pip install pyyaml"},
				{bashfile.Build, "python app.py"},
			},
			rules: []string{"missing-python-module"},
		},
		{
			name:  "executable",
			files: map[string]string{"data.txt": "hello\n", "Makefile": "data.h: data.txt\n\txxd -i data.txt > data.h\n"},
			base:  []string{"make"},
			cmds:  []cmd{{bashfile.Build, "make && grep -q data_txt data.h"}},
			rules: []string{"missing-executable"},
		},
		{
			name: "cmake-find-module",
			files: map[string]string{
				"CMakeLists.txt": "cmake_minimum_required(VERSION 3.16)\nproject(demo C)\nfind_package(ZLIB REQUIRED)\nadd_executable(demo main.c)\ntarget_link_libraries(demo ZLIB::ZLIB)\n",
				"main.c":         "#include <zlib.h>\nint main(void){ return zlibVersion()[0] == 0; }\n",
			},
			base:  []string{"gcc", "libc6-dev", "make", "cmake"},
			cmds:  []cmd{{bashfile.Build, "cmake -S . -B build && cmake --build build && ./build/demo"}},
			rules: []string{"missing-cmake-package"},
		},
		{
			name:  "locale",
			files: map[string]string{"app.py": "import locale\nlocale.setlocale(locale.LC_ALL, 'en_US.UTF-8')\nprint(locale.getlocale())\n"},
			base:  []string{"python3"},
			cmds:  []cmd{{bashfile.Build, "python3 app.py"}},
			rules: []string{"locale", "locale"}, // C.UTF-8 first, then a generated en_US.UTF-8
		},
		{
			name: "go-toolchain",
			files: map[string]string{
				"go.mod":  "module example.com/demo\n\ngo 1.22\n",
				"main.go": "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfor i := range 3 {\n\t\tfmt.Println(i)\n\t}\n}\n",
			},
			cmds: []cmd{
				{bashfile.Runtimes, "pkg_install golang-go"},
				{bashfile.Build, "go build -o demo . && ./demo"},
			},
			rules: []string{"go-toolchain"},
		},
		{
			name: "cmake-backports",
			files: map[string]string{
				"CMakeLists.txt": "cmake_minimum_required(VERSION 3.28)\nproject(demo C)\nadd_executable(demo main.c)\n",
				"main.c":         "int main(void){ return 0; }\n",
			},
			base:  []string{"gcc", "libc6-dev", "make", "cmake"},
			cmds:  []cmd{{bashfile.Build, "cmake -S . -B build && cmake --build build && ./build/demo"}},
			rules: []string{"cmake-too-old"},
		},
		{
			name: "werror",
			files: map[string]string{
				"Makefile": "CFLAGS ?= -O2\nCFLAGS += -Wall -Werror\nmain: main.c\n\t$(CC) $(CFLAGS) -o main main.c\n",
				"main.c":   "int main(void){ int unused = 0; return 0; }\n",
			},
			base:  []string{"gcc", "libc6-dev", "make"},
			cmds:  []cmd{{bashfile.Build, "make && ./main"}},
			rules: []string{"werror"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "cmake-backports" && os.Getenv("HERAGENT_E2E_BACKPORTS") == "" {
				// Passed in 22 s when written, but hung past its 15-minute
				// limit in a loaded CI run (apt on bookworm-backports): opt-in
				// until that is understood. The rule itself is covered by
				// the table tests on real log excerpts.
				t.Skip("set HERAGENT_E2E_BACKPORTS=1 to run the cmake-from-backports repair in a container")
			}
			t.Parallel()
			dir := t.TempDir()
			for name, text := range tc.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			f := bashfile.New()
			why := bashfile.Provenance{Source: "test"}
			if len(tc.base) > 0 {
				if _, err := f.AddPackages(bashfile.Base, why, tc.base...); err != nil {
					t.Fatal(err)
				}
			}
			for _, c := range tc.cmds {
				if err := f.Append(c.sec, c.text, why); err != nil {
					t.Fatal(err)
				}
			}
			ctx := context.Background()
			rctx := &repair.Context{File: f, Index: e2eIndex, Repo: os.DirFS(dir).(repair.RepoReader)}
			var applied []string
			for run := 1; ; run++ {
				start := time.Now()
				res := runScript(ctx, t, e, certs, dir, f)
				t.Logf("run %d: exit %d in %s", run, res.ExitCode, time.Since(start).Round(time.Second))
				if res.ExitCode == 0 && !res.TimedOut {
					if len(applied) > 0 {
						t.Logf("repaired run:\n%s", lastLines(res.Tail, 8))
					}
					break
				}
				if run > len(tc.rules) {
					t.Fatalf("still failing after %v:\n%s\n%s", applied, res.Tail, f.Render())
				}
				fail := repair.Failure{Phase: repair.PhaseSetup, ExitCode: res.ExitCode, TimedOut: res.TimedOut, Log: res.Tail}
				ps := repair.Propose(rctx, fail)
				var p *repair.Proposal
				for i := range ps {
					if ps[i].Action == repair.ActionEdit {
						p = &ps[i]
						break
					}
				}
				if p == nil {
					t.Fatalf("no edit proposed: %+v\n%s", ps, res.Tail)
				}
				for _, ed := range p.Edits {
					if _, err := f.Apply(ed); err != nil {
						t.Fatal(err)
					}
				}
				if err := f.Validate(); err != nil {
					t.Fatal(err)
				}
				t.Logf("repair by %s: %s", p.Rule, p.Reason)
				applied = append(applied, p.Rule)
				rctx.Attempts = append(rctx.Attempts, *p)
			}
			if !slices.Equal(applied, tc.rules) {
				t.Errorf("repairs %v, want %v", applied, tc.rules)
			}
		})
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

func runScript(ctx context.Context, t *testing.T, e *sandbox.Engine, certs []sandbox.CACert, dir string, f *bashfile.File) sandbox.ExecResult {
	t.Helper()
	s, err := e.NewSandbox(ctx, sandbox.Options{Image: enginetest.Image(), Repo: dir, CACerts: certs})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(context.WithoutCancel(ctx))
	if err := s.CopyFiles(ctx, map[string][]byte{"/heragent/setup.sh": []byte(f.Render())}); err != nil {
		t.Fatal(err)
	}
	res, err := s.Exec(ctx, sandbox.ExecSpec{Cmd: []string{"bash", "/heragent/setup.sh"}, Timeout: 15 * time.Minute, TailBytes: 16 << 10})
	if err != nil {
		t.Fatal(err)
	}
	return res
}
