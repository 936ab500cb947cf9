package pyramid

import (
	"context"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/retrieval"
)

// programs lists the repository's runnable programs from the graph's
// entry points, test programs left out, examples first; read once (the
// synthesized probes and the servers' reading both ask).
func programs(ctx context.Context, e *env) ([]program, error) {
	if e.progList == nil {
		ps, err := readPrograms(ctx, e)
		if err != nil {
			return nil, err
		}
		e.progList = &ps
	}
	return *e.progList, nil
}

func readPrograms(ctx context.Context, e *env) ([]program, error) {
	eps, err := e.ix.EntryPoints(ctx)
	if err != nil {
		return nil, err
	}
	ts, err := e.ix.Targets(ctx, "make")
	if err != nil {
		return nil, err
	}
	suiteRuns, err := testPrograms(ctx, e)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var installed, libs, progs, scripts []program
	add := func(p program) {
		if seen[p.run] {
			return
		}
		seen[p.run] = true
		if p.script {
			scripts = append(scripts, p)
		} else if p.installed {
			installed = append(installed, p)
		} else if p.lib {
			libs = append(libs, p)
		} else {
			progs = append(progs, p)
		}
	}
	mains := map[string]string{} // dir → main source (C, C++, Go, Python)
	isMain := map[string]bool{}
	for _, ep := range eps {
		if ep.Kind == "main" && !testName.MatchString(ep.Path) {
			isMain[ep.Path] = true
			if _, ok := mains[path.Dir(ep.Path)]; !ok {
				mains[path.Dir(ep.Path)] = ep.Path
			}
		}
	}
	// the package's name, read once for the examples that need it
	nodeName := sync.OnceValue(func() string { return e.packageNames(ctx)["node"] })
	goMains := map[string]int{} // Go mains by directory
	for _, ep := range eps {
		if ep.Kind == "main" && ep.Language == "Go" {
			goMains[path.Dir(ep.Path)]++
		}
	}
	for _, ep := range eps {
		script := pyScriptFile(ctx, e, ep)
		prov := Provenance{Source: "entrypoint", File: ep.Path, Line: int(ep.Line), Note: ep.Kind + " " + ep.Name}
		switch {
		case testName.MatchString(ep.Name) || testName.MatchString(ep.Path) && ep.Kind == "main",
			foreignDirs.MatchString(path.Dir(ep.Path)) && !exampleBeside(ep.Name, path.Dir(ep.Path), suiteRuns) && !e.targets.ownTool(ep.Path, ep.Name), strings.ContainsAny(ep.Name, "$@{}") || strings.HasPrefix(ep.Name, "."),
			ep.Kind == "executable" && scriptExt.MatchString(ep.Name),
			ep.Kind == "executable" && suiteRuns[ep.Name] && testSources(path.Dir(ep.Path), ep.Command) && !exampleRe.MatchString(ep.Name),
			// a test helper built only with the tests (dr_libs'
			// wav_debugging from tests/wav/ under if(DR_LIBS_BUILD_TESTS):
			// "not intended to be run as a test"); zlib's test/minigzip,
			// built by default, is a program
			ep.Kind == "executable" && testSources(path.Dir(ep.Path), ep.Command) && !exampleRe.MatchString(ep.Name) && underTestGuard(ctx, e, ep):
		case ep.Kind == "executable" && (path.Base(ep.Path) == "CMakeLists.txt" || path.Base(ep.Path) == "meson.build"):
			first := mainSource(ep, isMain)
			run := e.invocation(ep.Name, ep.Path)
			if run == "" {
				continue
			}
			add(program{run: run, source: first, why: prov, lib: exampleRe.MatchString(ep.Name + " " + ep.Command)})
		case ep.Kind == "executable" && path.Base(ep.Path) == "Makefile.am":
			if run := e.invocation(ep.Name, ep.Path); run != "" {
				add(program{run: run, source: amMain(e, eps, ep), why: prov, lib: exampleRe.MatchString(ep.Name)})
			}
		case ep.Kind == "bin" && path.Base(ep.Path) == "package.json":
			add(program{run: "node " + ep.Command, source: ep.Command, why: prov})
		case script != "":
			// a script the package installs as it is (pyelftools'
			// scripts/readelf.py), run from the checkout
			add(program{run: "python " + script, source: script, why: prov, installed: true})
		case ep.Kind == "bin" && strings.Contains(ep.Command, ":"): // console script module:function
			mod, _, _ := strings.Cut(ep.Command, ":")
			add(program{run: ep.Name, source: pySource(ctx, e, mod), why: prov})
		case ep.Kind == "main" && ep.Language == "Go" && goToolDir.MatchString(path.Dir(ep.Path)):
			// code generators and maintenance tools of the module
		case ep.Kind == "main" && ep.Language == "Go":
			d := path.Dir(ep.Path)
			target := d
			if goMains[d] > 1 {
				// a directory of one-file programs, each its own main
				// (gocui's _examples/hello.go, demo.go…): one file is one
				// program, the directory no package
				target = ep.Path
			}
			run := "go run ."
			if target != "." {
				run = "go run ./" + target
			}
			if m := nestedModuleOf(d, goNested(ctx, e)); m != "" {
				// a module of its own (bubbletea's examples/go.mod): run
				// from its root, where its go.mod resolves it
				run = "cd " + quoteArg(m) + " && go run ./" + strings.TrimPrefix(strings.TrimPrefix(target, m), "/")
				run = strings.TrimSuffix(run, "/")
			}
			add(program{run: run, source: ep.Path, why: prov, lib: exampleRe.MatchString(d)})
		case ep.Kind == "main" && (ep.Language == "Python" || ep.Language == "JavaScript") && helperScript.MatchString(ep.Path):
			// code generators and maintenance scripts, not the program
		case ep.Kind == "main" && (ep.Language == "Python" && !e.setUp["python"] || ep.Language == "JavaScript" && !e.setUp["npm"]):
			// a sample or contrib script in a language the project does
			// not build (a C project's python samples): the programs
			// the build produces are its entry points
		case ep.Kind == "main" && ep.Language == "Python" && path.Base(ep.Path) == "__main__.py" && path.Dir(ep.Path) != "." && e.setUp["python"]:
			// a package's __main__.py runs as the package, never as a
			// script, whose relative imports have no package (alembic's
			// `python alembic/__main__.py`: "attempted relative import
			// with no known parent package")
			mod := strings.ReplaceAll(strings.TrimPrefix(path.Dir(ep.Path), "src/"), "/", ".")
			add(program{run: "python -m " + mod, source: ep.Path, why: prov, lib: exampleRe.MatchString(ep.Path)})
		case ep.Kind == "main" && ep.Language == "Python" && !strings.Contains(ep.Path, "/src/") && !strings.HasPrefix(ep.Path, "src/"):
			add(program{run: "python " + ep.Path, source: ep.Path, why: prov, lib: exampleRe.MatchString(ep.Path), script: guardless(ctx, e, ep)})
		case ep.Kind == "main" && ep.Language == "JavaScript" && !strings.HasPrefix(ep.Path, "bin/"):
			p := program{run: "node " + ep.Path, source: ep.Path, why: prov, lib: exampleRe.MatchString(ep.Path), script: guardless(ctx, e, ep)}
			if name := nodeName(); p.script && name != "" {
				// an example requires the package by its name, as its
				// reader's code would (a missing module's repair would
				// install the registry's copy of the project)
				p.build = nodeLink(name, e.nodeDir(ctx, "node"))
			}
			add(p)
		}
	}
	// Plain Makefiles: targets linking a program (-o $@) next to a main.
	if e.stacks["make"] {
		byDefault := defaultGoal(ts)
		for _, t := range ts {
			if !linksProgram(t) {
				continue
			}
			src := mains["."]
			for _, f := range t.Sources {
				if isMain[f] {
					src = f // the rule's own main (jsmn's simple_example: example/simple.c)
					break
				}
			}
			build := ""
			if !byDefault[t.Name] {
				// outside the default goal: made first, unless there
				build = "{ test -x ./" + t.Name + " || make -s " + t.Name + "; }"
			}
			add(program{run: "./" + t.Name, source: src, why: Provenance{Source: "makefile", File: t.Path, Line: int(t.Line), Note: "links program " + t.Name}, lib: exampleRe.MatchString(t.Name), build: build})
		}
	}
	return slices.Concat(installed, libs, progs, scripts), nil
}

