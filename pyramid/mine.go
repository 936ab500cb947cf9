package pyramid

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/retrieval"
)

// Options are the user's additions to the mined pyramid and the Bash
// File's layout the commands must fit.
type Options struct {
	Goals  []string // --goal: commands at the Runnable level, provenance "user"
	Expect []string // --expect: regexes every goal's output must show
	// User are the user's own commands (heragent.yaml), provenance "user":
	// kept as given, first at their level.
	User []Command
	// Layout is where the Bash File builds (bashfile.Plan.Layout): build
	// tree commands run in its build directory and CMake/meson programs
	// are found there. Zero: the layout a Bash File of the graph's stacks
	// would have (bashfile.LayoutOf).
	Layout bashfile.Layout
	// Stacks are the stacks the Bash File sets up (bashfile.Plan.Stacks);
	// nil: the graph's. A script of a language the Bash File does not set
	// up (a C project's python samples) is no entry point.
	Stacks []string
}

// Validate checks the options: goals are non-empty, every expect is a
// valid regex and has a goal to attach to.
func (o Options) Validate() error {
	for _, g := range o.Goals {
		if strings.TrimSpace(g) == "" {
			return fmt.Errorf("check goal: empty command")
		}
	}
	for _, x := range o.Expect {
		if _, err := regexp.Compile(x); err != nil {
			return fmt.Errorf("compile expect %q: %w", x, err)
		}
	}
	if len(o.Expect) > 0 && len(o.Goals) == 0 {
		return fmt.Errorf("check expect: --expect needs a --goal to attach to")
	}
	return nil
}

// miner mines commands from one source.
type miner struct {
	name string
	mine func(ctx context.Context, e *env) ([]Command, error)
}

// miners run in this order; earlier sources win ties when commands are
// merged (the order of the pyramid within a level follows it).
var miners = []miner{
	{"docs", mineDocs},                    // README / docs: fenced and inline shell (Markdown), code-block (rST)
	{"examples", mineExamples},            // the README's code examples that import the package (js, python)
	{"ci", mineCI},                        // GitHub Actions, GitLab CI, Travis, CircleCI run steps; Dockerfile RUN
	{"makefile", mineMakefile},            // top-level Makefile targets test, check, run, …; automake check
	{"package.json", minePackage},         // npm scripts test/start/build, bin
	{"cmake", mineCMake},                  // enable_testing / add_test → ctest
	{"cmake-tests", mineCMakeTestProject}, // tests/CMakeLists.txt, a project of its own the top does not add
	{"meson", mineMeson},                  // test() → meson test
	{"python", minePython},                // tox, nox, pytest configuration, unittest layout
	{"test-script", mineTestScript},       // tests/run_tests.sh and the like nothing else runs
	{"convention", mineConvention},        // go, cargo, maven, gradle; missing standard build commands
	{"entrypoint", mineEntry},             // npm start, Dockerfile CMD/ENTRYPOINT, console scripts, go run
}

