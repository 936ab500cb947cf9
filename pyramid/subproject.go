package pyramid

import (
	"context"
	"path"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/retrieval"
)

// subprojectBuildFiles are the C/C++ build files, best first, and how to
// build the project a directory holds with each (run from that directory).
var subprojectBuildFiles = []struct{ file, build, test string }{
	{"CMakeLists.txt", "cmake -S . -B build && cmake --build build", "ctest --test-dir build"},
	{"meson.build", "meson setup build && meson compile -C build", "meson test -C build --print-errorlogs"},
	{"configure", "./configure && make", "make check"},
	{"configure.ac", "autoreconf -fi && ./configure && make", "make check"},
	{"Makefile", "make", "make test"},
}

// subprojectConventions: when no C/C++ build system is at the top of the
// checkout but C/C++ sources are, the project is in a subdirectory (c++/,
// src/, ports/unix). The shallowest directory with a build file, outside
// tests, examples, docs and vendored code — one named like the repository
// or src first — gets its stack's standard build and test commands, run
// there. A build the pyramid finds this way joins the Bash File when it
// passes (the loops adopt it).
func subprojectConventions(ctx context.Context, e *env, files []retrieval.FileInfo) []Command {
	if e.stacks["cmake"] || e.stacks["meson"] || e.stacks["autotools"] || e.stacks["make"] || !hasCSources(files) {
		return nil
	}
	best, file, _ := bashfile.SubprojectDir(files, e.ix.ProjectName(ctx)) // the Bash File's choice
	if best == "" && !e.setUp["python"] && !e.setUp["npm"] && !e.setUp["go"] && !e.setUp["cargo"] {
		// not an extension's or addon's sources (a Python C extension,
		// a node-gyp addon, cgo), which their own stack builds
		return sourcesCompile(ctx, e, files)
	}
	if best == "" {
		return nil
	}
	var bestFile struct{ file, build, test string }
	for _, bf := range subprojectBuildFiles {
		if bf.file == file {
			bestFile = bf
		}
	}
	if bestFile.file == "" {
		return nil
	}
	why := []Provenance{{Source: "convention", File: path.Join(best, bestFile.file), Note: "the project's build files are in " + best + "/"}}
	tests := []Command{{Text: bestFile.test, Dir: best, Bucket: Unit, Reason: "runs the tests of the project in " + best + "/", Why: why}}
	if bestFile.file == "Makefile" {
		tests = subMakeTest(ctx, e, path.Join(best, bestFile.file), tests[0])
	}
	return append([]Command{
		{Text: bestFile.build, Dir: best, Bucket: Build, Reason: "builds the project in " + best + "/, where its build files are", Why: why},
	}, tests...)
}

// subMakeTest reads the subdirectory's Makefile as mineMakefile reads the
// top one: its test target is `check` when it has no `test`, and a target
// that only runs the programs it links is the suite's own driver (LMDB's
// libraries/liblmdb/Makefile: `test: all` runs `./mtest && ./mdb_stat
// testdb`, which print no count). Without either, the targets named as
// tests are (QR-Code-generator's c/Makefile links qrcodegen-test), run
// there; with none of those, no test command: make test can only fail.
func subMakeTest(ctx context.Context, e *env, makefile string, test Command) []Command {
	ts, err := e.ix.Targets(ctx, "make")
	if err != nil {
		return []Command{test}
	}
	byName := map[string]retrieval.Target{}
	for _, t := range ts {
		if _, ok := byName[t.Name]; !ok && t.Path == makefile {
			byName[t.Name] = t
		}
	}
	t, ok := byName["test"]
	if !ok {
		if t, ok = byName["check"]; ok {
			test.Text = "make check"
		}
	}
	if !ok {
		others := otherTestTargets(byName)
		for i := range others {
			others[i].Dir = test.Dir
		}
		return others
	}
	test.Driver = runsItsPrograms(t, byName)
	test.Why = append(test.Why, Provenance{Source: "makefile", File: makefile, Line: int(t.Line), Note: "target " + t.Name})
	return []Command{test}
}

// hasCSources reports C/C++ sources outside tests and vendored code.
func hasCSources(files []retrieval.FileInfo) bool {
	n := 0
	for _, f := range files {
		if (f.Language == "C" || f.Language == "C++") && f.Kind == "source" && !foreignDirs.MatchString(path.Dir(f.Path)) {
			n++
		}
	}
	return n > 0
}
