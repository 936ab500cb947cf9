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
