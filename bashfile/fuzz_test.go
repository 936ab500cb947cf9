package bashfile

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse feeds Parse a Bash File text (a plan.json's script may be
// edited by hand; run --plan reads it). A refusal wraps ErrInvalid; a file
// Parse accepts has the six sections in order and round-trips: its
// rendering parses back to the same model, which renders to the same text.
// Seeds are the golden Bash Files and the skeleton.
func FuzzParse(f *testing.F) {
	f.Add(New().Render())
	// a form feed in a word: the shell printer wrote it as a line break,
	// so one command came back as two (FuzzSplitShell found the printer's
	// habit in mined commands)
	f.Add(strings.Replace(New().Render(), "build_project() {\n  :\n", "build_project() {\n  make\ftest\n", 1))
	goldens, _ := filepath.Glob("testdata/golden/*.sh")
	for _, g := range goldens {
		b, err := os.ReadFile(g)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Fuzz(func(t *testing.T, text string) {
		bf, err := Parse(text)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("Parse error does not wrap ErrInvalid: %v", err)
			}
			return
		}
		if len(bf.Sections) != len(Sections) {
			t.Fatalf("%d sections", len(bf.Sections))
		}
		for i, s := range Sections {
			if bf.Sections[i].ID != s.ID {
				t.Fatalf("section %d is %s, want %s", i, bf.Sections[i].ID, s.ID)
			}
		}
		out := bf.Render()
		again, err := Parse(out)
		if err != nil {
			t.Fatalf("the rendering of a parsed file does not parse: %v\n%s", err, out)
		}
		a, _ := json.Marshal(bf)
		b, _ := json.Marshal(again)
		if string(a) != string(b) {
			t.Fatalf("round trip changed the model:\n%s\n%s", a, b)
		}
		if again.Render() != out {
			t.Fatalf("round trip changed the text:\n%s\n---\n%s", out, again.Render())
		}
	})
}
