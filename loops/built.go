package loops

import (
	"context"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/sandbox"
)

// listBuilt prints, one per line with its kind, what the build may have
// produced under the repository: `x` ELF executables (at most 300), `lib`
// libraries (lib*.so*, lib*.a) and `h` C headers (generated config headers
// a public header includes). The caller keeps what the checkout did not
// contain; test-ish and vendored trees are pruned by the pyramid, only
// .git, node_modules and CMakeFiles here.
const listBuilt = `cd ` + sandbox.RepoDir + ` && find . \( -name .git -o -name node_modules -o -name CMakeFiles \) -prune -o -type f \( \
  \( -name 'lib*.so*' -o -name 'lib*.a' \) -printf 'lib %P\n' -o -name '*.h' -printf 'h %P\n' -o -perm /111 -size +1k -printf 'x %P\n' \) 2>/dev/null |
head -n 3000 | { n=0; while read -r kind f; do
  if [ "$kind" = x ]; then
    [ "$n" -lt 300 ] || continue
    IFS= read -r -n 4 magic < "$f" 2>/dev/null || true
    [ "$magic" = $'\x7fELF' ] || continue
    n=$((n+1))
  fi
  printf '%s %s\n' "$kind" "$f"
done; }`

// builtProbes finds the programs and libraries the Bash File built (in the
// repository, not in the checkout) and asks the pyramid for probes of
// them: the programs run on a small input, a consumer program for a
// library, the test suite's driver run by a built interpreter. New probes
// join the run's pyramid, so pyramid.json and verify know them.
func (r *runner) builtProbes(ctx context.Context, sb Sandbox) []pyramid.Command {
	res, err := sb.Exec(ctx, sandbox.ExecSpec{Script: listBuilt, Dir: "/", TailBytes: 512 << 10})
	if err != nil || res.ExitCode != 0 {
		return nil
	}
	var bins, libs, gen []string
	for _, line := range strings.Split(strings.TrimSpace(res.Tail), "\n") {
		kind, rel, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		if _, err := os.Lstat(filepath.Join(r.o.Repo, filepath.FromSlash(rel))); err == nil {
			continue // shipped with the repository, not built
		}
		switch {
		case kind == "x":
			bins = append(bins, rel)
		case kind == "lib":
			libs = append(libs, rel)
		case kind == "h":
			gen = append(gen, rel)
		}
	}
	name := r.o.Name
	if name == "" {
		abs, _ := filepath.Abs(r.o.Repo)
		name = filepath.Base(abs)
	}
	if !r.readFixture { // the checkout does not change: look once
		fsys := os.DirFS(r.o.Repo)
		if r.fixture.Path, r.readFixture = pyramid.Fixture(fsys), true; r.fixture.Path != "" {
			r.fixture.Flag = pyramid.FixtureFlag(fsys, r.fixture.Path)
		}
		r.sourceInputs = pyramid.ReadSourceInputs(fsys)
	}
	built := slices.Clone(bins) // every program the build made, the suite's too
	bins = slices.DeleteFunc(bins, func(b string) bool { return suiteRuns(r.cur.pyr, b) })
	probes := pyramid.BuiltProbes(bins, name, r.fixture, r.sourceInputs.For(bins))
	probes = r.libraryProbes(probes, bins, libs, gen, built, name)
	// A repository that shows no test of its own and no suite driver (its
	// tests may live in another repository: nginx's are nginx-tests) gets
	// what one without tests gets at mining: its programs' first two
	// probes double as Testable's runtime probe.
	drivers := pyramid.TestDrivers(os.DirFS(r.o.Repo), bins)
	if len(drivers) == 0 && pyramid.NoTestsOfItsOwn(r.cur.pyr) {
		probes = append(probes, builtSmoke(probes)...)
	}
	// A suite driver run by a built interpreter is a Testable command.
	probes = append(drivers, probes...)
	var out []pyramid.Command
	for _, c := range probes {
		if !r.cur.pyr.Has(c) {
			r.cur.pyr.Commands = append(r.cur.pyr.Commands, c)
		}
		out = append(out, c)
	}
	return out
}

