package pyramid

import (
	"context"
	"path"
	"regexp"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A header-only C++ library often keeps its tests as a CMake project of
// their own — tests/CMakeLists.txt with its own project(), adding the
// library from ../ — which the top-level build never adds (Tessil's
// robin-map: `cmake -S tests -B build && cmake --build build &&
// ./build/tsl_robin_map_tests` in its CI, with a vcpkg toolchain and
// ${{ }} expressions no miner keeps). mineCMakeTestProject builds such a
// project in a directory of its own and runs its tests: ctest when it
// enables testing, else the test programs it declares.

// testProjectDirRe are the directories a test project lives in.
var testProjectDirRe = regexp.MustCompile(`^(?:tests?|unit_?tests?|testing)$`)

// maxTestPrograms bounds the programs of a test project run in a row.
const maxTestPrograms = 4

func mineCMakeTestProject(ctx context.Context, e *env) ([]Command, error) {
	if !e.stacks["cmake"] {
		return nil, nil
	}
	fs, err := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: "CMakeLists.txt"})
	if err != nil {
		return nil, err
	}
	top, err := e.ix.ReadFile(ctx, "CMakeLists.txt", 0, 0, true)
	if err != nil {
		return nil, nil
	}
	eps, err := e.ix.EntryPoints(ctx)
	if err != nil {
		return nil, err
	}
	var out []Command
	for _, f := range fs {
		dir := path.Dir(f.Path)
		if !testProjectDirRe.MatchString(dir) || f.Facts["project"] == nil || addsSubdir(top, dir) {
			continue
		}
		build := "build-" + dir
		text := "cmake -S " + dir + " -B " + build + " && cmake --build " + build + ` --parallel "$(nproc)" && `
		if f.Facts["enable_testing"] == true {
			text += "ctest --test-dir " + build + " --output-on-failure"
		} else {
			var runs []string
			for _, ep := range eps {
				if ep.Kind == "executable" && ep.Path == f.Path && len(runs) < maxTestPrograms && !strings.ContainsAny(ep.Name, "$@{} ") {
					runs = append(runs, "./"+build+"/"+ep.Name)
				}
			}
			if len(runs) == 0 {
				continue
			}
			text += strings.Join(runs, " && ")
		}
		out = append(out, Command{Text: text, Bucket: Unit,
			Reason: "builds the tests' own CMake project, which the top-level build does not add, and runs its tests",
			Why:    []Provenance{{Source: "cmake", File: f.Path, Note: "a test project of its own (project() in " + dir + "/, not added by the top-level CMakeLists.txt)"}}})
	}
	return out, nil
}

// addsSubdirRe reads add_subdirectory's first argument.
var addsSubdirRe = regexp.MustCompile(`(?i)add_subdirectory\s*\(\s*"?(?:\$\{(?:CMAKE_CURRENT_SOURCE_DIR|PROJECT_SOURCE_DIR|CMAKE_SOURCE_DIR)\}/)?([\w./-]+)`)

// addsSubdir reports whether the CMake text adds the directory dir.
func addsSubdir(text, dir string) bool {
	for _, m := range addsSubdirRe.FindAllStringSubmatch(text, -1) {
		if strings.TrimSuffix(m[1], "/") == dir {
			return true
		}
	}
	return false
}
