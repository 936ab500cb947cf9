package pyramid

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"regexp"
	"slices"
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
	"reflect": "reflect", "http": "net/http", "hex": "encoding/hex", "base64": "encoding/base64", "slices": "slices", "maps": "maps",
}

// goFragment is code, a block of statements using the module mod's
// packages pkgs (goPackages), as a main program: its package clause, the
// imports of the packages it names (the module's, the standard
// library's) and a use of each variable it declares, which Go requires.
// What it uses and does not declare comes from the document's blocks
// before it (earlier), as the reader ran them: fatih/structs declares its
// `server` in one block and converts it in the next. False when code is a
// whole file, does not parse as statements, names a package neither the
// module's nor the standard library's or a name nothing declares, or does
// not use the module.
func goFragment(code, mod string, pkgs map[string]string, earlier []string) (string, bool) {
	if len(pkgs) == 0 || packageClauseRe.MatchString(code) || strings.Contains(code, "func main(") {
		return "", false
	}
	code = strings.TrimRight(code, "\n")
	fr, ok := parseFragment(code, mod, pkgs)
	if !fr.usesModule {
		return "", false // an earlier block's use, shown again
	}
	if len(fr.missing) > 0 {
		if code, ok = withEarlier(code, fr.missing, earlier, mod, pkgs); ok {
			fr, ok = parseFragment(code, mod, pkgs)
		}
	}
	if !ok || len(fr.missing) > 0 || !fr.usesModule || fr.returns {
		return "", false
	}
	var ins []insertion
	for _, sh := range fr.shown { // a value shown is printed, as the reader sees it
		ins = append(ins, insertion{sh[0], "fmt.Println("}, insertion{sh[1], ")"})
		fr.imports["fmt"] = "fmt"
	}
	for _, r := range fr.redeclares { // the names declared again in a block of their own, of any type
		use := ""
		for _, n := range r.names {
			use += "_ = " + n + "\n"
		}
		ins = append(ins, insertion{r.at, use + "{\n"})
	}
	code = insertAll(code, ins)
	names := make([]string, 0, len(fr.imports))
	for n := range fr.imports {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n")
	for _, n := range names {
		b.WriteString("\t" + n + " " + quoteGo(fr.imports[n]) + "\n")
	}
	b.WriteString(")\n\nfunc main() {\n" + code + "\n")
	for _, v := range fr.vars {
		b.WriteString("\t_ = " + v + "\n")
	}
	b.WriteString(strings.Repeat("}\n", len(fr.redeclares)) + "}\n")
	return b.String(), true
}

// fragment is what a block of statements names: the packages it imports,
// whether one is the module's, the names nothing in it declares, and the
// variables and types its own statements declare.
type fragment struct {
	imports       map[string]string
	usesModule    bool
	missing       []string
	vars, typeIDs []string
	// returns: a return with values, of the function the block was cut
	// from (go-multierror's `return result`)
	returns bool
	// shown are the offsets in the block of its expressions shown with
	// their value rather than used (go-runewidth's
	// `runewidth.StringWidth("つのだ☆HIRO") == 12`)
	shown [][2]int
	// redeclares are the statements declaring with := only names the
	// block declared before: two blocks run as one (fatih/structs' `n :=
	// structs.Names(…)` in one, `n := structs.Name(…)` in the next) are no
	// longer Go with both
	redeclares []redeclare
}

// redeclare is a statement at offset at declaring names again.
type redeclare struct {
	at    int
	names []string
}

// redeclarations are body's statements (offsets less skip) whose names
// are all declared by statements before them.
func redeclarations(fset *token.FileSet, body *ast.BlockStmt, skip int) []redeclare {
	seen := map[string]bool{}
	var out []redeclare
	for _, st := range body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE {
			continue
		}
		again, names := true, []string(nil)
		for _, l := range as.Lhs {
			id, ok := l.(*ast.Ident)
			again = again && ok && (id.Name == "_" || seen[id.Name])
			if ok && id.Name != "_" {
				names = append(names, id.Name)
			}
		}
		if again && len(names) > 0 {
			out = append(out, redeclare{fset.Position(as.Pos()).Offset - skip, names})
		}
		for _, n := range names {
			seen[n] = true
		}
	}
	return out
}

// insertion is text to put at an offset of a block.
type insertion struct {
	at   int
	text string
}

// insertAll puts each insertion into code, the last offset first so the
// others hold.
func insertAll(code string, ins []insertion) string {
	sort.SliceStable(ins, func(i, j int) bool { return ins[i].at > ins[j].at })
	for _, in := range ins {
		code = code[:in.at] + in.text + code[in.at:]
	}
	return code
}

