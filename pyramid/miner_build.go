package pyramid

import (
	"context"
	"encoding/json"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/retrieval"
)

// This file holds the build-file miners: each reads the targets the graph
// parsed from one kind of build file.

// makeTargets are the Makefile targets worth running, in pyramid order.
var makeTargets = []string{"all", "test", "tests", "check", "run", "demo", "example", "examples"}

// mineMakefile mines the top-level Makefile's test/check/run targets and
// automake's check.
func mineMakefile(ctx context.Context, e *env) ([]Command, error) {
	ts, err := e.ix.Targets(ctx, "")
	if err != nil {
		return nil, err
	}
	byName := map[string]retrieval.Target{}
	var out []Command
	for _, t := range ts {
		switch {
		case t.Kind == "make" && e.stacks["make"] && (t.Path == "Makefile" || t.Path == "GNUmakefile" || t.Path == "makefile"):
			if _, ok := byName[t.Name]; !ok {
				byName[t.Name] = t
			}
		case t.Kind == "test" && path.Base(t.Path) == "Makefile.am" && t.Command != "":
			// one `make check` runs every directory's suite; a DejaGnu one
			// among them gives it runtest's flags
			if len(out) == 0 {
				out = append(out, Command{Text: t.Command, Bucket: Unit, Reason: "automake check runs the TESTS programs and reports each",
					Why: []Provenance{{Source: "makefile", File: t.Path, Line: int(t.Line), Note: "TESTS / check_PROGRAMS"}}})
			} else if strings.HasPrefix(t.Command, out[0].Text+" ") {
				out[0].Text = t.Command
			}
		}
	}
	for _, name := range makeTargets {
		t, ok := byName[name]
		if !ok {
			continue
		}
		text := "make " + name
		if name == "all" {
			text = "make"
		}
		v := classify(text)
		if v.Drop != "" {
			continue
		}
		reason, driver := v.Reason, v.Bucket == Unit && (runsItsPrograms(t, byName) || diffsItsPrograms(t, byName))
		if links, _ := t.SelfProgram(); links && v.Bucket == Unit {
			// optparse's `test: test.c` only links the program test: made, it runs nothing
			text, reason, driver = text+" && ./"+name, "builds the test program "+name+" with its make target and runs it", true
		} else if prog := selfRunning(t, byName); prog != "" && v.Bucket == Unit {
			// strdup's `check: test`, whose `test` links ./test and runs
			// it: the default build made it, so make would run nothing
			text, reason, driver = "rm -f "+prog+" && "+text, "builds and runs the test program "+prog+" with its make target (the program removed first: the build may have made and run it)", true
		}
		out = append(out, Command{Text: text, Bucket: v.Bucket, Reason: reason, Driver: driver,
			Why: []Provenance{{Source: "makefile", File: t.Path, Line: int(t.Line), Note: "target " + name}}})
	}
	return append(out, otherTestTargets(byName)...), nil
}

// selfRunning is the program a test target links and runs in its own
// recipe (`test: test.o` → `$(CC) $^ -o $@` → `./test`), itself or as its
// only prerequisite (`check: test`), "" when it has none: a file target
// the default build may already have made, after which make runs nothing.
func selfRunning(t retrieval.Target, byName map[string]retrieval.Target) string {
	if _, runs := t.SelfProgram(); runs {
		return t.Name
	}
	if strings.TrimSpace(t.Command) == "" && len(t.Sources) == 1 {
		if dep, ok := byName[t.Sources[0]]; ok {
			if _, runs := dep.SelfProgram(); runs {
				return dep.Name
			}
		}
	}
	return ""
}

// recipeVarRe is a make variable reference: $(HELPER), ${BINEXT}.
var recipeVarRe = regexp.MustCompile(`\$[({][^)}]*[)}]`)

// runsItsPrograms reports whether a test target's recipe only runs test
// programs it depends on, directly or through other targets, that the same
// Makefile links (http-parser's `test: test_g test_fast` running `./test_g`
// and `./test_fast`; LMDB's `test: all` running `./mtest && ./mdb_stat
// testdb`), or checks of such a program written in the recipe (pigz's
// `test: pigz`: `printf x | ./pigz -cdf | wc -c | test \`cat\` -eq 1`): make
// stops at the first line that fails, so the target ending with exit 0 is
// every program and check passing, whether or not they print a count.
// Lines whose failure make ignores (`-`), and cleaning or echoing ones or
// parts of a line (`rm -rf testdb && mkdir testdb`), check nothing and are
// passed over.
func runsItsPrograms(t retrieval.Target, targets map[string]retrieval.Target) bool {
	runs := false
	for _, l := range strings.Split(strings.ReplaceAll(strings.TrimSpace(t.Command), "\\\n", " "), "\n") {
		l = strings.TrimLeft(strings.TrimSpace(recipeVarRe.ReplaceAllString(l, "")), "@+ ")
		if strings.HasPrefix(l, "-") {
			continue
		}
		for _, part := range strings.Split(l, "&&") {
			if part = strings.TrimSpace(part); part == "" || recipeChoreRe.MatchString(part) {
				continue
			}
			ms := recipeProgRe.FindAllStringSubmatch(part, -1)
			if len(ms) == 0 {
				return false
			}
			for _, m := range ms {
				if _, linked := targets[m[1]]; !linked || !dependsOn(t, m[1], targets) {
					return false
				}
			}
			runs = true
		}
	}
	return runs
}

