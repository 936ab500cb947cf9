package pyramid

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A Go library builds no program of its own; its real use is a program
// that imports it. Its documentation often holds one whole: `package
// main` … `func main()` importing the module (cobra's user guide,
// Masterminds/vcs). goExample builds such a program in a scratch module
// outside the checkout whose go.mod replaces the library's module by the
// checkout, and runs it — what a user does to try the library. The
// checkout's go.sum comes along: the library's dependencies are then
// verified by it (the module cache has them from the setup) instead of by
// the checksum database over the network.

// goWaitsRe is a Go program that reads its input or waits for a signal:
// it would not end by itself. One that serves (goServesRe) is mined all
// the same: serverize starts it in the background and proves it by an
// answer on 127.0.0.1 (httprouter's README server on :8080).
var (
	goWaitsRe  = regexp.MustCompile(`os\.Stdin|signal\.Notify`)
	goServesRe = regexp.MustCompile(`ListenAndServe|\.Serve\(`)
)

// goEmbedRe is a program embedding files beside it (afero's README:
// //go:embed assets/*), which its scratch module does not have.
var goEmbedRe = regexp.MustCompile(`(?m)^\s*//go:embed\s`)

// goMajorRe is a module path's major version suffix (/v2 …).
var goMajorRe = regexp.MustCompile(`/v([2-9]|[1-9][0-9]+)$`)

// gopkgMajorRe is a gopkg.in module's major version: gopkg.in/yaml.v3.
var gopkgMajorRe = regexp.MustCompile(`^gopkg\.in/.*\.v([1-9][0-9]*)$`)

// goExample is the command that builds and runs a documentation code
// block in language lang against the checkout's module, or false when the
// block is not a whole Go program that imports the module.
func goExample(ctx context.Context, e *env, lang, code string, n int) (string, bool) {
	if l := strings.ToLower(lang); l != "go" && l != "golang" {
		return "", false
	}
	mod := e.goMod // read once (newEnv): without go.mod it scans the checkout
	if noPackageRe.MatchString(code) && !packageClauseRe.MatchString(code) {
		code = "package main\n\n" + code // go-cache's README starts at its imports
	}
	if mod == "" || goWaitsRe.MatchString(code) && !goServesRe.MatchString(code) || goEmbedRe.MatchString(code) {
		return "", false
	}
	file, run := "main.go", "timeout 60 go run ."
	if !goMainImporting(code, mod) {
		tc, ok := goTestFileImporting(code, mod) // a testing library's use: a test file (miner_examples_gotestfile.go)
		if !ok {
			return "", false
		}
		code, file, run = tc, "example_test.go", "timeout 120 go test -v -count=1 ."
	}
	code = localPlaceholders(withUsedLocals(withoutUnusedImports(withOwnImports(code, mod, e.goPkgs), mod)), fmt.Sprintf("/tmp/heragent-example-%d", n))
	version := "v0.0.0"
	if m := goMajorRe.FindStringSubmatch(mod); m != nil {
		version = "v" + m[1] + ".0.0"
	} else if m := gopkgMajorRe.FindStringSubmatch(mod); m != nil {
		version = "v" + m[1] + ".0.0" // gopkg.in/yaml.v3 requires v3.x
	}
	if !strings.HasSuffix(code, "\n") {
		code += "\n"
	}
	d := fmt.Sprintf("/tmp/heragent-example-%d", n)
	return goForeverExample(fmt.Sprintf(`(d=%s r=$PWD; rm -rf "$d" && mkdir -p "$d" && printf '%%s' %s > "$d/%s" && cd "$d" && `+
		`go mod init heragent.invalid/example && go mod edit -require=%s@%s -replace=%s="$r" && { [ ! -f "$r/go.sum" ] || cp "$r/go.sum" .; } && go mod tidy && %s)`,
		d, quoteArg(code), file, mod, version, mod, run), code), true
}

// noPackageRe starts a program at its imports; packageClauseRe is its
// package clause.
var (
	noPackageRe     = regexp.MustCompile(`^(?:\s*//[^\n]*\n)*\s*import\b[\s\S]*\bfunc main\(\)`)
	packageClauseRe = regexp.MustCompile(`(?m)^package\s+\w+`)
)

// goMainImporting reports whether code parses as a Go main package with a
// main function that imports mod or one of its packages: fragments
// (`...`, a bare declaration), programs of other modules and programs
// naming what neither they, an import nor the language declare (go-cache's
// `MyFunction(foo)`, the reader's own) do not.
func goMainImporting(code, mod string) bool {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", code, 0)
	if err != nil || f.Name.Name != "main" {
		return false
	}
	return declaresFunc(f, func(fd *ast.FuncDecl) bool { return fd.Name.Name == "main" }) && wholeImporting(f, mod)
}

// declaresFunc reports whether f declares a function (no method) that
// is.
func declaresFunc(f *ast.File, is func(*ast.FuncDecl) bool) bool {
	return slices.ContainsFunc(f.Decls, func(d ast.Decl) bool {
		fd, ok := d.(*ast.FuncDecl)
		return ok && fd.Recv == nil && is(fd)
	})
}

// wholeImporting reports whether f names nothing that neither it, an
// import nor the language declares, and imports mod or one of its
// packages.
func wholeImporting(f *ast.File, mod string) bool {
	// a qualifier (lru of lru.New) is an import's package name, which
	// its path need not say (github.com/hashicorp/golang-lru/v2)
	qualifier := qualifiers(f)
	for _, id := range f.Unresolved {
		if !qualifier[id] && types.Universe.Lookup(id.Name) == nil {
			return false
		}
	}
	for _, im := range f.Imports {
		if p, err := strconv.Unquote(im.Path.Value); err == nil && (p == mod || strings.HasPrefix(p, mod+"/")) {
			return true
		}
	}
	return false
}

// qualifiers are the identifiers f selects from (lru of lru.New, v1
// of v1.LessThan).
func qualifiers(f *ast.File) map[*ast.Ident]bool {
	q := map[*ast.Ident]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if se, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := se.X.(*ast.Ident); ok {
				q[id] = true
			}
		}
		return true
	})
	return q
}

// goInputs writes what a Go example reads into its scratch module, where
// it runs: hcl's README decodes "config.hcl", which the document shows in
// an hcl block further down (shownData, else shownInDoc, else a file of
// that name in the checkout or a sample of its kind: exampleInputs).
func goInputs(ctx context.Context, e *env, secs []retrieval.DocSection, s retrieval.DocSection, cb retrieval.CodeBlock, text string) string {
	pre := inputsFrom(ctx, e, localPlaceholders(cb.Code, ""), docShown(secs, s, cb), `"$r"`)
	if pre == "" {
		return text
	}
	return strings.Replace(text, `cd "$d" && `, `cd "$d" && `+pre, 1)
}
