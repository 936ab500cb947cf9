package bashfile

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/heragent/heragent/bashfile/debindex"
	"github.com/heragent/heragent/retrieval"
)

// Options tunes Generate.
type Options struct {
	// Packages maps headers, pkg-config modules, CMake packages, PyPI
	// distributions… to Debian packages. It may be nil: then only the
	// override lists of debindex apply and the plan says so in its Notes.
	Packages *debindex.Index
}

// Plan is the initial Bash File with what the detectors found.
type Plan struct {
	File        *File    `json:"file"`
	Stacks      []string `json:"stacks"`      // detectors that matched, in order, e.g. ["cmake","python"]
	Unsupported []string `json:"unsupported"` // "bazel: WORKSPACE found; not supported", …
	Notes       []string `json:"notes"`       // what could not be resolved (a header no package provides…)
	Layout      Layout   `json:"layout"`      // where the script builds: LayoutOf(Stacks) at File.RepoDir
}

// detector fills the plan for one ecosystem or build system.
type detector interface {
	// Name is the stack name reported in Plan.Stacks.
	Name() string
	// Detect reports whether the repository uses the stack.
	Detect(r *repo) bool
	// Apply adds the stack's commands to the plan.
	Apply(ctx context.Context, p *planner) error
}

// detectors run in this order; several may match (a C core with Python
// bindings gets both). C/C++ build systems exclude each other: the first
// that matches builds the project and the others are named in the Notes.
var detectors = []detector{
	cmakeDetector{},      // CMakeLists.txt at the top: configure + build in ./build (BuildDir)
	mesonDetector{},      // meson.build at the top: meson setup + compile in ./build (BuildDir)
	autotoolsDetector{},  // configure.ac / configure.in / a committed configure script
	makeDetector{},       // a hand-written top-level Makefile
	cTestsMakeDetector{}, // C/C++ whose only Makefile is the tests': the toolchain, no build
	pythonDetector{},     // pyproject.toml, setup.py, setup.cfg, requirements*.txt, tox/nox, Python sources
	nodeDetector{},       // package.json: npm / yarn / pnpm, honouring the lockfile
	goDetector{},         // go.mod, with a newer toolchain from the Go module proxy when needed
	mavenDetector{},      // pom.xml: ./mvnw first, else Debian's maven
	gradleDetector{},     // build.gradle(.kts): ./gradlew first, else Debian's gradle
	cargoDetector{},      // Cargo.toml
}

// Generate builds the initial Bash File of the repository behind ix. It is
// deterministic and does no network I/O.
func Generate(ctx context.Context, ix *retrieval.Index, o Options) (*Plan, error) {
	r, err := scanRepo(ctx, ix)
	if err != nil {
		return nil, err
	}
	p := &planner{ix: ix, repo: r, pkgs: o.Packages, plan: &Plan{File: New(), Stacks: []string{}, Unsupported: unsupported(r), Notes: []string{}}}
	if p.pkgs == nil {
		p.pkgs, p.noIndex = emptyIndex(), true
		p.note("no Debian package index: only debindex's override lists were used to name packages (run `heragent index update`)")
	}
	subdir, err := p.planSubproject(ctx)
	if err != nil {
		return nil, err
	}
	var cbuilds []string
	for _, d := range detectors {
		if isCBuild(d) && d.Detect(r) {
			cbuilds = append(cbuilds, d.Name())
		}
	}
	if len(cbuilds) > 1 {
		if ci := p.ciCBuild(ctx, cbuilds[0], cbuilds); ci != "" {
			p.note(fmt.Sprintf("%s files found too; the CI builds with %s, not %s", cbuilds[0], ci, cbuilds[0]))
			p.cbuildWanted = ci
		}
	}
	for _, d := range detectors {
		if !d.Detect(r) {
			continue
		}
		if isCBuild(d) && p.cbuildWanted != "" && d.Name() != p.cbuildWanted {
			continue
		}
		if isCBuild(d) && p.cbuild != "" {
			p.note(fmt.Sprintf("%s files found too; the project is built with %s", d.Name(), p.cbuild))
			continue
		}
		if isCBuild(d) {
			p.cbuild = d.Name()
		}
		p.plan.Stacks = append(p.plan.Stacks, d.Name())
		if err := d.Apply(ctx, p); err != nil {
			return nil, fmt.Errorf("apply %s detector: %w", d.Name(), err)
		}
	}
	if err := p.cSourcesOnly(); err != nil {
		return nil, fmt.Errorf("apply the C/C++ compiler: %w", err)
	}
	if len(p.plan.Stacks) == 0 && len(p.plan.Unsupported) == 0 {
		p.note("no build system or package manifest recognised: the script only prepares the base system")
	}
	if err := p.finish(ctx); err != nil {
		return nil, err
	}
	p.plan.Layout = LayoutOf(p.plan.Stacks)
	p.plan.Layout.RepoDir = p.plan.File.RepoDir
	for s, d := range p.plan.Layout.BuildDirs {
		if d == BuildDir {
			p.plan.Layout.BuildDirs[s] = p.repo.outOfTree()
		}
	}
	if subdir != "" {
		for s, d := range p.plan.Layout.BuildDirs {
			p.plan.Layout.BuildDirs[s] = path.Join(subdir, d)
		}
	}
	if dir := p.plan.Layout.BuildDir("cmake"); dir != "" && p.testsOff.option != "" {
		p.plan.Layout.TestBuild = map[string]string{"cmake": CMakeTestBuild(dir, p.testsOff.option, p.testsOff.deps)}
		p.plan.Layout.TestSubset = map[string]string{"cmake": CMakeTestSubset(p.plan.Layout.RepoDir, dir, p.testsOff.option)}
	}
	if dir := p.plan.Layout.BuildDir("cmake"); dir != "" && subdir == "" {
		p.plan.Layout.Examples = p.repo.exampleBuild(dir)
	}
	if err := p.plan.File.Validate(); err != nil {
		return nil, fmt.Errorf("validate generated Bash File: %w", err)
	}
	return p.plan, nil
}

