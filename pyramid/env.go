package pyramid

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/retrieval"
)

// env is what every miner sees.
type env struct {
	ix     *retrieval.Index
	stacks map[string]bool
	progs  map[string]string // program name → how to run it from the root (bins, executables, console scripts)
	// inSource maps where an in-source CMake build (`cmake .`) leaves an
	// executable, test programs included, to where the Bash File's
	// out-of-tree build does (outOfTree)
	inSource map[string]string
	layout   bashfile.Layout // where the Bash File builds
	// goNested are the nested Go modules' directories (goNested reads them)
	goNested []string
	// declared counts the executables the build files declare
	// (add_executable, executable(), bin_PROGRAMS)
	declared int
	// setUp are the stacks the Bash File sets up
	setUp map[string]bool
	// pyPkg is the Python import package, once pyPackage read it
	pyPkg *string
	// ws is a monorepo's main workspace package, once mainWorkspace read it
	ws *mainPkg
	// goMod is the top go.mod's module path, "" when there is none
	goMod string
	// goPkgs are the module's importable packages (goPackages)
	goPkgs map[string]string
	// targets are what the build files do with their programs, and
	// where the top CMakeLists.txt puts them all
	targets targetFacts
	// servers are the programs whose main source is a server
	// (serverPrograms reads them once)
	servers map[string]string
	// progList are the repository's programs (programs reads them once)
	progList *[]program
	// pytestOpts are the options the project's pytest plugin adds
	// (pytest_plugin.go), nil when it is none
	pytestOpts map[string]bool
	// media are the project's own image or sound file by extension
	// (ownMedia reads them once each)
	media map[string]string
	// kinds are the project's own file standing in for a reader's of a
	// kind, by extension (ownOfKind reads them once each)
	kinds map[string]string
	// roots are the directories nestedProject asked about: whether each
	// is another project's root
	roots map[string]bool
}

// newEnv reads the graph's stacks and entry points; layout is the Bash
// File's, or zero for the one its stacks imply.
func newEnv(ctx context.Context, ix *retrieval.Index, layout bashfile.Layout, setUp []string) (*env, error) {
	st, err := ix.Stacks(ctx)
	if err != nil {
		return nil, fmt.Errorf("list stacks: %w", err)
	}
	e := &env{ix: ix, stacks: map[string]bool{}, progs: map[string]string{}, inSource: map[string]string{}, layout: layout}
	for _, s := range st {
		e.stacks[s] = true
	}
	e.setUp = e.stacks
	if setUp != nil {
		e.setUp = map[string]bool{}
		for _, s := range setUp {
			e.setUp[s] = true
		}
	}
	if e.layout.BuildDirs == nil {
		e.layout = bashfile.LayoutOf(st)
	}
	e.targets = readTargetFacts(ctx, ix)
	if e.stacks["python"] {
		e.pytestOpts = pytestPluginOptions(ctx, e)
	}
	eps, err := ix.EntryPoints(ctx)
	if err != nil {
		return nil, fmt.Errorf("list entry points: %w", err)
	}
	var goMains []string
	for _, ep := range eps {
		if ep.Kind == "main" && strings.HasSuffix(ep.Path, ".go") {
			goMains = append(goMains, ep.Path)
		}
	}
	if e.stacks["go"] {
		e.goMod = goModule(ctx, ix)
		e.goPkgs = goPackages(ctx, ix, bashfile.NestedGoModules(ctx, ix))
		// the Bash File installs the module's programs on PATH (bashfile.GoPrograms)
		for _, g := range bashfile.GoPrograms(goMains, e.goMod, goNested(ctx, e)) {
			e.progs[g.Name] = g.Name
		}
	}
	for _, ep := range eps {
		if foreignDirs.MatchString(ep.Path) && !e.targets.ownTool(ep.Path, ep.Name) {
			continue // a test fixture's or a vendored package's manifest (tomlkit's tests/examples/pyproject.toml names poetry)
		}
		if ep.Kind == "bin" || ep.Kind == "executable" {
			run := e.invocation(ep.Name, ep.Path)
			if path.Base(ep.Path) == "package.json" && ep.Command != "" && !strings.ContainsAny(ep.Command, " \t") {
				// npm ci does not put the package's own bins on PATH: run
				// the bin's script with node, as npm's shim would — a
				// workspace package's from its directory (size-limit's
				// packages/size-limit/bin.js)
				run = "node " + path.Clean("./"+path.Join(path.Dir(ep.Path), ep.Command))
				if !strings.HasPrefix(run, "node ./") && !strings.HasPrefix(run, "node /") {
					run = "node ./" + strings.TrimPrefix(run, "node ")
				}
			}
			if p := pyScriptFile(ctx, e, ep); p != "" {
				run = "python " + p // pip may not have put it on PATH (a source install)
			}
			if run != "" {
				e.progs[ep.Name] = run
				if o := e.targets.fileName(ep.Name); o != ep.Name && path.Base(ep.Path) == "CMakeLists.txt" {
					e.progs[o] = run // the documentation runs it by the name it is built as
				}
			}
			if ep.Kind == "executable" {
				e.declared++
			}
		}
	}
	if e.stacks["make"] {
		e.makePrograms(ctx)
	}
	e.noteInSource(ctx)
	return e, nil
}

