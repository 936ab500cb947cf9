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
	"strconv"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A Go library documents its use in example functions: `func
// ExampleParse()` in a `package uuid_test` file, whose `// Output:`
// comment says what it prints (go doc and pkg.go.dev show them as the
// package's examples). When the docs hold no whole program, such an
// example becomes one: package main, the file's imports the body uses,
// the body as main — a consumer of the library built against the
// checkout like the docs' programs (goExample), not a test run.

// exampleFuncSource is the provenance of an example function's program:
// documented by the repository, but code a test file holds (it may lean
// on the file's helpers), so the probes are still made after it.
const exampleFuncSource = "example-func"

// maxGoTestExamples bounds the example functions turned into programs.
const maxGoTestExamples = 2

// goTestExamples are the commands that build and run the module's
// documented examples as programs, those of the root package first.
func goTestExamples(ctx context.Context, e *env, n int) []Command {
	mod := e.goMod // read once (newEnv): without go.mod it scans the checkout
	if mod == "" {
		return nil
	}
	fs, err := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: "**/*_test.go"})
	if err != nil {
		return nil
	}
	sort.SliceStable(fs, func(i, j int) bool { return strings.Count(fs[i].Path, "/") < strings.Count(fs[j].Path, "/") })
	return goExampleFuncs(ctx, e, mod, fs, n)
}

// goConsumerExample is the made-up consumer of the module (goConsumer)
// as a command, for a module whose documents and tests show no use.
func goConsumerExample(ctx context.Context, e *env, n int) []Command {
	if e.goMod == "" {
		return nil
	}
	if prog := goConsumer(ctx, e, e.goMod); prog != "" {
		if text, ok := goExample(ctx, e, "go", prog, n); ok {
			return []Command{{Text: text, Bucket: Entry, Synth: true,
				Reason: "a consumer of the library: calls the root package's functions with made-up basic values and prints what they return",
				Why:    []Provenance{{Source: "synthesized", Note: "consumer of " + e.goMod}}}}
		}
	}
	return nil
}

// goExampleFuncs are the example functions of fs as programs.
func goExampleFuncs(ctx context.Context, e *env, mod string, fs []retrieval.FileInfo, n int) []Command {
	var out []Command
	for _, f := range fs {
		if depDocs.MatchString(path.Dir(f.Path)) || foreignDirs.MatchString(f.Path) || strings.Count(f.Path, "/") > 1 {
			continue // the root package and its direct subpackages: the module's API
		}
		src, err := e.ix.ReadFile(ctx, f.Path, 0, 0, true)
		if err != nil || !strings.Contains(src, "func Example") {
			continue
		}
		for _, prog := range exampleMains(src, mod, path.Join(mod, path.Dir(f.Path))) {
			if len(out) >= maxGoTestExamples {
				return out
			}
			text, ok := goExample(ctx, e, "go", prog, n+len(out))
			if !ok {
				continue
			}
			out = append(out, Command{Text: text, Bucket: Entry,
				Reason: "builds and runs the package's documented example as a program against the checkout's module",
				Why:    []Provenance{{Source: exampleFuncSource, File: f.Path, Note: "example function"}}})
		}
	}
	return out
}

// exampleMains turns the example functions with an `// Output:` comment
// of an external test package (package x_test, which uses the module by
// its import path) into main programs. The file's own declarations an
// example uses (go-cmp's MakeGatewayInfo, a type with its methods) come
// along; an example naming anything else the file does not declare (a
// helper of another test file, the `t` of a test) is left out: it would
// not compile on its own. An example of the package's own test files
// (package x, at the import path own) names the package's exported
// identifiers without the package's name (copystructure's ExampleCopy
// calls `Copy(input)`): the program imports the package and qualifies
// them; one using an unexported identifier is left out.
func exampleMains(src, mod, own string) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x_test.go", src, parser.ParseComments)
	if err != nil || !strings.HasSuffix(f.Name.Name, "_test") && (own == "" || f.Name.Name == "main") {
		return nil
	}
	x := exampleFile{fset: fset, f: f, src: src}
	if !strings.HasSuffix(f.Name.Name, "_test") {
		for _, im := range f.Imports {
			if im.Name != nil && im.Name.Name == "." {
				return nil // its bare names may be the dot import's, not the package's
			}
		}
		x.own = own
	}
	x.index()
	var out []string
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || !strings.HasPrefix(fd.Name.Name, "Example") || fd.Type.Params.NumFields() > 0 || fd.Body == nil {
			continue
		}
		x.qualify = nil // the previous example's; imports fills this one's
		body := x.text(fd.Body.Lbrace+1, fd.Body.Rbrace)
		if !strings.Contains(body, "Output:") {
			continue // no output to show: it may wait, or need a setup
		}
		if prog, ok := x.program(fd, body, mod); ok {
			out = append(out, prog)
		}
	}
	return out
}