func isCBuild(d detector) bool {
	switch d.(type) {
	case cmakeDetector, mesonDetector, autotoolsDetector, makeDetector:
		return true
	}
	return false
}

// emptyIndex is an index with no Contents data: lookups answer from the
// override lists only.
func emptyIndex() *debindex.Index {
	ix, err := debindex.Parse(debindex.Meta{}, strings.NewReader(""))
	if err != nil {
		panic(err) // parsing nothing cannot fail
	}
	return ix
}

// repo is what the detectors look at, read once from the graph.
type repo struct {
	files  []retrieval.FileInfo
	byPath map[string]retrieval.FileInfo
	top    map[string]bool // base names of top-level files
	stacks map[string]bool // retrieval's Stacks
	root   string          // checkout on disk, for files the graph leaves out
	// templates are the headers the checkout's templates configure
	// (generatedHeader), by base name; nil until first asked
	templates map[string][]string

	androidFile *string // android(), once read
}

func scanRepo(ctx context.Context, ix *retrieval.Index) (*repo, error) {
	files, err := ix.FindFiles(ctx, retrieval.FileQuery{})
	if err != nil {
		return nil, fmt.Errorf("list files: %w", err)
	}
	st, err := ix.Stacks(ctx)
	if err != nil {
		return nil, fmt.Errorf("list stacks: %w", err)
	}
	r := &repo{files: files, byPath: map[string]retrieval.FileInfo{}, top: map[string]bool{}, stacks: map[string]bool{}, root: ix.Root}
	for _, f := range files {
		r.byPath[f.Path] = f
		if !strings.Contains(f.Path, "/") {
			r.top[f.Path] = true
		}
	}
	for _, s := range st {
		r.stacks[s] = true
	}
	return r, nil
}

// has reports whether any of the top-level names exists.
func (r *repo) has(names ...string) bool {
	for _, n := range names {
		if r.top[n] {
			return true
		}
	}
	return false
}

// onDisk reports whether a top-level file exists in the checkout even
// though the graph leaves it out (go-enry counts the Maven and Gradle
// wrappers as vendored files).
func (r *repo) onDisk(name string) bool {
	if r.top[name] {
		return true
	}
	if r.root == "" {
		return false
	}
	st, err := os.Stat(filepath.Join(r.root, name))
	return err == nil && st.Mode().IsRegular()
}

// first returns the first of names that exists at the top.
func (r *repo) first(names ...string) string {
	for _, n := range names {
		if r.top[n] {
			return n
		}
	}
	return ""
}

// fact returns a manifest fact of a file as a string.
func (r *repo) fact(file, key string) string {
	f, ok := r.byPath[file]
	if !ok || f.Facts == nil {
		return ""
	}
	switch v := f.Facts[key].(type) {
	case string:
		return v
	case bool:
		if v {
			return "true"
		}
		return ""
	case nil:
		return ""
	default:
		return fmt.Sprint(v)
	}
}

// hasLanguage reports whether source files of one of the languages exist
// outside helper directories.
func (r *repo) hasLanguage(langs ...string) bool {
	for _, f := range r.files {
		if f.Skipped != "" || f.Kind != "source" && f.Kind != "test" {
			continue
		}
		for _, l := range langs {
			if strings.EqualFold(f.Language, l) && !auxPath(f.Path) {
				return true
			}
		}
	}
	return false
}

// buildsLanguage reports whether the project's own code (not its tests'
// inputs, not auxiliary directories) is in one of langs: a syntax
// highlighter's tests/examplefiles/c/*.c do not make it a C project.
func (r *repo) buildsLanguage(langs ...string) bool {
	for _, f := range r.files {
		if f.Skipped != "" || f.Kind != "source" || auxPath(f.Path) || testPath(f.Path) {
			continue
		}
		for _, l := range langs {
			if strings.EqualFold(f.Language, l) {
				return true
			}
		}
	}
	return false
}