// Mine builds the pyramid of a repository: every miner's commands, a
// synthesised Runnable probe when none was found, the user's goals, then
// the adjustment (filters and cross-level dedupe). The order is
// deterministic: by level, then by miner order, then by file and line.
func Mine(ctx context.Context, ix *retrieval.Index, o Options) (*Pyramid, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	exp := append([]string(nil), o.Expect...)
	e, err := newEnv(ctx, ix, o.Layout, o.Stacks)
	if err != nil {
		return nil, err
	}
	var all []Command
	for _, m := range miners {
		cs, err := m.mine(ctx, e)
		if err != nil {
			return nil, fmt.Errorf("mine %s: %w", m.name, err)
		}
		all = append(all, cs...)
	}
	all = docSubBuild(e, headerCheckAlone(withTestsMakefile(ctx, e, withoutForeignBuild(ctx, e, all))))
	all = withInputs(ctx, e, pluginUses(e, madeFirst(ctx, e, serverize(ctx, e, pairPeers(withScripts(ctx, e, builtOnly(ctx, e, adjust(unwrapWrappers(ctx, e, all)))))))))
	syn, err := synthesize(ctx, e)
	if err != nil {
		return nil, fmt.Errorf("synthesize probes: %w", err)
	}
	if documentedRunnable(all) {
		// The documented commands go first; they may all need what the
		// sandbox lacks (a host of the internet, names the README leaves
		// to the reader, a helper of the test files): the probes of the
		// repository's own programs back them up — real uses only, a
		// documented program's --version is added below
		// (documentedProgramLastResorts) — and the library's import stays
		// the last thing tried.
		syn = slices.DeleteFunc(syn, Command.LastResort)
		syn = append(syn, pyImport(ctx, e, "the documented examples are tried first")...)
		if slices.ContainsFunc(all, nodeLibraryExample) {
			// a library its README shows in code (node-glob's example
			// aborts its walk after 100 ms): its import, as Python's
			syn = append(syn, jsImport(ctx, e, "the documented examples are tried first")...)
		}
	}
	all = adjust(append(all, syn...))
	all = append(all, documentedProgramLastResorts(e, all)...)
	sm, err := smokeProbes(ctx, ix, all)
	if err != nil {
		return nil, err
	}
	all = append(all, sm...)
	for i, c := range all {
		if c.Bucket.Level() == Testable {
			all[i].Text = parallelCTest(boundCTest(c.Text))
		}
	}
	for _, g := range o.Goals {
		all = append(all, Command{Text: g, Bucket: Integration, Level: Runnable, Reason: "user goal: reached when it exits 0 and its output shows every expected landmark",
			Why: []Provenance{{Source: "user"}}, Expect: exp})
	}
	all = append(all, o.User...)
	p := &Pyramid{SchemaVersion: SchemaVersion, TestsFound: CountTests(ctx, ix), SuitePrograms: suitePrograms(ctx, e)}
	for _, c := range order(all) {
		p.Add(c)
	}
	return p, nil
}

// documentedRunnable reports a Runnable command the repository documents
// for its users (README, docs, build files, package scripts). Runnable
// commands found only in CI or Dockerfiles often depend on that job's
// configuration, so synthesised probes are still added after them.
func documentedRunnable(cs []Command) bool {
	for _, c := range cs {
		if c.Bucket.Level() != Runnable {
			continue
		}
		for _, w := range c.Why {
			if w.Source != "ci" && w.Source != "dockerfile" && w.Source != exampleFuncSource {
				return true
			}
		}
	}
	return false
}

// maskedStatus is a trailing `|| true` / `|| :` / `; true`, or a status
// told in words: `&& echo "valid!" || echo "invalid!"` (xkbcommon's docs).
var maskedStatus = regexp.MustCompile(`\s*(?:\|\||;)\s*(?:true|:)\s*$|(?:\s*&&\s*echo\b[^|&;]*)?\s*\|\|\s*echo\b[^|&;]*$`)

// buildSectionRe are the headings of a document's sections about making
// the project, not using it (Building, Generated Code, Releasing), and
// interpretedScriptRe a script of the repository an interpreter runs: such a
// script there is a maintenance task, not a use of the project.
var (
	buildSectionRe      = regexp.MustCompile(`(?i)^(?:build(?:ing)?|compiling|(?:re)?generat\w* code|code ?gen\w*|releas\w*|publish\w*|lint\w*|format\w*)$`)
	interpretedScriptRe = regexp.MustCompile(`^(?:node|python3?|ruby|perl|bash|sh) \.?/?[\w./-]+\.(?:js|mjs|cjs|ts|py|rb|pl|sh)\b`)
)

// testSectionRe is a document section about running the tests.
var testSectionRe = regexp.MustCompile(`(?i)^section (?:(?:how to )?run(?:ning)? (?:the )?(?:unit |regression )?tests?(?: suite)?|testing|tests|unit tests|test suite)\b`)