// dependsOn reports whether target t needs name made first, directly or
// through the targets it needs.
func dependsOn(t retrieval.Target, name string, targets map[string]retrieval.Target) bool {
	seen := map[string]bool{}
	next := slices.Clone(t.Sources)
	for len(next) > 0 {
		s := next[0]
		next = next[1:]
		if s == name {
			return true
		}
		if seen[s] {
			continue
		}
		seen[s] = true
		next = append(next, targets[s].Sources...)
	}
	return false
}

// recipeProgRe is a program of the current directory a recipe line runs.
// (threadpool's `./tests/shutdown`, a program its Makefile links too).
var recipeProgRe = regexp.MustCompile(`(?:^|[\s|;&(])\./([\w.+-]+(?:/[\w.+-]+)*)`)

// recipeChoreRe is a recipe line that checks nothing: cleaning, echoing.
var recipeChoreRe = regexp.MustCompile(`^(?:rm|echo|printf|true|:|mkdir|touch)(?:\s|$)[^|;&]*$`)

// minePackage mines package.json scripts: test, build (start is an entry).
func minePackage(ctx context.Context, e *env) ([]Command, error) {
	ts, err := e.ix.Targets(ctx, "script")
	if err != nil {
		return nil, err
	}
	var out []Command
	rootTest := false
	for _, t := range ts {
		if t.Path != "package.json" {
			continue
		}
		switch t.Name {
		case "test":
			if strings.Contains(t.Command, "no test specified") {
				continue
			}
			rootTest = true
			out = append(out, Command{Text: "npm test", Bucket: Unit, Reason: "runs the package's test script: " + t.Command, Driver: assertScript(ctx, e, t.Command),
				Why: []Provenance{{Source: "package.json", File: t.Path, Line: int(t.Line), Note: "scripts.test"}}})
		case "build":
			out = append(out, Command{Text: "npm run build", Bucket: Build, Reason: "runs the package's build script",
				Why: []Provenance{{Source: "package.json", File: t.Path, Line: int(t.Line), Note: "scripts.build"}}})
		}
	}
	if !rootTest {
		out = append(out, workspaceTests(ctx, e, ts)...)
	}
	return out, nil
}

// workspaceTests mines an npm workspaces monorepo whose root runs no tests:
// each workspace's test script, run in its directory (the dependencies
// are installed at the root), the workspace named like the repository
// first.
func workspaceTests(ctx context.Context, e *env, ts []retrieval.Target) []Command {
	ws := e.workspaces(ctx)
	if len(ws) == 0 {
		return nil
	}
	var out []Command
	for _, t := range ts {
		dir := path.Dir(t.Path)
		if t.Name != "test" || path.Base(t.Path) != "package.json" || !slices.Contains(ws, dir) || strings.Contains(t.Command, "no test specified") {
			continue
		}
		out = append(out, Command{Text: "npm test", Dir: dir, Bucket: Unit, Reason: "runs the workspace's test script: " + t.Command,
			Why: []Provenance{{Source: "package.json", File: t.Path, Line: int(t.Line), Note: "workspace scripts.test"}}})
	}
	root := e.ix.ProjectName(ctx)
	sort.SliceStable(out, func(i, j int) bool {
		return strings.Contains(root, path.Base(out[i].Dir)) && !strings.Contains(root, path.Base(out[j].Dir))
	})
	return out
}

// workspaces lists the directories of the root package.json's workspaces
// (globs like packages/* expanded against the checkout).
func (e *env) workspaces(ctx context.Context) []string {
	fs, err := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: "package.json"})
	if err != nil || len(fs) == 0 {
		return nil
	}
	src, err := e.ix.ReadFile(ctx, "package.json", 0, 0, true)
	if err != nil {
		return nil
	}
	var pj struct {
		Workspaces json.RawMessage `json:"workspaces"`
	}
	if json.Unmarshal([]byte(src), &pj) != nil || len(pj.Workspaces) == 0 {
		return nil
	}
	var globs []string
	if json.Unmarshal(pj.Workspaces, &globs) != nil {
		var obj struct{ Packages []string }
		if json.Unmarshal(pj.Workspaces, &obj) != nil {
			return nil
		}
		globs = obj.Packages
	}
	var out []string
	for _, g := range globs {
		ms, _ := filepath.Glob(filepath.Join(e.ix.Root, filepath.FromSlash(g)))
		for _, m := range ms {
			if rel, err := filepath.Rel(e.ix.Root, m); err == nil {
				out = append(out, filepath.ToSlash(rel))
			}
		}
	}
	return out
}