// testPath is a file under a test directory.
func testPath(p string) bool {
	for _, seg := range strings.Split(path.Dir(p), "/") {
		switch strings.ToLower(seg) {
		case "test", "tests", "testing", "testdata", "testsuite", "fixtures", "spec":
			return true
		}
	}
	return false
}

// auxPath is a file in a directory whose code does not decide how the
// project is built: examples, contributions, other platforms' ports.
func auxPath(p string) bool {
	for _, seg := range strings.Split(path.Dir(p), "/") {
		switch strings.ToLower(seg) {
		case "contrib", "examples", "example", "win32", "windows", "msvc", "vms", "os400", "amiga", "packages",
			"projects", "third_party", "thirdparty", "3rdparty", "vendor", "deps", "external", "extern", "docs", "doc":
			return true
		}
	}
	return false
}

// planner accumulates the plan while detectors run.
type planner struct {
	ix     *retrieval.Index
	repo   *repo
	pkgs   *debindex.Index
	plan   *Plan
	cbuild string // the C/C++ build system chosen
	// cbuildWanted is the C/C++ build system the CI runs, when it is not
	// the detectors' first choice ("" otherwise)
	cbuildWanted string
	// subdir is the subdirectory the detectors plan as the project, while
	// planSubproject runs them ("" for the top)
	subdir string
	csys   bool // C/C++ system dependencies already resolved
	// noIndex: no Debian index was given; includes are not mapped (every
	// libc header would be "unresolved").
	noIndex bool
	// testsOff is the CMake test option the Testable commands turn on
	// (cmake_tests.go), and the target the tests need beside ALL
	testsOff testsOff
}

type testsOff struct{ option, deps string }

func (p *planner) note(s string) {
	for _, n := range p.plan.Notes {
		if n == s {
			return
		}
	}
	p.plan.Notes = append(p.plan.Notes, s)
}

// add appends a command; generated text is constant or quoted, so an
// error is a bug in a detector.
func (p *planner) add(sec SectionID, text string, why ...Provenance) error {
	if p.subdir != "" && sec == Build {
		// the project is in a subdirectory: its build runs there
		text = "(cd " + shellQuote(p.subdir) + " && " + text + ")"
		for i := range why {
			if why[i].File != "" {
				why[i].File = path.Join(p.subdir, why[i].File)
			}
		}
	}
	if err := p.plan.File.Append(sec, text, why...); err != nil {
		return fmt.Errorf("add %s command: %w", sec, err)
	}
	return nil
}

// addProject appends a step that installs or builds the project itself
// from its own manifest: the evidence of Installable (File.BuildsProject).
func (p *planner) addProject(sec SectionID, text string, why ...Provenance) error {
	if err := p.add(sec, text, why...); err != nil {
		return err
	}
	cs := p.plan.File.Section(sec).Commands
	cs[len(cs)-1].Project = true
	return nil
}

// install merges packages into the section's pkg_install line. A name the
// suite does not have (the index knows every package) is left out and
// noted: apt would stop the whole script on it.
func (p *planner) install(sec SectionID, why Provenance, pkgs ...string) error {
	pkgs = p.existing(pkgs)
	if len(pkgs) == 0 {
		return nil
	}
	if _, err := p.plan.File.AddPackages(sec, why, pkgs...); err != nil {
		return fmt.Errorf("add %s packages: %w", sec, err)
	}
	return nil
}

// existing keeps the packages the suite has, when the index can tell.
func (p *planner) existing(pkgs []string) []string {
	if p.pkgs == nil || !p.pkgs.KnowsPackages() {
		return pkgs
	}
	var out []string
	for _, pkg := range pkgs {
		name, _, _ := strings.Cut(pkg, "=") // pkg=version
		name, _, _ = strings.Cut(name, ":") // pkg:arch
		if p.pkgs.HasPackage(name) {
			out = append(out, pkg)
		} else {
			p.note("package " + pkg + " is not in the Debian suite: left out")
		}
	}
	return out
}

// finish installs what the detectors' stacks leave out (a task runner's
// make) and sorts the notes for stable output.
func (p *planner) finish(ctx context.Context) error {
	sort.Strings(p.plan.Unsupported)
	if len(p.plan.Stacks) == 0 {
		return nil
	}
	return p.taskRunnerMake(ctx)
}

// ev is the provenance of a detector's command from a file (and line).
func ev(source, file string, line int64, note string) Provenance {
	return Provenance{Source: source, File: file, Line: int(line), Note: note}
}

// ShellQuote quotes s for the shell when it needs it.
func ShellQuote(s string) string { return shellQuote(s) }

// shellQuote quotes s for the shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:@+,%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
