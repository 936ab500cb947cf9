package loops

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/internal/outmark"
)

// DockerIgnore renders the .dockerignore of the export directory as a
// build context: only the scripts the Dockerfile copies and the
// repository in repo/ go in, the repository without the paths Ignore
// names.
func (x Export) DockerIgnore() string {
	var b strings.Builder
	b.WriteString(`# .dockerignore exported by heragent: the build context is this directory
# with the repository in repo/; only the scripts and the repository go in,
# the repository without its git metadata and what the proved run did not
# have (build directories, heragent's outputs).
*
!setup.sh
!entrypoint.sh
!` + buildCAName + `
!` + contextRepo + `
`)
	for _, p := range x.Ignore {
		b.WriteString(contextRepo + "/" + p + "\n")
	}
	return b.String()
}

// generated are directories a Bash File makes in the checkout: build
// directories, virtual environments, dependency trees.
var generated = []string{bashfile.BuildDir, "_build", "builddir", ".venv", "venv", "node_modules", "target", ".gradle"}

// ContextIgnore lists the repository paths the exported build context
// leaves out: its git metadata (kept when the build or a proving command
// reads it: a version from git tags, git submodule), heragent's outputs
// inside it (internal/outmark), and the directories a Bash File makes
// that the checkout did not have when the run proved it — a stale local
// build there must not reach the image, and leaving out what the run
// never saw changes nothing it proved. commands are the Bash File's and
// the proving commands' texts.
func ContextIgnore(repo string, commands []string) []string {
	var out []string
	if !readsGit(repo, commands) {
		out = append(out, ".git", "**/.git")
	}
	out = append(out, outputsIn(repo)...)
	for _, d := range generated {
		if _, err := os.Lstat(filepath.Join(repo, d)); os.IsNotExist(err) {
			out = append(out, d)
		}
	}
	return out
}

// gitUse are commands and build helpers that read a checkout's git
// metadata.
var (
	gitCommand = regexp.MustCompile(`(?m)(?:^|[\s;&|(])git\s+(?:-C\s+\S+\s+)?(?:submodule|describe|rev-parse|rev-list|log|ls-files|show|status|diff|checkout|tag|lfs)\b`)
	gitBuild   = regexp.MustCompile(`(?i)setuptools[_-]scm|hatch[_-]vcs|versioneer|dunamai|dynamic-versioning|vcs[_-]versioning|use_scm_version|vcs_tag|git_describe|GIT_DESCRIBE|git describe|git rev-parse`)
)

// buildFiles are read for gitBuild.
var buildFiles = []string{"pyproject.toml", "setup.py", "setup.cfg", "CMakeLists.txt", "meson.build", "configure.ac", "Makefile", "package.json", "Cargo.toml", "build.rs"}

func readsGit(repo string, commands []string) bool {
	if slices.ContainsFunc(commands, gitCommand.MatchString) {
		return true
	}
	for _, f := range buildFiles {
		if b, err := os.ReadFile(filepath.Join(repo, f)); err == nil && gitBuild.Match(b) {
			return true
		}
	}
	return clonesItself(repo)
}

// localCloneRe is a CMake FetchContent or ExternalProject that clones a
// directory of the checkout, not a URL: nlohmann/json's FetchContent tests
// clone the repository itself (GIT_REPOSITORY ${GIT_REPOSITORY_DIRECTORY},
// the source tree three levels up), and fail in an image without .git.
var localCloneRe = regexp.MustCompile(`GIT_REPOSITORY\s+"?\$\{\w*(?:SOURCE_DIR|DIRECTORY|_DIR|ROOT)\}`)

// clonesItself reports a CMake file of the checkout (outside dependencies,
// at most maxCMakeFiles of them) with a localCloneRe.
func clonesItself(repo string) bool {
	found, n := false, 0
	filepath.WalkDir(repo, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil || found:
			return filepath.SkipAll
		case d.IsDir() && p != repo && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "third_party" || d.Name() == "vendor"):
			return filepath.SkipDir
		case d.IsDir() || d.Name() != "CMakeLists.txt" && !strings.HasSuffix(d.Name(), ".cmake"):
			return nil
		}
		if n++; n > maxCMakeFiles {
			return filepath.SkipAll
		}
		if b, err := os.ReadFile(p); err == nil && localCloneRe.Match(b) {
			found = true
		}
		return nil
	})
	return found
}

// maxCMakeFiles bounds the CMake files clonesItself reads.
const maxCMakeFiles = 2000

// outputsIn lists heragent's output directories inside the repository.
func outputsIn(repo string) []string {
	var out []string
	filepath.WalkDir(repo, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || p == repo {
			return nil
		}
		if d.Name() == ".git" || d.Name() == "node_modules" {
			return filepath.SkipDir
		}
		if outmark.Is(p) {
			if rel, err := filepath.Rel(repo, p); err == nil {
				out = append(out, filepath.ToSlash(rel))
			}
			return filepath.SkipDir
		}
		return nil
	})
	return out
}