// testSection: a script of a tools or scripts directory, which the
// classification takes for a CI helper, is the suite's driver when the
// document's section about running the tests runs it (mpack's "Running
// the unit tests": tools/unit.sh).
func testSection(v verdict, text, note string) verdict {
	if v.Drop == dropCIHelper && testSectionRe.MatchString(note) && !strings.ContainsAny(text, "|;") {
		return verdict{Bucket: Unit, Reason: "runs the script the document's " + note + " runs the tests with"}
	}
	return v
}

// fromShell splits a block of shell into classified commands with
// provenance; startLine is the file line of the block's first line.
func fromShell(e *env, block string, src, file string, startLine int, note string) []Command {
	var out []Command
	compiled := map[string]compile{} // program → the block's compile of it
	for _, sc := range splitShell(block, e.workspace()) {
		// a status masked by `|| true` proves nothing: the command is
		// classified and judged without it (`make check || true` runs the
		// target check, not true; rsync's README: `./rsync-ssl … || true`)
		sc.Text = e.npxOwn(e.localGoRun(maskedStatus.ReplaceAllString(sc.Text, "")))
		sc.Text = withCompile(hatchOwnEnv(sc.Text), sc.Dir, compiled)
		if sc.Dir == "" {
			sc.Text = e.outOfTree(sc.Text)
		}
		v := classify(sc.Text)
		text := sc.Text
		if w := strings.Fields(sc.Text); v.Drop != "" && len(w) > 0 && e.progs[w[0]] != "" && hardDrop(sc.Text) == "" {
			v = verdict{Bucket: Entry, Reason: reasonProjectProgram + w[0]}
			if len(w) == 2 && helpRe.MatchString(" "+w[1]) {
				v = verdict{Bucket: Smoke, Reason: "asks the project's program for its version or usage"}
			}
			if run := e.progs[w[0]]; run != w[0] { // the built program, not one on PATH
				text = e.asBuilt(sc.Text)
				v.Reason += " (as built: " + run + ")"
			}
		}
		v = commented(v, lineComment(block, sc.Line))
		v = testSection(v, text, note)
		if v.Drop != "" || v.Bucket == Entry && interpretedScriptRe.MatchString(text) && buildSectionRe.MatchString(strings.TrimPrefix(note, "section ")) {
			continue // (a script a build section runs regenerates code: ioredis's `node bin/index.js`)
		}
		dir, ok := e.fit(text, sc.Dir, compiled)
		if !ok || v.Bucket == Entry && docsDir.MatchString(dir) {
			continue // (a program run in the docs' directory is their tooling: jq's docs/validate_manual_schema.py)
		}
		v = inTestDir(v, text, dir)
		text = normalize(text, v.Bucket)
		out = append(out, Command{Text: text, Dir: dir, Bucket: v.Bucket, Reason: v.Reason,
			Why: []Provenance{{Source: src, File: file, Line: startLine + sc.Line - 1, Note: note}}})
	}
	return out
}

// invocation is how a program of the repository is run from the root
// after the setup script built it: CMake and meson executables in the
// layout's build directory (when that build system is the one the setup
// script uses), automake programs in their directory, console scripts and
// package bins by name (the venv and npm put them on PATH); "" when
// unknown.
func (e *env) invocation(name, file string) string {
	switch path.Base(file) {
	case "CMakeLists.txt":
		bd := e.layout.BuildDir("cmake")
		if bd == "" {
			return ""
		}
		return "./" + path.Join(bd, e.targets.cmakeProgramDir(file, name, bd), e.targets.fileName(name))
	case "meson.build":
		if bd := e.layout.BuildDir("meson"); bd != "" {
			return "./" + path.Join(bd, inProject(path.Dir(file), bd), name)
		}
		return ""
	case "Makefile.am":
		if e.layout.BuildDir("autotools") == "" && e.layout.OutOfTree() != "" {
			return "" // the Bash File builds it with CMake or meson (cmatrix has both)
		}
		return "./" + path.Join(path.Dir(file), name)
	}
	return name
}