// guardless reports an examples directory's script that the graph made a
// main for running at its top level (graph/build's exampleScript): no
// shebang, no __main__ guard. Its author did not mark it a program, so it
// comes after those that were, when there is room (maxSynth).
func guardless(ctx context.Context, e *env, ep retrieval.EntryPoint) bool {
	if ep.Name == "__main__" {
		return false
	}
	first, err := e.ix.ReadFile(ctx, ep.Path, 1, 1, true)
	return err == nil && !strings.HasPrefix(first, "#!")
}

// linksProgram reports a top-level Makefile rule linking the program it
// is named after (`-o $@`, `-o NAME`): not a test's or an object's, nor
// one linked inside a cd (`(cd obj && $(CXX) … -o NAME)`: the program is
// not ./NAME, re2's shared-testinstall).
func linksProgram(t retrieval.Target) bool {
	return path.Dir(t.Path) == "." && !testName.MatchString(t.Name) && !objectFile.MatchString(t.Name) &&
		(strings.Contains(t.Command, "-o $@") || strings.Contains(t.Command, "-o "+t.Name)) && !cdRecipe.MatchString(t.Command)
}

// mainSource is the source of a CMake or meson program that holds its
// main, else the one named after it (xmlwf's xmlwf/xmlwf.c, listed after
// xmlwf/codepage.c, whose main is a macro), else its first.
func mainSource(ep retrieval.EntryPoint, isMain map[string]bool) string {
	first, named, d := "", "", path.Dir(ep.Path)
	for i, s := range strings.Fields(ep.Command) {
		if d != "." && !strings.HasPrefix(s, d+"/") {
			s = path.Join(d, s)
		}
		switch {
		case isMain[s]:
			return s
		case i == 0:
			first = s
		}
		if b := path.Base(s); named == "" && strings.TrimSuffix(b, path.Ext(b)) == ep.Name {
			named = s
		}
	}
	if named != "" {
		return named
	}
	return first
}

