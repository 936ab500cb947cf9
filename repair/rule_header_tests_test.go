package repair

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

// A test source's header no package ships (csv-parser: Catch2 3's
// catch2/catch_all.hpp, bookworm has Catch2 2): the project is configured
// without the tests its option guards; a failing source outside the
// tests, or tests no option guards, get no such edit.
func TestTestsWithoutTheirHeader(t *testing.T) {
	f := Failure{Phase: PhaseSetup, Section: bashfile.Build, ExitCode: 2, Log: readLog(t, "missing-header/test-source-catch2-v3-csv-parser.log")}
	guarded := "option(CSV_BUILD_TESTS \"Allow to disable building of tests\" ON)\nif (CSV_BUILD_TESTS)\n  enable_testing()\n  add_subdirectory(\"tests\")\nendif()\n"
	for _, tc := range []struct {
		name, cmake, want string
	}{
		{"guarded", guarded, "-DCSV_BUILD_TESTS=OFF"},
		{"unguarded", "enable_testing()\nadd_subdirectory(tests)\n", ""},
	} {
		file := bashfile.New()
		file.Append(bashfile.Build, "cmake -S . -B build", bashfile.Provenance{Source: "test"})
		ps := Propose(&Context{File: file, Index: MapIndex{}, Repo: fstest.MapFS{"CMakeLists.txt": {Data: []byte(tc.cmake)}}}, f)
		var got string
		for _, p := range ps {
			if p.Diagnosis.Kind == MissingHeader && p.Action == ActionEdit {
				got = p.Edits[0].Command
			}
		}
		if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("%s: configure %q, want %q (%+v)", tc.name, got, tc.want, ps)
		}
	}
}