// fit checks a mined command against the setup script's layout and
// returns its working directory (compiled: the programs the block
// compiled, which the checkout lacks): CMake and meson build-tree commands
// (ctest, cmake --build ., cmake .., make in a CMake project without a
// top-level Makefile) run in the layout's build directory; commands
// reaching outside the workspace are refused.
func (e *env) fit(text, dir string, compiled map[string]compile) (string, bool) {
	w := words(text)
	if len(w) == 0 {
		return dir, false
	}
	if bd := e.layout.OutOfTree(); dir == "" && bd != "" && !e.stacks["make"] && !e.stacks["autotools"] {
		switch {
		case w[0] == "ctest" && !strings.Contains(text, "--test-dir"),
			w[0] == "cmake" && len(w) > 1 && (w[1] == ".." || w[len(w)-1] == ".." || len(w) > 2 && (w[1] == "--build" || w[1] == "--install") && w[2] == "."),
			(w[0] == "make" || w[0] == "ninja") && !strings.Contains(text, " -C "):
			dir = bd
		}
	}
	if why := e.missingScript(w, dir); why != "" {
		return dir, false
	}
	if !e.pathRooted(w[0], dir) {
		return dir, false // ./curl/tests/testcurl: a layout with the checkout one level down
	}
	if why := e.absentProgram(w, dir); why != "" {
		return dir, false
	}
	if w[0] == "node" && len(w) > 1 && !e.nodeModuleThere(w[1], dir) {
		return dir, false // `node fast-glob sync 0m0.598s`: a benchmark's output line, no script
	}
	if w[0] == "flask" && !e.hasFlaskApp(text, dir) {
		return dir, false // the docs' hello app is not in the repository
	}
	for _, a := range w {
		if strings.HasPrefix(a, "../") || a == ".." {
			p := path.Clean(path.Join(dir, a))
			if p == ".." || strings.HasPrefix(p, "../") {
				return dir, false
			}
			if _, made := compiled[p]; made {
				continue // a program the block compiled
			}
			if _, err := os.Stat(filepath.Join(e.ix.Root, filepath.FromSlash(p))); err != nil && p != "." {
				return dir, false // e.g. cmake ../<checkout name>: the checkout is /repo here
			}
		}
	}
	return dir, true
}

// pathRooted: a program run by a relative path of two or more parts
// starts in a directory of the checkout or in one a build makes.
func (e *env) pathRooted(prog, dir string) bool {
	rel, ok := strings.CutPrefix(prog, "./")
	first, _, deeper := strings.Cut(rel, "/")
	if !ok || !deeper || buildDirs[first] || madeDirs[first] || first == e.layout.OutOfTree() {
		return true
	}
	_, err := os.Stat(filepath.Join(e.ix.Root, filepath.FromSlash(dir), first))
	return err == nil
}

// madeDirs are the directories builds put programs in, besides buildDirs.
var madeDirs = map[string]bool{"target": true, "bin": true, "dist": true, "zig-out": true, "Release": true, "Debug": true, ".libs": true}

// missingScript reports an npm/yarn script the package does not define
// (docs often run scripts of an app they tell the reader to generate).
func (e *env) missingScript(w []string, dir string) string {
	if len(w) < 2 || (w[0] != "npm" && w[0] != "yarn" && w[0] != "pnpm") {
		return ""
	}
	name := scriptName(w)
	if name != "start" && name != "test" && (w[1] != "run" && w[1] != "run-script" || len(w) < 3) {
		return ""
	}
	scripts := e.packageScripts(context.Background(), dir)
	if _, ok := scripts[name]; ok || scripts == nil {
		return "" // defined, or the scripts could not be read
	}
	if name == "start" {
		if _, err := os.Stat(filepath.Join(e.ix.Root, dir, "server.js")); err == nil {
			return "" // npm start defaults to node server.js
		}
	}
	return "no script " + name
}