// sharedDirs are the foreign directories a project keeps its own example
// programs in too: libyaml's tests/example-reformatter.c. Vendored,
// fuzzing and benchmark trees stay foreign, and so do the docs' (their
// examples are projects of their own: nlohmann/json's conan example).
var sharedDirs = regexp.MustCompile(`(^|/)(test|tests|testing)(/|$)`)

// exampleBeside reports whether the program name, declared in dir, is an
// example of the library kept beside its tests: named so, run by no test
// (cJSON's tests/parse_examples is a unit test), in no other foreign tree.
func exampleBeside(name, dir string, suiteRuns map[string]bool) bool {
	if !exampleRe.MatchString(name) || suiteRuns[name] || !sharedDirs.MatchString(dir) {
		return false
	}
	return !foreignDirs.MatchString(sharedDirs.ReplaceAllString(dir, "/"))
}

// testPrograms names the programs the build's tests run (add_test(NAME t
// COMMAND prog …), add_test(t prog), meson's test(), gtest_discover_tests).
func testPrograms(ctx context.Context, e *env) (map[string]bool, error) {
	ts, err := e.ix.Targets(ctx, "test")
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, t := range ts {
		prog := t.Name // gtest_discover_tests(prog)
		if f := strings.Fields(t.Command); len(f) > 0 && t.Command != "gtest_discover_tests" && t.Command != "gtest_add_tests" {
			prog = strings.TrimSuffix(strings.TrimPrefix(f[0], "$<TARGET_FILE:"), ">")
		}
		out[prog] = true
		if strings.HasPrefix(prog, "${") {
			// a wrapper first (cJSON's ${MEMORYCHECK_COMMAND} …
			// ${CMAKE_CURRENT_BINARY_DIR}/parse_examples): the program is
			// the first word naming a file, and the test is named after it
			for _, w := range strings.Fields(t.Command) {
				if b := path.Base(w); !strings.HasPrefix(b, "${") && !strings.HasPrefix(b, "-") {
					out[b] = true
					break
				}
			}
		}
	}
	return out, nil
}

