package retrieval

import (
	"context"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// auxDirs hold helper code (docs tooling, CI scripts, tests) whose
// language does not make a stack of the project.
var auxDirs = map[string]bool{"doc": true, "docs": true, "Documentation": true, "scripts": true, "script": true, "tools": true,
	"contrib": true, "ci": true, ".github": true, ".gitlab": true, "build-aux": true, "misc": true, "utils": true, "devtools": true,
	"test": true, "tests": true, "t": true, "examples": true, "example": true, "benchmarks": true, "bench": true}

// goPackageDir is a directory the go command builds from: not an
// auxiliary one, not testdata, vendor or one it ignores (_examples, .x).
func goPackageDir(dir string) bool {
	return !inAuxDir(dir+"/x") && dir != "testdata" && dir != "vendor" && !strings.HasPrefix(dir, "_") && !strings.HasPrefix(dir, ".")
}

func inAuxDir(p string) bool {
	for _, seg := range strings.Split(path.Dir(p), "/") {
		if auxDirs[seg] {
			return true
		}
	}
	return false
}

// Stacks names the build systems and ecosystems the repository uses, from
// its top-level build files and manifests and its Python sources outside
// helper directories: cmake, meson, autotools, make (a committed top-level
// Makefile that automake does not generate, or a hand-written configure
// that writes one), npm, python, go, cargo,
// maven, gradle. Sorted.
func (ix *Index) Stacks(ctx context.Context) ([]string, error) {
	files, err := ix.FindFiles(ctx, FileQuery{})
	if err != nil {
		return nil, err
	}
	top := map[string]bool{}
	python, goSource, goBelow, goMod := false, false, false, false
	for _, f := range files {
		dir, base := path.Dir(f.Path), path.Base(f.Path)
		if dir == "." {
			top[base] = true
			goSource = goSource || f.Language == "Go" && f.Kind == "source" && f.Skipped == ""
		}
		goMod = goMod || base == "go.mod"
		goBelow = goBelow || f.Language == "Go" && f.Kind == "source" && f.Skipped == "" && strings.Count(f.Path, "/") == 1 && goPackageDir(dir)
		if f.Kind == "manifest" && f.Ecosystem == "pypi" && strings.Count(f.Path, "/") <= 1 && !inAuxDir(f.Path) && f.Facts["tool_config"] != true {
			python = true
		}
		if f.Language == "Python" && f.Skipped == "" && (f.Kind == "source" || f.Kind == "script") && !inAuxDir(f.Path) {
			python = true
		}
	}
	set := map[string]bool{}
	set["cmake"] = top["CMakeLists.txt"]
	set["meson"] = top["meson.build"]
	set["autotools"] = top["configure.ac"] || top["configure.in"]
	// a committed Makefile, or a hand-written configure that writes one
	// where no other build system is (entr's copies Makefile.linux,
	// OpenSSL's Configure generates one); automake's come with
	// Makefile.am or Makefile.in
	handConfigure := (top["configure"] || top["Configure"]) && !set["autotools"] && !set["cmake"] && !set["meson"]
	set["make"] = (top["Makefile"] || top["makefile"] || top["GNUmakefile"] || handConfigure) && !top["Makefile.am"] && !top["Makefile.in"]
	set["npm"] = top["package.json"]
	set["python"] = python
	set["go"] = top["go.mod"] || goSource // a package of GOPATH's days has no go.mod
	set["cargo"] = top["Cargo.toml"]
	set["maven"] = top["pom.xml"]
	set["gradle"] = top["build.gradle"] || top["build.gradle.kts"]
	// GOPATH's days again, the packages one level down (go-spew's spew/,
	// go-difflib's difflib/): the root is the module when nothing else
	// builds there and no go.mod anywhere names another
	if !set["go"] && goBelow && !goMod && !slices.Contains(slices.Collect(maps.Values(set)), true) {
		set["go"] = true
	}
	var out []string
	for k, v := range set {
		if v {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out, nil
}

// projectFacts are the top-level manifests that name the project, and the
// fact holding the name, in the order they are believed.
var projectFacts = []struct{ file, fact string }{
	{"CMakeLists.txt", "project"}, {"meson.build", "project"}, {"configure.ac", "project"}, {"configure.in", "project"},
	{"package.json", "name"}, {"pyproject.toml", "name"}, {"setup.cfg", "name"}, {"Cargo.toml", "name"}, {"go.mod", "module"},
}

// ProjectName is the project's name as its build files or manifest give
// it (CMake's project(), package.json's name without its scope, a Go
// module path's last element), else the checkout directory's name.
func (ix *Index) ProjectName(ctx context.Context) string {
	files, err := ix.FindFiles(ctx, FileQuery{})
	if err == nil {
		by := map[string]FileInfo{}
		for _, f := range files {
			by[f.Path] = f
		}
		for _, pf := range projectFacts {
			v, _ := by[pf.file].Facts[pf.fact].(string)
			if v = strings.TrimSpace(v); v == "" || strings.ContainsAny(v, "$@{") && pf.fact != "name" {
				continue
			}
			if pf.fact == "module" {
				v = majorless(v)
			}
			if i := strings.LastIndex(v, "/"); i >= 0 {
				v = v[i+1:] // @scope/name, a module path
			}
			if v != "" {
				return v
			}
		}
	}
	return path.Base(filepath.ToSlash(ix.Root))
}

// majorless drops a module path's /vN suffix.
func majorless(m string) string {
	if i := strings.LastIndex(m, "/v"); i > 0 && strings.Trim(m[i+2:], "0123456789") == "" && len(m) > i+2 {
		return m[:i]
	}
	return m
}