// readerScriptRe runs a script by its path at the top of the checkout.
var readerScriptRe = regexp.MustCompile(`^\./[\w.-]+\.(?:js|mjs|cjs|py|rb|pl|php)$`)

// configureLike are build scripts a checkout has or does not: none is
// made by the build.
var configureLike = regexp.MustCompile(`^\./(config|configure|Configure|autogen\.sh|bootstrap|bootstrap\.sh|buildconf(\.sh)?)$`)

// absentProgram says why a command runs nothing of this checkout: a
// configure script it lacks (a CI job's ./config of a dependency it
// cloned), `go run x.go` of a file the reader was to write, a relative
// path whose first directory the checkout does not have
// (INSTALL.md's inline "uninstall/upgrade"); "" otherwise.
func (e *env) absentProgram(w []string, dir string) string {
	if cCompilerCmds[w[0]] && compilesProgram(w[1:]) {
		// the reader's own program (`gcc -o myapp main.c -lfoo`), or a
		// test's compile in a project with a build system
		if why := documentedCompile(e, w[1:], dir); why != "" {
			return why
		}
	}
	mod := pyModuleRun(w)
	switch {
	case configureLike.MatchString(w[0]) && !e.fileExists(path.Join(dir, w[0])) &&
		!(w[0] == "./configure" && (e.fileExists(path.Join(dir, "configure.ac")) || e.fileExists(path.Join(dir, "configure.in")))): // autoreconf makes it
		return "no " + w[0] + " here"
	case w[0] == "go" && len(w) > 2 && w[1] == "run" && strings.HasSuffix(w[2], ".go") && !e.fileExists(path.Join(dir, w[2])):
		return "no " + w[2] + " here"
	case w[0] == "go" && len(w) > 2 && w[1] == "run" && foreignGoRun(w[2], e.goMod):
		// a CI's `go run github.com/mattn/goveralls …`: another module's
		// tool the proxy would fetch (go-sqlbuilder, go-clone)
		return w[2] + " is another module's program"
	case mod != "" && !e.pyModuleHere(mod, dir):
		// `python -m twine check dist/*` (a CI's packaging tool), `python
		// -m app` (the reader's own app.py): a module of no file here
		return "no module " + mod + " here"
	case pyScript(w) != "" && !e.fileExists(path.Join(dir, pyScript(w))):
		// `pipenv run python3 validate_manual_schema.py`: a script the docs
		// name and the checkout lacks (a build writes no Python script)
		return "no " + pyScript(w) + " here"
	case strings.HasPrefix(w[0], "./") && e.isDir(path.Join(dir, w[0])):
		return w[0] + " is a directory here" // Catch2's docs run their reader's ./tests
	case readerScriptRe.MatchString(w[0]) && !e.fileExists(path.Join(dir, w[0])):
		// meow's README: `./foo-app.js unicorns --rainbow`, the script its
		// reader writes (no build writes a script at the top)
		return "no " + w[0] + " here"
	case e.declared > 0 && strings.HasPrefix(w[0], "./") && !strings.Contains(w[0][2:], "/") && e.progs[w[0][2:]] == "" && !e.fileExists(path.Join(dir, w[0])) && !configureLike.MatchString(w[0]):
		// the build files declare their programs and not this one: the
		// reader's own (argparse's README: ./main 15; a benchmark's ./a.out)
		return "the build declares no program " + w[0][2:]
	case strings.Contains(w[0], "/") && !strings.HasPrefix(w[0], ".") && !strings.HasPrefix(w[0], "/") && !strings.HasPrefix(w[0], "$") && !strings.HasPrefix(w[0], "~"):
		first := strings.SplitN(w[0], "/", 2)[0]
		if !e.exists(path.Join(dir, first)) && !e.fileExists(path.Join(dir, w[0])) {
			return "no " + first + "/ here"
		}
	}
	if a := e.absentTestOperand(w, dir); a != "" && pluginOption(w, e.pytestOpts) == "" {
		// a test module a plugin's documented use names is the reader's
		// to write: it is written (sampleFor)
		return "no " + a + " here" // the reader's own tests (parameterized's test_math.py)
	}
	return ""
}

