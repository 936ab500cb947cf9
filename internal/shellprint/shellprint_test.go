package shellprint

import (
	"bytes"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

func TestFaithful(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"make test", true},
		{"echo 'a\tb' \"c\td\"", true},
		{"make\ftest", false},
		{"a\vb c", false},
		{"echo 'a\fb'", false},
		{"echo \"a\fb\"", false},
		{"cat <<EOF\na\fb\nEOF", false},
		{"echo x # a\fb", false},
		{"echo `date`", true},
		{"echo a$`date`", false},
		{"echo \"a$`date`\"", false},
	} {
		f, err := syntax.NewParser(syntax.KeepComments(true)).Parse(strings.NewReader(c.src), "")
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		if got := Faithful(f); got != c.want {
			t.Errorf("Faithful(%q) = %v, want %v", c.src, got, c.want)
		}
		// what Faithful accepts prints as one statement that prints the same again
		printed := printNode(t, f)
		g, err := syntax.NewParser(syntax.KeepComments(true)).Parse(strings.NewReader(printed), "")
		if c.want && (err != nil || len(g.Stmts) != 1 || printNode(t, g) != printed) {
			t.Errorf("%q printed as %q: %v", c.src, printed, err)
		}
	}
}

func printNode(t *testing.T, n syntax.Node) string {
	var b bytes.Buffer
	if err := syntax.NewPrinter().Print(&b, n); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestOneLine(t *testing.T) {
	for _, c := range []struct {
		src, want string
		ok        bool
	}{
		{"make test", "make test", true},
		{"for x in 1; do if a; then b; fi\nc\ndone", "for x in 1; do if a; then b; fi; c; done", true},
		{"for 0 in 0; do if 00 & then (000) 0>0 & fi\n0 & done", "", false},
		{"make\ftest", "", false},
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader(c.src), "")
		if err != nil {
			t.Fatal(err)
		}
		got, ok := OneLine(f.Stmts[0])
		if got != c.want || ok != c.ok {
			t.Errorf("OneLine(%q) = %q, %v; want %q, %v", c.src, got, ok, c.want, c.ok)
		}
	}
}