// makePrograms adds the programs a top-level plain Makefile links (a
// rule whose recipe writes -o $@: seqtk's `seqtk: seqtk.c` → ./seqtk),
// which the documents run by name (`seqtk seq -a in.fq.gz`).
func (e *env) makePrograms(ctx context.Context) {
	ts, err := e.ix.Targets(ctx, "make")
	if err != nil {
		return
	}
	for _, t := range ts {
		if linksProgram(t) && e.progs[t.Name] == "" && !strings.ContainsAny(t.Name, "$%/.") {
			e.progs[t.Name] = "./" + t.Name
		}
	}
}

// goModule is go.mod's module path, "" when there is none.
func goModule(ctx context.Context, ix *retrieval.Index) string {
	if m := topFact(ctx, ix, "go.mod", "module"); m != "" {
		return m
	}
	// a package of GOPATH's days: the module its Bash File makes (pkg/errors'
	// example_test.go, go-cache's exported API)
	return bashfile.GoModuleOf(ctx, ix)
}

// topFact is a string fact of the checkout's top-level file (not a nested
// module's or subdirectory's of the same name), "" when there is none.
func topFact(ctx context.Context, ix *retrieval.Index, file, key string) string {
	fs, err := ix.FindFiles(ctx, retrieval.FileQuery{Glob: file})
	if err != nil {
		return ""
	}
	for _, f := range fs {
		if f.Path == file {
			v, _ := f.Facts[key].(string)
			return v
		}
	}
	return ""
}

// workspace is what splitShell needs to know of the checkout.
func (e *env) workspace() workspace {
	bd := e.layout.OutOfTree()
	switch {
	case e.inTreeOnly():
		// the checkout is the build tree (ctags' CI configures in
		// build.d; its Bash File runs ./configure at the top)
		bd = bashfile.InTree
	case bd == "":
		bd = bashfile.BuildDir // where an ad-hoc build directory of the docs maps to
	}
	return workspace{known: e.exists, buildDir: bd, isDir: e.isDir}
}

// inTreeOnly reports whether the setup script builds in the checkout
// and nowhere else (autotools, a hand-written Makefile).
func (e *env) inTreeOnly() bool { return e.layout.OutOfTree() == "" && e.layout.InTreeBuild() }

// exists reports whether a repository-relative directory exists (or is a
// conventional build directory the setup script creates: none when it
// builds in the checkout).
func (e *env) exists(dir string) bool {
	if buildDirs[dir] && !e.inTreeOnly() || dir == e.layout.OutOfTree() {
		return true
	}
	st, err := os.Stat(filepath.Join(e.ix.Root, filepath.FromSlash(dir)))
	return err == nil && st.IsDir()
}

// isDir reports whether a repository-relative path is a directory of the
// checkout itself (not a build directory the setup script makes).
func (e *env) isDir(rel string) bool {
	st, err := os.Stat(filepath.Join(e.ix.Root, filepath.FromSlash(rel)))
	return err == nil && st.IsDir()
}
