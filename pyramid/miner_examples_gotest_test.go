package pyramid

import (
	"strings"
	"testing"
)

// An example function leaning on its file's helpers brings them (and a
// helper type's methods) into the program; one naming what the file
// does not declare (a test's t) is left out.
func TestExampleMainsBringTheirFilesHelpers(t *testing.T) {
	src := `package cmp_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func ExampleReporter() {
	x, y := MakeGatewayInfo()
	var r DiffReporter
	cmp.Equal(x, y, cmp.Reporter(&r))
	fmt.Print(r.String())
	// Output:
	// diff
}

func ExampleDiff_testData() {
	got, want := MakeGatewayInfo()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch:\n%s", diff)
	}
	// Output:
	// mismatch
}

func ExampleOther() {
	fmt.Println(helperInOtherFile())
	// Output:
	// x
}

type Gateway struct{ SSID string }

type DiffReporter struct{ lines []string }

func (r *DiffReporter) Report(rs cmp.Result) { r.lines = append(r.lines, "x") }
func (r *DiffReporter) String() string      { return strings.Join(r.lines, "\n") }

func MakeGatewayInfo() (x, y Gateway) { return Gateway{SSID: "a"}, Gateway{SSID: "b"} }

func TestUnrelated(t *testing.T) {}
`
	progs := exampleMains(src, "github.com/google/go-cmp", "github.com/google/go-cmp")
	if len(progs) != 1 {
		t.Fatalf("want 1 program (the one using t and the one using another file's helper left out), got %d:\n%s", len(progs), strings.Join(progs, "\n----\n"))
	}
	p := progs[0]
	for _, want := range []string{"package main", `"fmt"`, `"strings"`, `"github.com/google/go-cmp/cmp"`, "type Gateway struct", "type DiffReporter struct",
		"func (r *DiffReporter) Report", "func (r *DiffReporter) String", "func MakeGatewayInfo()", "func main() {"} {
		if !strings.Contains(p, want) {
			t.Errorf("program lacks %q:\n%s", want, p)
		}
	}
	for _, bad := range []string{`"testing"`, "TestUnrelated", "ExampleReporter"} {
		if strings.Contains(p, bad) {
			t.Errorf("program has %q:\n%s", bad, p)
		}
	}
}

// An import is used by its package's name, which may differ from its
// path's last element.
func TestImportNames(t *testing.T) {
	src := `package x_test

import (
	"fmt"

	"gopkg.in/yaml.v3"
	"github.com/mattn/go-sqlite3"
	"example.com/mod/v2"
)

func ExampleA() {
	fmt.Println(yaml.Marshal, sqlite3.Version, mod.Do)
	// Output:
	// x
}
`
	progs := exampleMains(src, "example.com/mod/v2", "example.com/mod/v2")
	if len(progs) != 1 || !strings.Contains(progs[0], `"gopkg.in/yaml.v3"`) || !strings.Contains(progs[0], `"github.com/mattn/go-sqlite3"`) {
		t.Fatalf("got %q", progs)
	}
}

// An example of the package's own test file names the package's exported
// identifiers bare (copystructure's ExampleCopy: `Copy(input)`): the
// program imports the package and qualifies them; an example using an
// unexported one is left out, and a main package's examples are no API.
func TestInternalExampleFuncQualified(t *testing.T) {
	src := "package copystructure\n\nimport (\n\t\"fmt\"\n)\n\nfunc ExampleCopy() {\n\tinput := map[string]interface{}{\"bob\": []string{\"a\"}}\n\n\tdup, err := Copy(input)\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\tfmt.Printf(\"%#v\", Must(dup, nil))\n\t// Output:\n\t// x\n}\n\n" +
		"func ExampleInner() {\n\tfmt.Println(copier(1))\n\t// Output:\n\t// 1\n}\n"
	progs := exampleMains(src, "github.com/mitchellh/copystructure", "github.com/mitchellh/copystructure")
	if len(progs) != 1 || !strings.Contains(progs[0], "copystructure \"github.com/mitchellh/copystructure\"") ||
		!strings.Contains(progs[0], "dup, err := copystructure.Copy(input)") || !strings.Contains(progs[0], "copystructure.Must(dup, nil)") {
		t.Fatalf("programs %q", progs)
	}
	if progs := exampleMains(strings.Replace(src, "package copystructure", "package main", 1), "example.com/m", "example.com/m"); len(progs) != 0 {
		t.Fatalf("a main package's examples: %q", progs)
	}
	// a local named as the package, a dot import: left out
	local := "package cache\n\nimport \"fmt\"\n\nfunc ExampleNew() {\n\tcache := New(DefaultExpiration)\n\tfmt.Println(cache)\n\t// Output:\n\t// x\n}\n"
	if progs := exampleMains(local, "example.com/cache", "example.com/cache"); len(progs) != 0 {
		t.Fatalf("a local named as the package: %q", progs)
	}
	// an unexported field, as a literal's key or a selector (go-prompt's
	// Document.cursorPosition): left out; a map keyed by a local is kept
	field := "package prompt\n\nimport \"fmt\"\n\nfunc ExampleDocument_CurrentLine() {\n\td := &Document{Text: \"ab\", cursorPosition: 1}\n\tfmt.Println(d.CurrentLine())\n\t// Output:\n\t// ab\n}\n\n" +
		"func ExampleDocument_Row() {\n\td := Document{Text: \"ab\"}\n\tfmt.Println(d.row)\n\t// Output:\n\t// 0\n}\n\n" +
		"func ExampleFilter() {\n\tk := \"a\"\n\tfmt.Println(Filter(map[string]int{k: 1}))\n\t// Output:\n\t// 1\n}\n"
	if progs := exampleMains(field, "example.com/prompt", "example.com/prompt"); len(progs) != 1 || !strings.Contains(progs[0], "prompt.Filter(map[string]int{k: 1})") {
		t.Fatalf("unexported fields: %q", progs)
	}
	dot := "package cache\n\nimport (\n\t\"fmt\"\n\t. \"gopkg.in/check.v1\"\n)\n\nfunc ExampleNew() {\n\tfmt.Println(New(), Equals)\n\t// Output:\n\t// x\n}\n"
	if progs := exampleMains(dot, "example.com/cache", "example.com/cache"); len(progs) != 0 {
		t.Fatalf("a dot import: %q", progs)
	}
}