// testSources reports whether every source a program compiles (srcs, the
// build file's list, relative to dir) is a test's. With the suite running
// it, such a program is a test whatever its name (utf8proc's `case`, of
// test/tests.c and test/case.c, run by add_test); zlib's minigzip, of
// test/minigzip.c but run by no test, stays a program.
func testSources(dir, srcs string) bool {
	n := 0
	for _, f := range strings.Fields(srcs) {
		if !compiledSource.MatchString(f) {
			continue // headers, and variables the graph cannot expand
		}
		if !testName.MatchString(path.Join(dir, f)) {
			return false
		}
		n++
	}
	return n > 0
}

// compiledSource is a C, C++ or Objective-C translation unit.
var compiledSource = regexp.MustCompile(`\.(c|cc|cpp|cxx|c\+\+|m|mm)$`)

// defaultGoal is what the top Makefile's first target makes: the targets
// its prerequisites reach (graph Version 13 keeps them as sources).
func defaultGoal(ts []retrieval.Target) map[string]bool {
	deps := map[string][]string{}
	first, line := "", int64(0)
	for _, t := range ts {
		if path.Dir(t.Path) != "." {
			continue
		}
		deps[t.Name] = append(deps[t.Name], t.Sources...)
		if first == "" || t.Line < line {
			first, line = t.Name, t.Line
		}
	}
	seen := map[string]bool{}
	for todo := []string{first}; len(todo) > 0; {
		n := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if n == "" || seen[n] {
			continue
		}
		seen[n] = true
		todo = append(todo, deps[n]...)
	}
	return seen
}

// objectFile is a target with a file extension, which a program made by
// a plain Makefile has none of: an object it compiles (pigz's pigzj.o:
// -o $@), a document a tool writes (`… -o ChangeLog.md`), or a shared
// library with its version (cJSON's `$(CJSON_SHARED_VERSION)`, which
// reads libcjson.so.1.7.19).
var objectFile = regexp.MustCompile(`\.[A-Za-z][A-Za-z0-9]*$|\.(so|dylib|dll)(\.\d+)+$`)

// cdRecipe matches a recipe that changes directory before it links.
var cdRecipe = regexp.MustCompile(`(^|[(;&|]\s*)cd\s`)

// amMain finds the main source of an automake program: a main named
// after it, else the main in its directory, else src/main.c.
func amMain(e *env, eps []retrieval.EntryPoint, prog retrieval.EntryPoint) string {
	d := path.Dir(prog.Path)
	best := ""
	for _, ep := range eps {
		if ep.Kind != "main" || testName.MatchString(ep.Path) || ep.Language != "C" && ep.Language != "C++" {
			continue
		}
		base := strings.TrimSuffix(path.Base(ep.Path), path.Ext(ep.Path))
		switch {
		case base == prog.Name:
			return ep.Path
		case path.Dir(ep.Path) == d && best == "":
			best = ep.Path
		case ep.Path == path.Join(d, "src", "main.c") || ep.Path == path.Join(d, "src", prog.Name+".c"):
			best = ep.Path
		}
	}
	// a source named after the program whose main the parser did not
	// see (macros around it, memcached.c's) beats another main beside it
	// (memcached's sizes.c)
	for _, c := range []string{path.Join(d, prog.Name+".c"), path.Join(d, "src", prog.Name+".c")} {
		if _, err := os.Stat(filepath.Join(e.ix.Root, filepath.FromSlash(c))); err == nil {
			return c
		}
	}
	if best != "" {
		return best
	}
	for _, c := range []string{path.Join(d, "main.c"), path.Join(d, "src", "main.c")} {
		if _, err := os.Stat(filepath.Join(e.ix.Root, filepath.FromSlash(c))); err == nil {
			return c // a main the parser did not see (macros around main)
		}
	}
	return ""
}

