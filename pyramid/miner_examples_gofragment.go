package pyramid

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A Go library's README shows its use mostly as statements, not whole
// programs: `v1, err := version.NewVersion("1.2")` … `if v1.LessThan(v2)
// { fmt.Printf(…) }` (hashicorp/go-version, Masterminds/semver). A reader
// pastes them into a main function, imports what they name and uses what
// they declare; goFragment does the same, so the block runs as the
// documented program it is.

// goStd are the standard library packages a fragment names by their
// package name, with their import paths.
var goStd = map[string]string{
	"fmt": "fmt", "sort": "sort", "strings": "strings", "strconv": "strconv", "os": "os", "time": "time",
	"errors": "errors", "io": "io", "bytes": "bytes", "math": "math", "log": "log", "context": "context",
	"sync": "sync", "regexp": "regexp", "filepath": "path/filepath", "path": "path", "json": "encoding/json",
	"bufio": "bufio", "unicode": "unicode", "utf8": "unicode/utf8", "rand": "math/rand", "url": "net/url",
	"reflect": "reflect", "hex": "encoding/hex", "base64": "encoding/base64", "slices": "slices", "maps": "maps",
}

// goFragment is code, a block of statements using the module mod's
// packages pkgs (goPackages), as a main program: its package clause, the imports of the
// packages it names (the module's, the standard library's) and a use of
// each variable it declares, which Go requires. False when code is a
// whole file, does not parse as statements, names a package neither the
// module's nor the standard library's or a name nothing declares, or does
// not use the module.
func goFragment(code, mod string, pkgs map[string]string) (string, bool) {
	if len(pkgs) == 0 || packageClauseRe.MatchString(code) || strings.Contains(code, "func main(") {
		return "", false
	}
	code = strings.TrimRight(code, "\n")
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", "package main\n\nfunc main() {\n"+code+"\n}\n", 0)
	if err != nil || len(f.Decls) != 1 {
		return "", false
	}
	qualifier := map[*ast.Ident]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if se, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := se.X.(*ast.Ident); ok {
				qualifier[id] = true
			}
		}
		return true
	})
	imports, usesModule := map[string]string{}, false
	for _, id := range f.Unresolved {
		dir, ours := pkgs[id.Name]
		switch {
		case types.Universe.Lookup(id.Name) != nil && !qualifier[id]:
		case !qualifier[id]:
			return "", false // the reader's own (a variable of an earlier block)
		case ours:
			imports[id.Name], usesModule = path.Join(mod, dir), true
		case goStd[id.Name] != "":
			imports[id.Name] = goStd[id.Name]
		default:
			return "", false
		}
	}
	if !usesModule {
		return "", false
	}
	names := make([]string, 0, len(imports))
	for n := range imports {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n")
	for _, n := range names {
		b.WriteString("\t" + n + " " + quoteGo(imports[n]) + "\n")
	}
	b.WriteString(")\n\nfunc main() {\n" + code + "\n")
	for _, v := range declaredVars(f.Decls[0].(*ast.FuncDecl).Body) {
		b.WriteString("\t_ = " + v + "\n")
	}
	b.WriteString("}\n")
	return b.String(), true
}

// declaredVars are the variables a block's own statements declare (:=,
// var), in order.
func declaredVars(body *ast.BlockStmt) []string {
	var out []string
	add := func(id *ast.Ident) {
		for _, o := range out {
			if o == id.Name {
				return
			}
		}
		if id.Name != "_" {
			out = append(out, id.Name)
		}
	}
	for _, st := range body.List {
		switch s := st.(type) {
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				for _, l := range s.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						add(id)
					}
				}
			}
		case *ast.DeclStmt:
			if gd, ok := s.Decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
				for _, sp := range gd.Specs {
					for _, id := range sp.(*ast.ValueSpec).Names {
						add(id)
					}
				}
			}
		}
	}
	return out
}

// quoteGo is s as a Go string literal.
func quoteGo(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

// goPackages are the module's importable packages by name, with their
// import paths relative to the module ("" for its top directory): the top
// and directories two levels down (go-querystring's API is its query/
// package), without internal, example, command, test and vendored ones.
// A name two directories share names neither.
func goPackages(ctx context.Context, ix *retrieval.Index) map[string]string {
	fs, err := ix.FindFiles(ctx, retrieval.FileQuery{Glob: "**.go"})
	if err != nil {
		return nil
	}
	out, dirOf := map[string]string{}, map[string]string{}
	for _, f := range fs {
		dir := path.Dir(f.Path)
		if dir == "." {
			dir = ""
		}
		if strings.HasSuffix(f.Path, "_test.go") || strings.Count(f.Path, "/") > 2 || notGoPackageDir.MatchString(dir) {
			continue
		}
		if _, seen := dirOf[dir]; seen {
			continue
		}
		src, err := ix.ReadFile(ctx, f.Path, 0, 0, true)
		if err != nil || hasBuildConstraint(src) {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f.Path, src, parser.PackageClauseOnly)
		if err != nil || af.Name.Name == "main" || strings.HasSuffix(af.Name.Name, "_test") {
			continue
		}
		name := af.Name.Name
		dirOf[dir] = name
		if prev, ok := out[name]; ok && prev != dir {
			out[name] = "\x00" // two packages of that name
			continue
		}
		out[name] = dir
	}
	for n, d := range out {
		if d == "\x00" {
			delete(out, n)
		}
	}
	return out
}

// notGoPackageDir are directories of packages no reader imports.
var notGoPackageDir = regexp.MustCompile(`(^|/)(internal|examples?|_examples|cmd|testdata|vendor|tools|_tools|scripts|hack|test|tests|benchmarks?)(/|$)|(^|/)[._]`)
