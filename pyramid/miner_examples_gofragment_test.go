package pyramid

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A README's statements using the module (go-version's) become a main
// program: the imports of what they name and a use of each variable they
// declare; a block naming the reader's own, a package neither the
// module's nor the standard library's, or not the module, stays out.
func TestGoFragment(t *testing.T) {
	const mod = "github.com/hashicorp/go-version"
	pkg := map[string]string{"version": ""}
	prog, ok := goFragment("v1, err := version.NewVersion(\"1.2\")\nv2, err := version.NewVersion(\"1.5+metadata\")\n\n// Comparison example.\nif v1.LessThan(v2) {\n    fmt.Printf(\"%s is less than %s\", v1, v2)\n}\n", mod, pkg, nil)
	want := "package main\n\nimport (\n\tfmt \"fmt\"\n\tversion \"github.com/hashicorp/go-version\"\n)\n\nfunc main() {\nv1, err := version.NewVersion(\"1.2\")\n"
	if !ok || !strings.HasPrefix(prog, want) || !strings.HasSuffix(prog, "}\n\t_ = v1\n\t_ = err\n\t_ = v2\n}\n") {
		t.Fatalf("program %v:\n%s", ok, prog)
	}
	for _, code := range []string{
		"v, _ := version.NewVersion(raw)\n",                  // raw is the reader's
		"c := cache.New()\nfmt.Println(c)\n",                 // another package
		"fmt.Println(\"hello\")\n",                           // not the module
		"v := version.NewVersion(...)\n",                     // no Go
		"package version\n\nfunc New() {}\n",                 // a whole file
		"import \"fmt\"\n\nfunc main() { fmt.Println(1) }\n", // a whole program
	} {
		if prog, ok := goFragment(code, mod, pkg, nil); ok {
			t.Errorf("goFragment(%q) made\n%s", code, prog)
		}
	}
}

// A package below the module's top (go-querystring's query/) is imported
// by its path.
func TestGoFragmentSubpackage(t *testing.T) {
	prog, ok := goFragment("type Options struct {\n  Query string `url:\"q\"`\n}\n\nopt := Options{\"foo\"}\nv, _ := query.Values(opt)\nfmt.Print(v.Encode())\n",
		"github.com/google/go-querystring", map[string]string{"query": "query"}, nil)
	if !ok || !strings.Contains(prog, "\tquery \"github.com/google/go-querystring/query\"\n") {
		t.Fatalf("program %v:\n%s", ok, prog)
	}
}

// What a block uses and does not declare comes from the document's
// blocks before it that declare it (fatih/structs' README declares
// `server` in one block and converts it in the next); a block declaring
// nothing it needs is left out.
func TestGoFragmentEarlierBlocks(t *testing.T) {
	earlier := []string{
		"type Server struct {\n\tName string\n}\n\nserver := &Server{Name: \"gopher\"}\n",
		"s := structs.New(other)\n",
		"n := structs.Names(server)\nfmt.Println(n)\n",
	}
	prog, ok := goFragment("m := structs.Map(server)\nfmt.Println(m)\n", "github.com/fatih/structs", map[string]string{"structs": ""}, earlier)
	if !ok || !strings.Contains(prog, "func main() {\ntype Server struct {") || strings.Contains(prog, "other") || strings.Contains(prog, "Names") ||
		!strings.HasSuffix(prog, "fmt.Println(m)\n\t_ = server\n\t_ = m\n}\n") {
		t.Fatalf("program %v:\n%s", ok, prog)
	}
	if prog, ok := goFragment("m := structs.Map(client)\n", "github.com/fatih/structs", map[string]string{"structs": ""}, earlier); ok {
		t.Fatalf("a name no block declares: %s", prog)
	}
}

