package pyramid

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
)

// A Go testing library (testify, gomega, httpmock, go-sqlmock) documents
// its use as a test file, not a program: testify's README shows `package
// yours`, an import of its assert package and `func TestSomething(t
// *testing.T) { assert.True(t, true, "True is true!") }`. Such a file,
// whole, is the library's real use: written into the scratch module as
// example_test.go and run with `go test`, as a user would. A file naming
// what neither it, an import nor the language declares (the README's
// `assert.Nil(t, object)`: the reader's own) is no whole one.

// goTestFuncRe is a test function's name.
var goTestFuncRe = regexp.MustCompile(`^Test([A-Z_0-9]|$)`)

// noPackageTestRe starts a test file at its imports.
var noPackageTestRe = regexp.MustCompile(`^(?:\s*//[^\n]*\n)*\s*import\b[\s\S]*\bfunc Test\w*\(\w+ \*testing\.T\)`)

// goTestFileImporting is code as a whole Go test file importing mod or
// one of its packages (a package clause added when it starts at its
// imports), or false.
func goTestFileImporting(code, mod string) (string, bool) {
	if noPackageTestRe.MatchString(code) && !packageClauseRe.MatchString(code) {
		code = "package example\n\n" + code // testify's suite example starts at its imports
	}
	f, err := parser.ParseFile(token.NewFileSet(), "example_test.go", code, 0)
	if err != nil || f.Name.Name == "main" {
		return "", false
	}
	test := func(fd *ast.FuncDecl) bool {
		return goTestFuncRe.MatchString(fd.Name.Name) && fd.Type.Params.NumFields() == 1
	}
	return code, declaresFunc(f, test) && wholeImporting(f, mod)
}
