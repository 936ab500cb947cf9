package pyramid

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"
)

// A README program's locals it never reads are marked used, after their
// declaration, so that Go compiles it; locals it reads, an if's or a type
// switch's own, and code that does not parse are left as they are.
func TestWithUsedLocals(t *testing.T) {
	code := "package main\n\nimport \"os\"\n\nfunc main() {\n  s3Bucket := os.Getenv(\"S3_BUCKET\")\n  secretKey := os.Getenv(\"SECRET_KEY\") // the key\n  var n int\n  used := 1\n  println(used)\n  if v := os.Getenv(\"X\"); v != \"\" {\n    w := v\n  }\n  var x interface{} = 1\n  switch y := x.(type) {\n  case int:\n    z, err := 2, error(nil)\n    _ = err\n  }\n  // now do something\n}\n"
	got := withUsedLocals(code)
	for _, want := range []string{"s3Bucket := os.Getenv(\"S3_BUCKET\")\n  _ = s3Bucket\n", "\n  _ = secretKey // the key\n", "var n int\n  _ = n\n", "w := v\n    _ = w\n", "z, err := 2, error(nil)\n    _ = z\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "_ = used") || strings.Contains(got, "_ = v\n") {
		t.Errorf("a used local marked:\n%s", got)
	}
	// what is left is the type switch's y, which Go reports on its own
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "main.go", strings.Replace(got, "switch y := x.(type)", "switch x.(type)", 1), 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("main", fset, []*ast.File{f}, nil); err != nil {
		t.Errorf("does not compile: %v\n%s", err, got)
	}
	if bad := "package main\nfunc main() { x := "; withUsedLocals(bad) != bad {
		t.Error("code that does not parse changed")
	}
}
