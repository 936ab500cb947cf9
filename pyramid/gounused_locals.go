package pyramid

import (
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strings"
)

// A README's Go program often stops where the reader's code would go on
// (godotenv's main reads S3_BUCKET and SECRET_KEY, then "// now do
// something with s3 or whatever"): Go refuses the variables it declares
// and never uses ("declared and not used"). withUsedLocals marks each
// such local used (`_ = s3Bucket` after its declaration), as the reader
// would by going on. Code that does not parse is returned as it is.
func withUsedLocals(code string) string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "main.go", code, parser.ParseComments)
	if err != nil {
		return code
	}
	uses := map[*ast.Object]int{}
	declared := map[*ast.Object]ast.Stmt{} // a local := or var of a function body, by its statement
	top := map[ast.Stmt]bool{}             // statements of a block's list, after which another can go
	var order []*ast.Object
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BlockStmt:
				for _, s := range n.List {
					top[s] = true
				}
			case *ast.CaseClause:
				for _, s := range n.Body {
					top[s] = true
				}
			case *ast.CommClause:
				for _, s := range n.Body {
					top[s] = true
				}
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE {
					for _, l := range n.Lhs {
						if id, ok := l.(*ast.Ident); ok && id.Obj != nil && id.Obj.Decl == n && declared[id.Obj] == nil {
							declared[id.Obj], order = n, append(order, id.Obj)
						}
					}
				}
			case *ast.DeclStmt:
				if gd, ok := n.Decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
					for _, sp := range gd.Specs {
						for _, id := range sp.(*ast.ValueSpec).Names {
							if id.Obj != nil && declared[id.Obj] == nil {
								declared[id.Obj], order = n, append(order, id.Obj)
							}
						}
					}
				}
			case *ast.Ident:
				if n.Obj != nil && !isDeclIdent(n) {
					uses[n.Obj]++
				}
			}
			return true
		})
	}
	type insert struct {
		at   int
		text string
	}
	var ins []insert
	for _, o := range order {
		s := declared[o]
		if o.Name == "_" || uses[o] > 0 || !top[s] {
			continue
		}
		at := fset.Position(s.End()).Offset
		indent := lineIndent(code, fset.Position(s.Pos()).Offset)
		ins = append(ins, insert{at, "\n" + indent + "_ = " + o.Name})
	}
	sort.SliceStable(ins, func(i, j int) bool { return ins[i].at > ins[j].at })
	for _, in := range ins {
		code = code[:in.at] + in.text + code[in.at:]
	}
	return code
}

// isDeclIdent reports whether id is the name its own object declares
// (the s3Bucket of `s3Bucket := …`), not a use of it.
func isDeclIdent(id *ast.Ident) bool {
	switch d := id.Obj.Decl.(type) {
	case *ast.AssignStmt:
		for _, l := range d.Lhs {
			if l == id {
				return true
			}
		}
	case *ast.ValueSpec:
		for _, n := range d.Names {
			if n == id {
				return true
			}
		}
	}
	return false
}

// lineIndent is the white space that starts the line holding offset at.
func lineIndent(code string, at int) string {
	l := code[strings.LastIndex(code[:at], "\n")+1:]
	return l[:len(l)-len(strings.TrimLeft(l, " \t"))]
}
