package pyramid

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"path"
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
	mod := goModule(ctx, e.ix)
	if mod == "" {
		return nil
	}
	fs, err := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: "**/*_test.go"})
	if err != nil {
		return nil
	}
	sort.SliceStable(fs, func(i, j int) bool { return strings.Count(fs[i].Path, "/") < strings.Count(fs[j].Path, "/") })
	out := goExampleFuncs(ctx, e, mod, fs, n)
	if len(out) == 0 {
		if prog := goConsumer(ctx, e, mod); prog != "" {
			if text, ok := goExample(ctx, e, "go", prog, n); ok {
				out = append(out, Command{Text: text, Bucket: Entry, Synth: true,
					Reason: "a consumer of the library: calls the root package's functions with made-up basic values and prints what they return",
					Why:    []Provenance{{Source: "synthesized", Note: "consumer of " + mod}}})
			}
		}
	}
	return out
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
		for _, prog := range exampleMains(src, mod) {
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
// its import path) into main programs.
func exampleMains(src, mod string) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x_test.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil || !strings.HasSuffix(f.Name.Name, "_test") {
		return nil
	}
	var out []string
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || !strings.HasPrefix(fd.Name.Name, "Example") || fd.Type.Params.NumFields() > 0 || fd.Body == nil {
			continue
		}
		body := src[fset.Position(fd.Body.Lbrace).Offset+1 : fset.Position(fd.Body.Rbrace).Offset]
		if !strings.Contains(body, "Output:") {
			continue // no output to show: it may wait, or need a setup
		}
		var imports []string
		usesModule := false
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			name := path.Base(p)
			if goMajorRe.MatchString("/" + name) {
				name = path.Base(path.Dir(p))
			}
			if im.Name != nil {
				name = im.Name.Name
			}
			if strings.Contains(body, name+".") {
				imports = append(imports, im.Path.Value)
				usesModule = usesModule || p == mod || strings.HasPrefix(p, mod+"/")
			}
		}
		if usesModule {
			out = append(out, "package main\n\nimport (\n\t"+strings.Join(imports, "\n\t")+"\n)\n\nfunc main() {"+body+"}\n")
		}
	}
	return out
}
