package bashfile

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// A CMake project that downloads its test framework at configure time
// (cpp-peglib's and cpp-httplib's FetchContent_Declare(googletest URL …))
// cannot here: github.com is out of reach, and CMake's download retries
// for 85 s before it says so — per configure, so twice when two Testable
// candidates configure the tests. Debian ships such sources for building
// in-tree (SubmoduleSources): the configure points FetchContent at them
// from the start (FETCHCONTENT_SOURCE_DIR_<NAME>), the edit the
// fetch-content repair made only after a failed command.

// fetchDeclRe is a FetchContent_Declare's dependency name.
var fetchDeclRe = regexp.MustCompile(`(?i)\bFetchContent_Declare\s*\(\s*([\w.+-]+)`)

// vendoredCMakeRe are the directories of other projects' CMake files.
var vendoredCMakeRe = regexp.MustCompile(`(^|/)(third_party|thirdparty|3rdparty|vendor|deps|external|extern|_deps)(/|$)`)

// fetchContentSources are the -D flags (leading space each) that give
// FetchContent the Debian sources of the dependencies the project's CMake
// files declare, and the packages that ship them.
func (r *repo) fetchContentSources() (string, []string) {
	if r.root == "" {
		return "", nil
	}
	seen := map[string]bool{}
	var flags, pkgs []string
	for _, f := range r.files {
		base := path.Base(f.Path)
		if base != "CMakeLists.txt" && !strings.HasSuffix(base, ".cmake") || vendoredCMakeRe.MatchString(path.Dir(f.Path)) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(r.root, filepath.FromSlash(f.Path)))
		if err != nil {
			continue
		}
		for _, m := range fetchDeclRe.FindAllStringSubmatch(string(b), -1) {
			src, ok := SubmoduleSources[strings.ToLower(m[1])]
			name := strings.ToUpper(m[1]) // FetchContent's own case folding
			if !ok || seen[name] {
				continue
			}
			seen[name] = true
			flags = append(flags, " -DFETCHCONTENT_SOURCE_DIR_"+name+"="+src[1])
			if !slices.Contains(pkgs, src[0]) {
				pkgs = append(pkgs, src[0])
			}
		}
	}
	sort.Strings(flags)
	return strings.Join(flags, ""), pkgs
}
