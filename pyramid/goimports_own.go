package pyramid

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"sort"
	"strconv"
	"strings"
)

// A README's Go program may name a package of the module it never
// imports: tollbooth's tutorial imports only its limiter package and
// calls tollbooth.NewLimiter ("undefined: tollbooth"). withOwnImports adds
// the import of each package of the module (pkgs: name → directory, as
// goPackages reads them) that the program names without importing, as
// goimports would; code that does not parse is returned as it is.
func withOwnImports(code, mod string, pkgs map[string]string) string {
	if mod == "" || len(pkgs) == 0 {
		return code
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "main.go", code, 0)
	if err != nil {
		return code
	}
	imported, paths := map[string]bool{}, map[string]bool{}
	for _, im := range f.Imports {
		for _, n := range importNames(im) {
			imported[n] = true
		}
		p, _ := strconv.Unquote(im.Path.Value)
		paths[p] = true
	}
	named := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && id.Obj == nil && !imported[id.Name] {
				if _, own := pkgs[id.Name]; own {
					named[id.Name] = true
				}
			}
		}
		return true
	})
	if len(named) == 0 {
		return code
	}
	var lines []string
	for name := range named {
		p := mod
		if d := pkgs[name]; d != "" {
			p = mod + "/" + d
		}
		if paths[p] {
			continue // imported under its package's name (golang-lru/v2 is lru)
		}
		spec := strconv.Quote(p)
		elem := path.Base(p)
		if goMajorRe.MatchString(p) {
			elem = path.Base(path.Dir(p)) // tollbooth of …/tollbooth/v8
		}
		if elem != name {
			spec = name + " " + spec // go.etcd.io/bbolt is bolt
		}
		lines = append(lines, spec)
	}
	if len(lines) == 0 {
		return code
	}
	sort.Strings(lines)
	at := fset.Position(f.Name.End()).Offset // after the package clause
	add := "\n\nimport (\n\t" + strings.Join(lines, "\n\t") + "\n)"
	return code[:at] + add + code[at:]
}