// exampleFile is a parsed test file and what its top level declares.
type exampleFile struct {
	fset    *token.FileSet
	f       *ast.File
	src     string
	decls   map[*ast.Object]ast.Decl // a top-level name → its declaration
	methods map[string][]ast.Decl    // a type's name → its methods
	// own is the package's import path when the file is of the package
	// itself, not an external test package; qualify are the offsets of
	// the package's identifiers an example names bare
	own     string
	qualify []int
}

func (x *exampleFile) index() {
	x.decls, x.methods = map[*ast.Object]ast.Decl{}, map[string][]ast.Decl{}
	for _, d := range x.f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil {
				if t := recvType(d); t != "" {
					x.methods[t] = append(x.methods[t], d)
				}
			} else if o := x.f.Scope.Lookup(d.Name.Name); o != nil {
				x.decls[o] = d
			}
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				var names []*ast.Ident
				switch sp := sp.(type) {
				case *ast.TypeSpec:
					names = []*ast.Ident{sp.Name}
				case *ast.ValueSpec:
					names = sp.Names
				}
				for _, n := range names {
					if o := x.f.Scope.Lookup(n.Name); o != nil {
						x.decls[o] = d
					}
				}
			}
		}
	}
}

// recvType is the name of a method's receiver type.
func recvType(fd *ast.FuncDecl) string {
	t := fd.Recv.List[0].Type
	for {
		switch tt := t.(type) {
		case *ast.StarExpr:
			t = tt.X
		case *ast.IndexExpr:
			t = tt.X
		case *ast.IndexListExpr:
			t = tt.X
		case *ast.Ident:
			return tt.Name
		default:
			return ""
		}
	}
}

func (x *exampleFile) text(from, to token.Pos) string {
	a, z := x.fset.Position(from).Offset, x.fset.Position(to).Offset
	var b strings.Builder
	for _, at := range x.qualify {
		if a <= at && at < z {
			b.WriteString(x.src[a:at] + x.f.Name.Name + ".")
			a = at
		}
	}
	return b.String() + x.src[a:z]
}

// program is the example fd as a main program; ok is false when it
// names what neither the file nor an import nor the language declares,
// or does not use the module.
func (x *exampleFile) program(fd *ast.FuncDecl, body, mod string) (string, bool) {
	need := x.closure(fd)
	imports, usesModule, ok := x.imports(fd, need, mod)
	if !ok || !usesModule {
		return "", false
	}
	if len(x.qualify) > 0 {
		if x.declares(fd, need, x.f.Name.Name) {
			return "", false // a local named as the package would take its qualified names
		}
		body = x.text(fd.Body.Lbrace+1, fd.Body.Rbrace)
	}
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n\t" + strings.Join(imports, "\n\t") + "\n)\n\n")
	for _, d := range x.f.Decls {
		if need[d] {
			b.WriteString(x.text(d.Pos(), d.End()) + "\n\n")
		}
	}
	b.WriteString("func main() {" + body + "}\n")
	return b.String(), true
}

// declares reports whether the example or the declarations it needs
// declare name.
func (x *exampleFile) declares(fd *ast.FuncDecl, need map[ast.Decl]bool, name string) bool {
	found := false
	look := func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == name && id.Obj != nil {
				found = true
			}
			return !found
		})
	}
	look(fd.Body)
	for d := range need {
		look(d)
	}
	return found
}