// An expression shown with its value is printed (go-runewidth's
// `runewidth.StringWidth("つのだ☆HIRO") == 12`); a block returning a
// value was cut from a function and is no program (go-multierror's
// `return result`).
func TestGoFragmentShownValuesAndReturns(t *testing.T) {
	pkgs := map[string]string{"runewidth": ""}
	prog, ok := goFragment("runewidth.StringWidth(\"つのだ☆HIRO\") == 12\nrunewidth.FillLeft(\"x\", 4)\n", "github.com/mattn/go-runewidth", pkgs, nil)
	if !ok || !strings.Contains(prog, "\tfmt \"fmt\"\n") || !strings.Contains(prog, "fmt.Println(runewidth.StringWidth(\"つのだ☆HIRO\") == 12)\nrunewidth.FillLeft(\"x\", 4)\n") {
		t.Fatalf("program %v:\n%s", ok, prog)
	}
	if prog, ok := goFragment("var result error\nresult = multierror.Append(result, errors.New(\"x\"))\nreturn result\n", "github.com/hashicorp/go-multierror", map[string]string{"multierror": ""}, nil); ok {
		t.Fatalf("a block returning a value: %s", prog)
	}
}

// Two blocks run as one declare a name twice, maybe with another type
// (fatih/structs' `n := structs.Names(…)`, a []string, then `n :=
// structs.Name(…)`, a string): the second declares it in a block of its
// own, after a use of the first; one that declares something new stays.
func TestGoFragmentRedeclaration(t *testing.T) {
	earlier := []string{"type Server struct {\n\tName string\n}\n\nserver := &Server{Name: \"gopher\"}\nn := structs.Names(server)\n"}
	prog, ok := goFragment("n := structs.Name(server)\nm, n := structs.Map(server), \"x\"\nfmt.Println(n, m)\n", "github.com/fatih/structs", map[string]string{"structs": ""}, earlier)
	if !ok || !strings.Contains(prog, "n := structs.Names(server)\n\n_ = n\n{\nn := structs.Name(server)\nm, n := structs.Map(server), \"x\"\n") || !strings.HasSuffix(prog, "\t_ = m\n}\n}\n") {
		t.Fatalf("program %v:\n%s", ok, prog)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(strings.ReplaceAll(strings.Replace(prog, "\tstructs \"github.com/fatih/structs\"\n", "", 1), "structs.", "fake")+"\nfunc fakeNames(any) []string { return nil }\nfunc fakeName(any) string { return \"\" }\nfunc fakeMap(any) map[string]any { return nil }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Join(dir, "main.go"), nil, 0)
	if err != nil {
		t.Fatalf("not Go: %v", err)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("main", fset, []*ast.File{f}, nil); err != nil {
		t.Fatalf("does not type-check: %v\n%s", err, prog)
	}
}

// go-resiliency documents its packages in READMEs of their own
// (deadline/README.md); a README elsewhere is no package's.
func TestPackageReadme(t *testing.T) {
	pkgs := map[string]string{"deadline": "deadline", "breaker": "breaker", "resiliency": ""}
	for p, want := range map[string]bool{"deadline/README.md": true, "breaker/Readme.markdown": true, "README.md": false, "docs/README.md": false, "deadline/NOTES.md": false} {
		if got := packageReadme(p, pkgs); got != want {
			t.Errorf("packageReadme(%q) = %v, want %v", p, got, want)
		}
	}
}

// A main that loops forever (go-resiliency's breaker sketch: `for {
// result := b.Run(…); switch result {…} }`) is no example to run; one
// that breaks, returns or exits out of its loop is.
func TestEndless(t *testing.T) {
	loop := "package main\n\nfunc main() {\n\tfor {\n\t\tr := run(func() error {\n\t\t\treturn nil\n\t\t})\n\t\t_ = r\n\t}\n}\n"
	if !endless(loop) {
		t.Error("a loop nothing leaves (the closure's return ends the closure)")
	}
	for _, leave := range []string{"break", "return", "os.Exit(0)", "log.Fatal(err)", "panic(err)"} {
		prog := "package main\n\nfunc main() {\n\tfor {\n\t\tif done() {\n\t\t\t" + leave + "\n\t\t}\n\t}\n}\n"
		if endless(prog) {
			t.Errorf("%s leaves the loop", leave)
		}
	}
	if endless("package main\n\nfunc main() {\n\tfor i := 0; i < 3; i++ {\n\t}\n}\n") {
		t.Error("a counted loop ends")
	}
}
