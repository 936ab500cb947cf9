package bashfile

import (
	"context"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A C/C++ project is not always at the top of its checkout: its build
// files live in a subdirectory (expat/, c++/, src/, ports/unix) beside
// the repository's docs and CI. When no C/C++ build system is at the top
// but C/C++ sources are, the shallowest directory with a build file —
// outside tests, examples, docs and vendored code, one named like the
// repository or src first — is the project: the C/C++ detectors plan it
// as if it were the top, each build command runs there in a subshell,
// and the Layout's build directories point into it (the pyramid runs
// ctest there).

// subprojectBuildFiles are the C/C++ build files, best first.
var subprojectBuildFiles = []string{"CMakeLists.txt", "meson.build", "configure", "configure.ac", "Makefile"}

// notProjectDir are directories whose build files are not the project's.
var notProjectDir = regexp.MustCompile(`(?i)(^|/)(test|tests|testing|example|examples|sample|samples|demo|demos|doc|docs|benchmark|benchmarks|bench|tools|scripts|contrib|third_party|thirdparty|3rdparty|vendor|deps|external|extern|node_modules|fuzz|fuzzing|ci|packaging|debian|win32|windows|android|ios|macos|cmake)(/|$)`)

// SubprojectDir is the directory holding the project's C/C++ build files
// when the top of the checkout has none, the build file that marks it,
// and whether the directory is named like the project (or src) — the
// sign that it is the project rather than one of its parts (micropython's
// mpy-cross, nginx's auto/ scripts run from the top); "" when there is
// none or the top has one.
func SubprojectDir(files []retrieval.FileInfo, project string) (string, string, bool) {
	name := strings.ToLower(project)
	best, bestFile, bestScore, named := "", "", 0, false
	for _, f := range files {
		dir, base := path.Dir(f.Path), path.Base(f.Path)
		depth := strings.Count(f.Path, "/")
		if dir == "." {
			for _, bf := range subprojectBuildFiles {
				if base == bf {
					return "", "", false // the top builds
				}
			}
			continue
		}
		if depth > 2 || notProjectDir.MatchString(dir) {
			continue
		}
		for i, bf := range subprojectBuildFiles {
			if base != bf {
				continue
			}
			score := 100 - 10*depth - i
			b := strings.ToLower(path.Base(dir))
			like := b == "src" || name != "" && (strings.Contains(name, b) || strings.Contains(b, name))
			if like {
				score += 20
			}
			if score > bestScore || score == bestScore && dir < best {
				best, bestFile, bestScore, named = dir, bf, score, like
			}
		}
	}
	return best, bestFile, named
}

// rebase is the repository as seen from dir: its files with dir's prefix
// cut, its top-level names, and the C/C++ build systems they mark.
func (r *repo) rebase(dir string) *repo {
	nr := &repo{byPath: map[string]retrieval.FileInfo{}, top: map[string]bool{}, stacks: map[string]bool{}}
	if r.root != "" {
		nr.root = filepath.Join(r.root, filepath.FromSlash(dir))
	}
	prefix := dir + "/"
	for _, f := range r.files {
		if !strings.HasPrefix(f.Path, prefix) {
			continue
		}
		g := f
		g.Path = strings.TrimPrefix(f.Path, prefix)
		nr.files = append(nr.files, g)
		nr.byPath[g.Path] = g
		if !strings.Contains(g.Path, "/") {
			nr.top[g.Path] = true
		}
	}
	for stack, files := range map[string][]string{"cmake": {"CMakeLists.txt"}, "meson": {"meson.build"},
		"autotools": {"configure.ac", "configure.in", "configure"}, "make": {"Makefile", "GNUmakefile", "makefile"}} {
		if nr.has(files...) {
			nr.stacks[stack] = true
		}
	}
	return nr
}

// planSubproject runs the C/C++ detectors on the project's subdirectory
// when the top has no C/C++ build system; it reports the directory ("").
func (p *planner) planSubproject(ctx context.Context) (string, error) {
	for _, d := range detectors {
		if isCBuild(d) && d.Detect(p.repo) {
			return "", nil
		}
	}
	if !p.repo.hasLanguage("C", "C++") {
		return "", nil
	}
	dir, file, named := SubprojectDir(p.repo.files, p.ix.ProjectName(ctx))
	if dir == "" || !named {
		return "", nil // a part of the project, or a guess: the pyramid's conventions try it
	}
	top := p.repo
	p.repo, p.subdir = top.rebase(dir), dir
	defer func() { p.repo, p.subdir = top, "" }()
	for _, d := range detectors {
		if !isCBuild(d) || !d.Detect(p.repo) {
			continue
		}
		p.note(fmt.Sprintf("the project's build files are in %s/ (%s): it is built there", dir, path.Join(dir, file)))
		p.cbuild = d.Name()
		p.plan.Stacks = append(p.plan.Stacks, d.Name())
		if err := d.Apply(ctx, p); err != nil {
			return "", fmt.Errorf("apply %s detector in %s: %w", d.Name(), dir, err)
		}
		return dir, nil
	}
	return "", nil
}
