package bashfile

import (
	"context"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// GoProgram is a main package of a Go module that is one of its products:
// the module's root package, cmd/<name>, or a top directory named as the
// module (easyjson's easyjson/) — not examples, tools, tests or
// directories the go tool ignores.
type GoProgram struct {
	Pkg  string // "." or "./cmd/tomlv"
	Name string // the binary's name: yq, tomlv
}

// goProductDir is a directory whose main package is a product.
var goProductDir = regexp.MustCompile(`^(\.|cmd/[\w.-]+)$`)

// majorSuffix is a module path's /vN element.
var majorSuffix = regexp.MustCompile(`^v\d+$`)

// GoPrograms lists the module's product main packages, from the graph's
// Go main functions and go.mod's module path (which names the root one).
// A main package under a go.mod of its own (nested: zerolog's cmd/lint)
// belongs to another module: `go install ./cmd/lint` from the root fails.
func GoPrograms(mains []string, module string, nested []string) []GoProgram {
	seen := map[string]bool{}
	var out []GoProgram
	for _, file := range mains {
		dir := path.Dir(file)
		if !goProductDir.MatchString(dir) && dir != goBinaryName(module) || seen[dir] || strings.HasSuffix(file, "_test.go") || inNested(dir, nested) {
			continue
		}
		seen[dir] = true
		name := path.Base(dir)
		pkg := "./" + dir
		if dir == "." {
			pkg, name = ".", goBinaryName(module)
		}
		if name != "" {
			out = append(out, GoProgram{Pkg: pkg, Name: name})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pkg < out[j].Pkg })
	return out
}

// goBinaryName is what go install names the module's root program: the
// last element of its path that is not a major version (github.com/
// mikefarah/yq/v4 → yq).
func goBinaryName(module string) string {
	parts := strings.Split(strings.Trim(module, "/"), "/")
	for i := len(parts) - 1; i >= 0; i-- {
		if !majorSuffix.MatchString(parts[i]) {
			return parts[i]
		}
	}
	return ""
}

// goProgramMains lists the files of the repository's Go main functions.
func (p *planner) goProgramMains(ctx context.Context) []string {
	eps, err := p.ix.EntryPoints(ctx)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range eps {
		if e.Kind != "main" || !strings.HasSuffix(e.Path, ".go") {
			continue
		}
		// a program for another system (chroma's cmd/libchromawasm,
		// //go:build js && wasm): go install of it here is "build
		// constraints exclude all Go files"
		if src, err := p.ix.ReadFile(ctx, e.Path, 0, 0, true); err == nil && GoFileExcluded(path.Base(e.Path), src) {
			continue
		}
		out = append(out, e.Path)
	}
	return out
}

// inNested reports whether dir is at or under one of the nested module
// directories.
func inNested(dir string, nested []string) bool {
	for _, n := range nested {
		if dir == n || strings.HasPrefix(dir, n+"/") {
			return true
		}
	}
	return false
}

// NestedGoModules are the directories below the root that hold a go.mod
// of their own.
func NestedGoModules(ctx context.Context, ix *retrieval.Index) []string {
	fs, err := ix.FindFiles(ctx, retrieval.FileQuery{Glob: "**/go.mod"})
	if err != nil {
		return nil
	}
	var out []string
	for _, f := range fs {
		if d := path.Dir(f.Path); d != "." {
			out = append(out, d)
		}
	}
	return out
}