// parseFragment reads code as the body of a main function; false when it
// does not parse so.
func parseFragment(code, mod string, pkgs map[string]string) (fragment, bool) {
	const head = "package main\n\nfunc main() {\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "main.go", head+code+"\n}\n", 0)
	if err != nil || len(f.Decls) != 1 {
		return fragment{}, false
	}
	body := f.Decls[0].(*ast.FuncDecl).Body
	returns := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			returns = returns || len(n.Results) > 0
		}
		return true
	})
	var shown [][2]int
	for _, st := range body.List {
		if es, ok := st.(*ast.ExprStmt); ok {
			if _, call := es.X.(*ast.CallExpr); !call {
				shown = append(shown, [2]int{fset.Position(es.Pos()).Offset - len(head), fset.Position(es.End()).Offset - len(head)})
			}
		}
	}
	qualifier := qualifiers(f)
	fr := fragment{imports: map[string]string{}, returns: returns, shown: shown, redeclares: redeclarations(fset, body, len(head))}
	for _, id := range f.Unresolved {
		dir, ours := pkgs[id.Name]
		switch {
		case types.Universe.Lookup(id.Name) != nil && !qualifier[id]:
		case qualifier[id] && ours:
			fr.imports[id.Name], fr.usesModule = path.Join(mod, dir), true
		case qualifier[id] && goStd[id.Name] != "":
			fr.imports[id.Name] = goStd[id.Name]
		case !slices.Contains(fr.missing, id.Name):
			fr.missing = append(fr.missing, id.Name) // an earlier block's, or the reader's own
		}
	}
	fr.vars, fr.typeIDs = declared(body)
	return fr, true
}

// withEarlier is code after the earlier blocks that declare what it
// misses (and what they miss), in the document's order; false when some
// name is declared by none.
func withEarlier(code string, missing, earlier []string, mod string, pkgs map[string]string) (string, bool) {
	need := map[string]bool{}
	for _, m := range missing {
		need[m] = true
	}
	var take []int
	for i := len(earlier) - 1; i >= 0 && len(need) > 0; i-- {
		fr, ok := parseFragment(strings.TrimRight(earlier[i], "\n"), mod, pkgs)
		if !ok {
			continue
		}
		hit := false
		for _, d := range slices.Concat(fr.vars, fr.typeIDs) {
			if need[d] {
				hit = true
				delete(need, d)
			}
		}
		if hit {
			take = append(take, i)
			for _, m := range fr.missing {
				need[m] = true
			}
		}
	}
	if len(need) > 0 {
		return "", false
	}
	slices.Reverse(take)
	var parts []string
	for _, i := range take {
		parts = append(parts, strings.TrimRight(earlier[i], "\n"))
	}
	return strings.Join(append(parts, code), "\n\n"), true
}

// declared are the variables and the types a block's own statements
// declare (:=, var, type), in order.
func declared(body *ast.BlockStmt) (vars, typeIDs []string) {
	add := func(list *[]string, id *ast.Ident) {
		if id.Name != "_" && !slices.Contains(*list, id.Name) {
			*list = append(*list, id.Name)
		}
	}
	for _, st := range body.List {
		switch s := st.(type) {
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				for _, l := range s.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						add(&vars, id)
					}
				}
			}
		case *ast.DeclStmt:
			gd, ok := s.Decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, sp := range gd.Specs {
				switch sp := sp.(type) {
				case *ast.ValueSpec:
					for _, id := range sp.Names {
						add(&vars, id)
					}
				case *ast.TypeSpec:
					add(&typeIDs, sp.Name)
				}
			}
		}
	}
	return vars, typeIDs
}

// goFragmentExamples are the README's Go statement blocks as programs
// (at most maxExamples), for a module whose documents hold no whole
// program and whose tests no example function: each after the blocks
// before it in its document that declare what it uses.
func goFragmentExamples(ctx context.Context, e *env, secs []retrieval.DocSection, n int) []Command {
	var out []Command
	doc := ""
	var earlier []string
	for _, s := range secs {
		if docSource(s.Path) != "readme" && !packageReadme(s.Path, e.goPkgs) {
			continue
		}
		if s.Path != doc {
			doc, earlier = s.Path, nil
		}
		for _, cb := range s.Code {
			if l := strings.ToLower(cb.Lang); l != "go" && l != "golang" {
				continue
			}
			if len(out) >= maxExamples {
				return out
			}
			prog, ok := goFragment(cb.Code, e.goMod, e.goPkgs, earlier)
			earlier = append(earlier, cb.Code)
			if !ok || endless(prog) {
				continue
			}
			if text, ok := goExample(ctx, e, "go", prog, n+len(out)); ok {
				out = append(out, Command{Text: goInputs(ctx, e, secs, s, cb, text), Bucket: Entry,
					Reason: "builds and runs the README's example statements in a main, against the checkout's module",
					Why:    []Provenance{{Source: "readme", File: s.Path, Line: int(cb.Line), Note: "code example (statements)"}}})
			}
		}
	}
	return out
}