// nodeModuleThere reports whether `node arg` can run something: an
// option, a path (a script the build or the docs may write), or a bare
// name the checkout has as arg, arg.js, arg.mjs, arg.cjs or arg/index.js.
func (e *env) nodeModuleThere(arg, dir string) bool {
	if strings.HasPrefix(arg, "-") || strings.ContainsAny(arg, "/.$") {
		return true
	}
	for _, c := range []string{arg, arg + ".js", arg + ".mjs", arg + ".cjs", arg + "/index.js"} {
		if e.fileExists(path.Join(dir, c)) {
			return true
		}
	}
	return false
}

// hasFlaskApp reports whether `flask … run` finds its app in dir: the
// --app / -A module, or app.py / wsgi.py.
func (e *env) hasFlaskApp(text, dir string) bool {
	w := strings.Fields(text)
	app := ""
	for i, a := range w {
		if (a == "--app" || a == "-A") && i+1 < len(w) {
			app = w[i+1]
		} else if strings.HasPrefix(a, "--app=") {
			app = strings.TrimPrefix(a, "--app=")
		}
	}
	cands := []string{"app.py", "wsgi.py"}
	if app != "" {
		mod, _, _ := strings.Cut(app, ":")
		mod = strings.ReplaceAll(mod, ".", "/")
		cands = []string{mod + ".py", mod}
	}
	for _, c := range cands {
		if _, err := os.Stat(filepath.Join(e.ix.Root, dir, c)); err == nil {
			return true
		}
	}
	return false
}

// NoTestsOfItsOwn reports a pyramid whose repository shows no test: the
// graph found none, and every Testable command is a standard command
// heragent guessed (`make check` from the convention) or a smoke probe
// (sundown's `--version`, which would otherwise keep its built program's
// real uses from standing in), none the project's.
func NoTestsOfItsOwn(p *Pyramid) bool {
	if p.TestsFound > 0 {
		return false
	}
	for _, c := range p.At(Testable) {
		if c.Bucket != Smoke && !onlyFrom(c, "convention") {
			return false
		}
	}
	return true
}

// pyScript is the relative .py script a Python interpreter runs in the
// command w (wrappers seen through), or "".
func pyScript(w []string) string {
	if i := scriptArg(w); i > 0 && strings.HasPrefix(path.Base(w[len(w)-len(unwrap(w))]), "python") &&
		strings.HasSuffix(w[i], ".py") && !strings.HasPrefix(w[i], "/") && !strings.ContainsAny(w[i], "$*?") {
		return w[i]
	}
	return ""
}

// pyModuleRun is the top-level module `python -m MOD …` runs as the
// project's program (classified Entry: not a test runner, pip or a
// server of the checkout), "" for another command.
func pyModuleRun(w []string) string {
	if pyModuleRunner(w) == "" {
		return ""
	}
	if v := classifyPython(w[1:]); v.Bucket != Entry {
		return ""
	}
	mod, _, _ := strings.Cut(w[2], ".")
	return mod
}

// pyModuleHere reports whether the checkout has the top-level module mod
// (mod.py or a package directory, at dir, under src/, or the project's
// import package).
func (e *env) pyModuleHere(mod, dir string) bool {
	for _, p := range []string{mod + ".py", mod, "src/" + mod, "src/" + mod + ".py", "lib/" + mod} {
		if e.fileExists(path.Join(dir, p)) {
			return true
		}
	}
	return mod == pyPackage(context.Background(), e)
}
