package repair

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

// game-music-emu adds its demo directory EXCLUDE_FROM_ALL and registers
// tests running the demo: ctest cannot find it, and the build makes it by
// name after the default build. A program the project does not declare,
// or one outside the build directory, is left to the other rules.
func TestExcludedTargetBuiltByName(t *testing.T) {
	log := readLog(t, "excluded-target/ctest-exclude-from-all-gme.log")
	gme := fstest.MapFS{
		"CMakeLists.txt":      {Data: []byte("option(GME_BUILD_EXAMPLES \"Add example project build rules\" ${GME_IS_ROOT})\nif (GME_BUILD_EXAMPLES)\n    add_subdirectory(demo EXCLUDE_FROM_ALL)\nendif()\n")},
		"demo/CMakeLists.txt": {Data: []byte("add_executable(demo Wave_Writer.cpp basics.c)\nif(GME_BUILD_TESTING)\n    add_test(NAME sanity_test_NSF\n        COMMAND demo)\nendif()\n")},
	}
	other := fstest.MapFS{"CMakeLists.txt": {Data: []byte("add_executable(tool x.c)\n")}}
	for _, c := range []struct {
		repo fstest.MapFS
		want string
	}{
		{gme, `cmake --build build --parallel "$(nproc)" --target demo`},
		{other, ""},
	} {
		f := bashfile.New()
		f.Append(bashfile.Build, "cmake -S . -B build", bashfile.Provenance{Source: "test"})
		f.Append(bashfile.Build, `cmake --build build --parallel "$(nproc)"`, bashfile.Provenance{Source: "test"})
		var got Proposal
		for _, p := range Propose(&Context{File: f, Repo: c.repo}, Failure{Phase: PhaseCommand, Command: "ctest --test-dir build", ExitCode: 8, Log: log}) {
			if p.Diagnosis.Kind == NotBuilt {
				got = p
			}
		}
		if c.want == "" {
			if got.Action == ActionEdit {
				t.Errorf("undeclared program: edit %+v", got)
			}
			continue
		}
		if got.Action != ActionEdit || len(got.Edits) != 1 || got.Edits[0].Command != c.want || got.Edits[0].Op != bashfile.OpInsertAfter || !strings.Contains(got.Reason, "add_executable(demo)") {
			t.Errorf("proposal %+v", got)
		}
	}
}