// endless reports a program whose main loops forever: a `for {` that
// nothing leaves (no break, return, goto, panic or exit inside) — the
// README's sketch of a service loop (go-resiliency's breaker calls
// b.Run in one), which would only run until its time is up.
func endless(prog string) bool {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", prog, parser.SkipObjectResolution)
	if err != nil {
		return false
	}
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if fs, ok := n.(*ast.ForStmt); ok && fs.Cond == nil && !leaves(fs.Body) {
			found = true
		}
		return !found
	})
	return found
}

// leaves reports a statement inside body that can end the loop.
func leaves(body *ast.BlockStmt) bool {
	out := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // a return in a closure ends the closure
		case *ast.BranchStmt:
			out = out || n.Tok == token.BREAK || n.Tok == token.GOTO
		case *ast.ReturnStmt:
			out = true
		case *ast.CallExpr:
			if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "panic" {
				out = true
			}
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Exit" || strings.HasPrefix(sel.Sel.Name, "Fatal")) {
				out = true
			}
		}
		return !out
	})
	return out
}

// packageReadme reports a README in the directory of one of the module's
// packages (pkgs, goPackages): go-resiliency documents each of its
// packages (breaker/, deadline/, retrier/) in a README of its own, and
// its top-level README shows no code.
func packageReadme(p string, pkgs map[string]string) bool {
	if !strings.HasPrefix(strings.ToUpper(path.Base(p)), "README") || !strings.Contains(p, "/") {
		return false
	}
	dir := path.Dir(p)
	for _, d := range pkgs {
		if d == dir {
			return true
		}
	}
	return false
}

// quoteGo is s as a Go string literal.
func quoteGo(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

// goPackages are the module's importable packages by name, with their
// import paths relative to the module ("" for its top directory): the top
// and directories two levels down (go-querystring's API is its query/
// package), without internal, example, command, test and vendored ones,
// nor those of nested modules (nested: their directories). Of two
// packages of a name the shallower is kept; at one depth, neither.
func goPackages(ctx context.Context, ix *retrieval.Index, nested []string) map[string]string {
	fs, err := ix.FindFiles(ctx, retrieval.FileQuery{Glob: "**.go"})
	if err != nil {
		return nil
	}
	out, seen := map[string]string{}, map[string]bool{}
	clash := map[string]bool{}
	for _, f := range fs {
		dir := path.Dir(f.Path)
		if dir == "." {
			dir = ""
		}
		if seen[dir] || strings.HasSuffix(f.Path, "_test.go") || strings.Count(f.Path, "/") > 2 || notGoPackageDir.MatchString(dir) || inNested(dir, nested) {
			continue
		}
		src, err := ix.ReadFile(ctx, f.Path, 0, 0, true)
		if err != nil || hasBuildConstraint(path.Base(f.Path), src) {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f.Path, src, parser.PackageClauseOnly)
		if err != nil || af.Name.Name == "main" || strings.HasSuffix(af.Name.Name, "_test") {
			continue
		}
		seen[dir] = true
		name := af.Name.Name
		prev, ok := out[name]
		switch d, pd := strings.Count(dir+"/", "/"), strings.Count(prev+"/", "/"); {
		case !ok && !clash[name]:
			out[name] = dir
		case ok && d < pd:
			out[name] = dir
		case ok && d == pd:
			delete(out, name)
			clash[name] = true
		}
	}
	return out
}

// inNested reports whether dir lies in one of the nested modules' dirs.
func inNested(dir string, nested []string) bool {
	for _, n := range nested {
		n = strings.Trim(n, "./")
		if n != "" && (dir == n || strings.HasPrefix(dir, n+"/")) {
			return true
		}
	}
	return false
}

// notGoPackageDir are directories of packages no reader imports.
var notGoPackageDir = regexp.MustCompile(`(^|/)(internal|examples?|_examples|cmd|testdata|vendor|tools|_tools|scripts|hack|test|tests|benchmarks?)(/|$)|(^|/)[._]`)