// mineCMake mines CMake testing: enable_testing() or add_test() → ctest on
// the build directory the setup script configured.
func mineCMake(ctx context.Context, e *env) ([]Command, error) {
	if !e.stacks["cmake"] {
		return nil, nil
	}
	ts, err := e.ix.Targets(ctx, "test")
	if err != nil {
		return nil, err
	}
	var why []Provenance
	for _, t := range ts {
		if path.Base(t.Path) == "CMakeLists.txt" || strings.HasSuffix(t.Path, ".cmake") {
			why = append(why, Provenance{Source: "cmake", File: t.Path, Line: int(t.Line), Note: "add_test " + t.Name})
			break
		}
	}
	enabled, top, err := testingEnabled(ctx, e)
	if err != nil {
		return nil, err
	}
	switch {
	case len(why) > 0 && !enabled:
		// add_test without enable_testing() or include(CTest) anywhere:
		// CMake ignores it and ctest finds nothing (xiph/ogg's
		// test_bitwise under BUILD_TESTING): the test programs run
		// without ctest
		why = nil
	case len(why) == 0 && top:
		why = append(why, Provenance{Source: "cmake", File: "CMakeLists.txt", Note: "enable_testing()"})
	}
	custom, err := customTestTargets(ctx, e)
	if err != nil {
		return nil, err
	}
	if len(why) == 0 {
		// no CTest at all, test programs built all the same (argh's
		// argh_tests under its BUILD_TESTS option): run each
		exes, err := unregisteredTests(ctx, e)
		return append(custom, exes...), err
	}
	if why[0].Note == "enable_testing()" { // no add_test anywhere
		exes, err := unregisteredTests(ctx, e)
		if err != nil {
			return nil, err
		}
		custom = append(custom, exes...)
	}
	bd := e.layout.BuildDir("cmake")
	if bd == "" {
		bd = bashfile.BuildDir
	}
	return append([]Command{{Text: "ctest --test-dir " + bd + " --output-on-failure", Bucket: Unit,
		Reason: "runs the CMake tests of the build directory; ctest reports each test", Why: why}}, custom...), nil
}

// testingEnabled reports whether a CMake file calls enable_testing() or
// includes CTest (some), and whether the top CMakeLists.txt does (top).
func testingEnabled(ctx context.Context, e *env) (some, top bool, err error) {
	for _, g := range []string{"CMakeLists.txt", "*.cmake"} {
		fs, err := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: g})
		if err != nil {
			return false, false, err
		}
		for _, f := range fs {
			if f.Facts["enable_testing"] == true {
				some, top = true, top || f.Path == "CMakeLists.txt"
			}
		}
	}
	return some, top, nil
}

// customTestName is a custom target named as the project's tests.
var customTestName = regexp.MustCompile(`^(test|tests|check)([-_][a-z]+)?$`)

// customTestTargets are the CMake custom targets that run the tests
// their own way (yajl's `add_custom_target(test ./run_tests.sh …)`, no
// add_test anywhere): built by name in the build directory. One that
// runs ctest is the ctest command already; one without commands only
// groups others.
func customTestTargets(ctx context.Context, e *env) ([]Command, error) {
	bd := e.layout.BuildDir("cmake")
	if bd == "" {
		return nil, nil
	}
	ts, err := e.ix.Targets(ctx, "custom")
	if err != nil {
		return nil, err
	}
	var out []Command
	for _, t := range ts {
		if !customTestName.MatchString(t.Name) || t.Command == "" || strings.Contains(t.Command, "CTEST") || lintTarget.MatchString(t.Name+" "+t.Command) {
			continue
		}
		out = append(out, Command{Text: "cmake --build " + bd + " --target " + t.Name, Bucket: Unit,
			Reason: "builds the CMake target " + t.Name + ", which runs the tests: " + t.Command,
			Why:    []Provenance{{Source: "cmake", File: t.Path, Line: int(t.Line), Note: "add_custom_target " + t.Name}}})
	}
	return out, nil
}

// lintTarget is a check that is no test suite.
var lintTarget = regexp.MustCompile(`(?i)lint|tidy|format|coverage|cppcheck|style|doc`)

// mineMeson mines meson test() → meson test on the build directory, with
// --print-errorlogs (as the projects' CI runs it): a failing test's own
// output — the module, program or bus it lacked — is otherwise only in
// meson-logs/testlog.txt, where no repair reads it.
func mineMeson(ctx context.Context, e *env) ([]Command, error) {
	if !e.stacks["meson"] {
		return nil, nil
	}
	ts, err := e.ix.Targets(ctx, "test")
	if err != nil {
		return nil, err
	}
	for _, t := range ts {
		if path.Base(t.Path) == "meson.build" {
			return []Command{{Text: "meson test -C build --print-errorlogs", Bucket: Unit, Reason: "runs the meson test() suite; meson reports each test",
				Why: []Provenance{{Source: "meson", File: t.Path, Line: int(t.Line), Note: "test " + t.Name}}}}, nil
		}
	}
	return nil, nil
}
