package retrieval

import (
	"context"
	"path"
	"sort"
	"strings"
)

// Stacks names the build systems and ecosystems the repository uses, from
// its top-level build files and manifests (and Python sources): cmake,
// meson, autotools, make (a Makefile no other build system generates),
// npm, python, go, cargo, maven, gradle. Sorted.
func (ix *Index) Stacks(ctx context.Context) ([]string, error) {
	files, err := ix.FindFiles(ctx, FileQuery{})
	if err != nil {
		return nil, err
	}
	top := map[string]bool{}
	python := false
	for _, f := range files {
		dir, base := path.Dir(f.Path), path.Base(f.Path)
		if dir == "." {
			top[base] = true
		}
		if f.Kind == "manifest" && f.Ecosystem == "pypi" && strings.Count(f.Path, "/") <= 1 {
			python = true
		}
		if f.Language == "Python" && f.Skipped == "" && (f.Kind == "source" || f.Kind == "script") {
			python = true
		}
	}
	set := map[string]bool{}
	set["cmake"] = top["CMakeLists.txt"]
	set["meson"] = top["meson.build"]
	set["autotools"] = top["configure.ac"] || top["configure.in"]
	set["make"] = (top["Makefile"] || top["makefile"] || top["GNUmakefile"]) && !set["cmake"] && !set["meson"] && !set["autotools"]
	set["npm"] = top["package.json"]
	set["python"] = python
	set["go"] = top["go.mod"]
	set["cargo"] = top["Cargo.toml"]
	set["maven"] = top["pom.xml"]
	set["gradle"] = top["build.gradle"] || top["build.gradle.kts"]
	var out []string
	for k, v := range set {
		if v {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out, nil
}