// pySource finds the file of a dotted module (src layout or flat).
func pySource(ctx context.Context, e *env, mod string) string {
	rel := strings.ReplaceAll(mod, ".", "/") + ".py"
	pkg := strings.TrimSuffix(rel, ".py") + "/__init__.py"
	for _, p := range []string{rel, "src/" + rel, pkg, "src/" + pkg, "lib/" + pkg} {
		if _, err := os.Stat(filepath.Join(e.ix.Root, filepath.FromSlash(p))); err == nil {
			return p
		}
	}
	return ""
}

// underTestGuard says whether a CMake executable is declared only when
// the project's tests are: under an if() whose condition names them.
func underTestGuard(ctx context.Context, e *env, ep retrieval.EntryPoint) bool {
	if path.Base(ep.Path) != "CMakeLists.txt" {
		return false
	}
	src, err := e.ix.ReadFile(ctx, ep.Path, 0, 0, true)
	if err != nil {
		return false
	}
	declRe := regexp.MustCompile(`(?i)\badd_executable\s*\(\s*` + regexp.QuoteMeta(ep.Name) + `\b`)
	guarded := false
	bashfile.WalkCMakeIfs(src, func(l string, conds []string) bool {
		if !declRe.MatchString(l) {
			return true
		}
		guarded = slices.ContainsFunc(conds, bashfile.HasTestWord)
		return false
	})
	return guarded
}

// pyScriptFile is the path of a Python manifest's installed script file
// (script-files, scripts=) that is Python — a .py, or a python shebang
// (json-pointer's bin/jsonpointer) — from the checkout's top; "" for
// any other entry point.
func pyScriptFile(ctx context.Context, e *env, ep retrieval.EntryPoint) string {
	switch path.Base(ep.Path) {
	case "pyproject.toml", "setup.py", "setup.cfg":
	default:
		return ""
	}
	if ep.Kind != "bin" || ep.Command == "" || strings.Contains(ep.Command, ":") || strings.ContainsAny(ep.Command, " '\"$`\\") {
		return ""
	}
	p := path.Join(path.Dir(ep.Path), ep.Command)
	if path.Ext(p) == ".py" {
		return p
	}
	if head, err := e.ix.ReadFile(ctx, p, 1, 1, true); err == nil && strings.HasPrefix(head, "#!") && strings.Contains(head, "python") {
		return p
	}
	return ""
}

// suitePrograms are the programs the test suite runs (add_test) that are
// tests themselves — built from test sources, no example — by the name
// the build makes them: tinycthread's test-tinycthread, the one program
// its build makes. The probes of what the build made leave them to the
// suite (loops), as the mining does (readPrograms).
func suitePrograms(ctx context.Context, e *env) []string {
	runs, err := testPrograms(ctx, e)
	if err != nil {
		return nil
	}
	eps, err := e.ix.EntryPoints(ctx)
	if err != nil {
		return nil
	}
	var out []string
	for _, ep := range eps {
		if ep.Kind == "executable" && runs[ep.Name] && testSources(path.Dir(ep.Path), ep.Command) && !exampleRe.MatchString(ep.Name) {
			if f := e.targets.fileName(ep.Name); !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	slices.Sort(out)
	return out
}