// closure is the top-level declarations fd uses, and theirs, with the
// methods of each type among them; nil when one is a test or another
// example (test machinery, not the library's use).
func (x *exampleFile) closure(fd *ast.FuncDecl) map[ast.Decl]bool {
	need := map[ast.Decl]bool{}
	queue := []ast.Node{fd.Body}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		ast.Inspect(n, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || id.Obj == nil {
				return true
			}
			d := x.decls[id.Obj]
			if d == nil || need[d] || d == ast.Decl(fd) {
				return true
			}
			need[d] = true
			queue = append(queue, d)
			for _, m := range x.methods[id.Name] {
				if !need[m] {
					need[m] = true
					queue = append(queue, m)
				}
			}
			return true
		})
	}
	for d := range need {
		if f, ok := d.(*ast.FuncDecl); ok && f.Recv == nil && testFuncRe.MatchString(f.Name.Name) {
			return nil
		}
	}
	return need
}

// testFuncRe names go test's own functions.
var testFuncRe = regexp.MustCompile(`^(Test|Benchmark|Example|Fuzz)([A-Z_]|$)`)

// imports are the file's imports the example and its declarations use;
// ok is false when they name something unresolved that no import and
// no predeclared identifier is.
func (x *exampleFile) imports(fd *ast.FuncDecl, need map[ast.Decl]bool, mod string) (imports []string, usesModule, ok bool) {
	if need == nil {
		return nil, false, false
	}
	inside := func(p token.Pos) bool {
		if fd.Body.Pos() <= p && p < fd.Body.End() {
			return true
		}
		for d := range need {
			if d.Pos() <= p && p < d.End() {
				return true
			}
		}
		return false
	}
	byName := map[string]*ast.ImportSpec{}
	for _, im := range x.f.Imports {
		for _, n := range importNames(im) {
			byName[n] = im
		}
	}
	used := map[*ast.ImportSpec]bool{}
	for _, id := range x.f.Unresolved {
		if !inside(id.Pos()) {
			continue
		}
		switch im := byName[id.Name]; {
		case im != nil:
			used[im] = true
		case types.Universe.Lookup(id.Name) != nil:
		case x.own != "" && ast.IsExported(id.Name):
			x.qualify = append(x.qualify, x.fset.Position(id.Pos()).Offset) // the package's own
		default:
			return nil, false, false
		}
	}
	if x.own != "" && usesUnexported(fd.Body) {
		return nil, false, false
	}
	sort.Ints(x.qualify)
	if len(x.qualify) > 0 {
		imports = append(imports, x.f.Name.Name+" "+strconv.Quote(x.own))
		usesModule = true
	}
	for _, im := range x.f.Imports {
		if used[im] {
			p, _ := strconv.Unquote(im.Path.Value)
			imports = append(imports, im.Path.Value)
			usesModule = usesModule || p == mod || strings.HasPrefix(p, mod+"/")
		}
	}
	return imports, usesModule, true
}

// usesUnexported reports a body naming an unexported field or method:
// a composite literal's key or a selector (go-prompt's ExampleDocument_
// CurrentLine sets Document's cursorPosition), which only the package
// itself may name. A key the parser resolved is a variable (a map's),
// not a field.
func usesUnexported(body ast.Node) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			id, ok := n.Key.(*ast.Ident)
			found = found || ok && id.Obj == nil && !ast.IsExported(id.Name) && types.Universe.Lookup(id.Name) == nil
		case *ast.SelectorExpr:
			found = found || !ast.IsExported(n.Sel.Name)
		}
		return !found
	})
	return found
}

// importNames are the names an import may be used by: its own, else
// its path's last element, without a major version (yaml.v3, /v2) or
// a go- prefix or -go suffix.
func importNames(im *ast.ImportSpec) []string {
	if im.Name != nil {
		return []string{im.Name.Name}
	}
	p, _ := strconv.Unquote(im.Path.Value)
	if goMajorRe.MatchString(p) {
		p = path.Dir(p)
	}
	base := gopkgVersionRe.ReplaceAllString(path.Base(p), "")
	names := []string{base}
	for _, n := range []string{strings.TrimPrefix(base, "go-"), strings.TrimSuffix(base, "-go"), strings.TrimSuffix(base, ".go")} {
		if n != base {
			names = append(names, strings.ReplaceAll(n, "-", ""))
		}
	}
	return names
}

// gopkgVersionRe is gopkg.in's version suffix.
var gopkgVersionRe = regexp.MustCompile(`\.v\d+$`)
