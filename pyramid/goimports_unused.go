package pyramid

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// A README's Go program is often trimmed from a longer one and keeps an
// import it no longer uses (golang-set's example imports "fmt" and prints
// nothing): Go refuses it ("imported and not used"). withoutUnusedImports
// drops the standard library's imports a program never names, as goimports
// would; others stay (a package's name need not be its path's last
// element: go.etcd.io/bbolt is bolt), and so do blank and dot imports. Code that does not parse is
// returned as it is.
func withoutUnusedImports(code, mod string) string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "main.go", code, parser.ParseComments)
	if err != nil {
		return code
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && id.Obj == nil {
				used[id.Name] = true
			}
		}
		return true
	})
	var cut [][2]int // byte ranges to delete, whole lines
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		var drop []ast.Spec
		for _, sp := range gd.Specs {
			im := sp.(*ast.ImportSpec)
			p, _ := strconv.Unquote(im.Path.Value)
			if strings.Contains(strings.Split(p, "/")[0], ".") || p == mod || strings.HasPrefix(p, mod+"/") || im.Name != nil && (im.Name.Name == "_" || im.Name.Name == ".") || anyUsed(importNames(im), used) {
				continue
			}
			drop = append(drop, sp)
		}
		switch {
		case len(drop) == 0:
		case !gd.Lparen.IsValid() || len(drop) == len(gd.Specs):
			cut = append(cut, lineRange(code, fset, gd.Pos(), gd.End()))
		default:
			for _, sp := range drop {
				cut = append(cut, lineRange(code, fset, sp.Pos(), sp.End()))
			}
		}
	}
	sort.Slice(cut, func(i, j int) bool { return cut[i][0] > cut[j][0] })
	cut = slices.Compact(cut) // two imports on one line: one range
	for _, c := range cut {
		code = code[:c[0]] + code[c[1]:]
	}
	return code
}

// anyUsed reports whether one of names is in used.
func anyUsed(names []string, used map[string]bool) bool {
	for _, n := range names {
		if used[n] {
			return true
		}
	}
	return false
}

// lineRange is the byte range of the lines from..to span, with the
// newline that ends them.
func lineRange(code string, fset *token.FileSet, from, to token.Pos) [2]int {
	a, z := fset.Position(from).Offset, fset.Position(to).Offset
	a = strings.LastIndex(code[:a], "\n") + 1
	if i := strings.IndexByte(code[z:], '\n'); i >= 0 {
		z += i + 1
	} else {
		z = len(code)
	}
	return [2]int{a, z}
}
