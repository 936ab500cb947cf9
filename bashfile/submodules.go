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

// GitmodulePathRe is a submodule's path in .gitmodules.
var GitmodulePathRe = regexp.MustCompile(`(?m)^\s*path\s*=\s*(\S+)`)

// fillAbsentSubmodules fills, in a CMake project, each submodule that
// .gitmodules lists, the checkout lacks (no CMakeLists.txt: not fetched,
// and GitHub is out of a sandbox's reach) and a Debian package ships the
// sources of: the test framework a project builds its tests with
// (rapidjson's thirdparty/gtest, leveldb's third_party/googletest). The
// missing-submodule repair did the same after a failed test build had
// cost a setup.
func (p *planner) fillAbsentSubmodules(detector string) error {
	if p.repo.root == "" {
		return nil
	}
	b, err := os.ReadFile(filepath.Join(p.repo.root, ".gitmodules"))
	if err != nil {
		return nil
	}
	for _, m := range GitmodulePathRe.FindAllStringSubmatch(string(b), -1) {
		sub := strings.TrimSuffix(m[1], "/")
		src, ok := SubmoduleSources[strings.ToLower(path.Base(sub))]
		if !ok || strings.ContainsAny(sub, " '\"$`\\;&|") {
			continue
		}
		if _, err := os.Stat(filepath.Join(p.repo.root, filepath.FromSlash(sub), "CMakeLists.txt")); err == nil {
			continue // fetched
		}
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