// libraryProbes puts into probes (the built programs') a library's
// uses: a consumer calling its version function after a program named as
// the project, its example programs and, without a version function, a
// consumer of its object API before any last resort. bins are the
// programs to probe, built every program the build made.
func (r *runner) libraryProbes(probes []pyramid.Command, bins, libs, gen, built []string, name string) []pyramid.Command {
	// A header-only library (nlohmann/json, magic_enum, cxxopts) builds
	// nothing: its example programs, compiled against its headers, are
	// its real use as a library's are.
	headerOnly := len(bins) == 0 && len(libs) == 0
	var link []pyramid.Command
	if len(libs) > 0 || headerOnly {
		if !r.readHeaders { // the checkout does not change: read its headers and examples once
			r.versionFuncs, r.readHeaders = pyramid.VersionFuncs(os.DirFS(r.o.Repo), name), true
			r.objectAPIs = pyramid.ObjectAPIs(os.DirFS(r.o.Repo))
			r.examples = pyramid.ExamplePrograms(os.DirFS(r.o.Repo), gen, r.fixture.Path, built)
		}
		link = pyramid.LinkProbes(r.versionFuncs, libs, gen, name)
		if len(link) > 0 {
			// A library's consumer comes before the build's other programs
			// (examples, test helpers), after a program named as the project.
			if pyramid.ProductBuilt(bins, name) {
				probes = append(probes[:1:1], append(link, probes[1:]...)...)
			} else {
				probes = append(link, probes...)
			}
		}
	}
	examples := slices.Clone(r.examples)
	if len(link) == 0 {
		// without a version function, a consumer making the library's
		// object (c-algorithms' queue_new) after its examples
		examples = append(examples, pyramid.ObjectProbes(r.objectAPIs, libs, gen, name)...)
	}
	if len(examples) == 0 && !slices.ContainsFunc(probes, pyramid.Command.LastResort) && nativeOnly(r.o.Stacks) {
		// nothing to run and no use of its API: the C library's import,
		// its header compiled into a program, is the last resort
		if !r.readLibHeader { // the checkout does not change: look once
			r.libHeader, r.readLibHeader = pyramid.FindLibraryHeader(os.DirFS(r.o.Repo), name), true
		}
		if r.libHeader.Path == "" && len(libs) > 0 {
			// its build wrote it (jemalloc's include/jemalloc/jemalloc.h)
			return append(probes, pyramid.GeneratedLibraryHeader(gen, name).Probe(gen)...)
		}
		return append(probes, r.libHeader.Probe(gen)...)
	}
	if (len(libs) > 0 || headerOnly) && len(examples) > 0 {
		// The library's example programs come after the built programs'
		// own probes, before any last resort.
		i := slices.IndexFunc(probes, pyramid.Command.LastResort)
		if i < 0 {
			i = len(probes)
		}
		probes = slices.Concat(probes[:i:i], examples, probes[i:])
	}
	return probes
}

// builtSmoke are the Testable copies of a repository's built-program
// probes when it has no tests (smokePicks).
func builtSmoke(probes []pyramid.Command) []pyramid.Command {
	const note = "the graph found no tests; no test command is the project's own"
	var smoke []pyramid.Command
	for _, c := range smokePicks(probes) {
		smoke = append(smoke, pyramid.SmokeCopy(c, note))
	}
	return smoke
}

// smokePicks are the Runnable probes that double as Testable's runtime
// probe: the first two real uses, then the first last resort. A real use
// that fails (tidy exits 1 on the warnings it prints for plain text)
// leaves the program's --version to show it starts; the loop runs no
// smoke probe after one passed.
func smokePicks(probes []pyramid.Command) []pyramid.Command {
	var picks []pyramid.Command
	var last *pyramid.Command
	for _, c := range probes {
		switch {
		case c.Level != pyramid.Runnable:
		case !c.LastResort() && len(picks) < 2:
			picks = append(picks, c)
		case c.LastResort() && last == nil:
			last = &c
		}
	}
	if last != nil {
		picks = append(picks, *last)
	}
	return picks
}

// suiteRuns reports whether a Testable command of the pyramid runs the
// built program rel as the test suite (`make sds-test && ./sds-test`), not
// as a runtime probe:
// the suite's program is not the project's entry point.
func suiteRuns(p *pyramid.Pyramid, rel string) bool {
	if p == nil {
		return false
	}
	if slices.Contains(p.SuitePrograms, path.Base(rel)) {
		return true // a test program add_test runs (tinycthread's test-tinycthread)
	}
	for _, c := range p.At(pyramid.Testable) {
		if c.Bucket == pyramid.Smoke {
			continue // a runtime probe of the program (lua's `./lua -e …`), not its suite
		}
		for _, w := range strings.FieldsFunc(c.Text, func(r rune) bool { return r == ' ' || r == ';' || r == '&' || r == '|' || r == '(' || r == ')' }) {
			if w == "./"+rel {
				return true
			}
		}
	}
	return false
}

// nativeOnly reports a project of no language stack with a package of its
// own (Python, Node, Go, Rust, Java): a C or C++ one, whatever builds it.
func nativeOnly(stacks []string) bool {
	for _, s := range stacks {
		switch s {
		case "python", "npm", "yarn", "pnpm", "node", "go", "cargo", "maven", "gradle":
			return false
		}
	}
	return true
}
