package bashfile

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// SubmoduleSources are vendored projects whose sources a Debian package
// ships for building in-tree (the purpose of /usr/src/googletest): an
// absent submodule of that name is filled from it.
var SubmoduleSources = map[string][2]string{ // name → package, source directory
	"googletest": {"googletest", "/usr/src/googletest"},
	"gtest":      {"googletest", "/usr/src/googletest"},
}

// SubmoduleFill is the command that fills the absent submodule sub from
// the source directory src.
func SubmoduleFill(sub, src string) string {
	return fmt.Sprintf("[ -e %s/CMakeLists.txt ] || { rm -rf %s && cp -r %s %s; }", sub, sub, src, sub)
}

// SubmoduleInit fetches every submodule; safe.directory because the
// repository copy is owned by another user than the one running git.
const SubmoduleInit = `git -c safe.directory='*' submodule update --init --recursive`

// submoduleTry is SubmoduleInit as the planner writes it: a host out of
// reach is no failure of its own — the build that needs the submodule
// fails, and its repair reads in the same log that the clone failed.
const submoduleTry = SubmoduleInit + ` || log "some submodules could not be fetched"`

// GitmodulePathRe is a submodule's path in .gitmodules.
var GitmodulePathRe = regexp.MustCompile(`(?m)^\s*path\s*=\s*(\S+)`)

// fillAbsentSubmodules fills, in a CMake project, each submodule that
// .gitmodules lists, the checkout lacks (no CMakeLists.txt: not fetched,
// and GitHub is out of a sandbox's reach) and a Debian package ships the
// sources of: the test framework a project builds its tests with
// (rapidjson's thirdparty/gtest, leveldb's third_party/googletest). The
// missing-submodule repair did the same after a failed test build had
// cost a setup. Any other absent submodule the top CMakeLists.txt adds
// (leveldb's third_party/benchmark) is fetched as a recursive clone
// would, before the build: where its host is out of reach, the first
// setup's log shows both the clone's failure and the build's, and one
// repair answers both (the option guarding it off) — a setup fewer than
// finding the empty directory first and the unreachable host after.
func (p *planner) fillAbsentSubmodules(detector string) error {
	if p.repo.root == "" {
		return nil
	}
	b, err := os.ReadFile(filepath.Join(p.repo.root, ".gitmodules"))
	if err != nil {
		return nil
	}
	lists, _ := os.ReadFile(filepath.Join(p.repo.root, "CMakeLists.txt"))
	var fetch, fill []string
	for _, m := range GitmodulePathRe.FindAllStringSubmatch(string(b), -1) {
		sub := strings.TrimSuffix(m[1], "/")
		if strings.ContainsAny(sub, " '\"$`\\;&|") {
			continue
		}
		if _, err := os.Stat(filepath.Join(p.repo.root, filepath.FromSlash(sub), "CMakeLists.txt")); err == nil {
			continue // fetched
		}
		if _, ok := SubmoduleSources[strings.ToLower(path.Base(sub))]; ok {
			fill = append(fill, sub)
		} else if addsSubdirectory(string(lists), sub) {
			fetch = append(fetch, sub)
		}
	}
	if _, err := os.Stat(filepath.Join(p.repo.root, ".git")); err == nil && len(fetch) > 0 {
		why := ev(detector, ".gitmodules", 0, "CMakeLists.txt adds the submodule "+strings.Join(fetch, ", ")+", absent from the checkout: fetched as a recursive clone would")
		if err := p.install(Base, why, "git", "ca-certificates"); err != nil {
			return err
		}
		if err := p.add(Runtimes, submoduleTry, why); err != nil {
			return err
		}
	}
	for _, sub := range fill { // what the clone did not fetch
		src := SubmoduleSources[strings.ToLower(path.Base(sub))]
		why := ev(detector, ".gitmodules", 0, "submodule "+sub+" is not in the checkout: Debian's "+src[0]+" ships its sources")
		if err := p.install(Base, why, src[0]); err != nil {
			return err
		}
		if err := p.add(Runtimes, SubmoduleFill(sub, src[1]), why); err != nil {
			return err
		}
	}
	return nil
}

// addsSubdirectory reports whether a CMakeLists.txt adds the directory
// sub: add_subdirectory(third_party/benchmark), or one of its
// directories under a variable (${PROJECT_SOURCE_DIR}/third_party/x).
func addsSubdirectory(lists, sub string) bool {
	for _, l := range strings.Split(lists, "\n") {
		if i := strings.Index(strings.ToLower(l), "add_subdirectory"); i >= 0 && strings.Contains(l[i:], sub) {
			return true
		}
	}
	return false
}
