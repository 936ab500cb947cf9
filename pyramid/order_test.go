package pyramid

import (
	"fmt"
	"slices"
	"testing"
)

// The cap keeps a stack's whole suite (the convention's or mined) when the commands
// of that stack that filled it only run parts (yq: make targets that lint
// first, documented `go test -run X`), and not otherwise.
func TestOrderKeepsTheConventionalSuitePastTheCap(t *testing.T) {
	mined := func(text, dir string) Command {
		return Command{Text: text, Dir: dir, Bucket: Unit, Why: []Provenance{{Source: "docs"}}}
	}
	conv := Command{Text: "go test -v ./...", Bucket: Unit, Why: []Provenance{{Source: "convention"}}}
	parts := []Command{mined("make test", ""), mined("make check", ""), mined("go test -v -run TestA", "pkg/x"),
		mined("make local test", ""), mined("go test -v -run TestB", "pkg/x"), mined("make local check", "")}
	got := order(append(append([]Command(nil), parts...), conv))
	if len(got) != MaxPerLevel+1 || got[len(got)-1].Text != conv.Text {
		t.Errorf("the whole Go suite was cut: %v", texts(got))
	}
	other := append(append([]Command(nil), parts...), Command{Text: "gradle test", Bucket: Unit, Why: []Provenance{{Source: "convention"}}})
	if got := order(other); len(got) != MaxPerLevel {
		t.Errorf("a stack without a test command kept got its convention past the cap: %v", texts(got))
	}
	// the whole suite the CI runs too, beside its six parts (croc)
	ci := Command{Text: "go test -v ./...", Bucket: Unit, Why: []Provenance{{Source: "ci"}, {Source: "convention"}}}
	var ciParts []Command
	for i, p := range parts {
		p.Text, p.Dir, p.Why = fmt.Sprintf("go test -v ./src/p%d", i), "", []Provenance{{Source: "ci"}}
		ciParts = append(ciParts, p)
	}
	if got := order(append(ciParts, ci)); !slices.Contains(texts(got), ci.Text) {
		t.Errorf("the whole Go suite, mined, was cut: %v", texts(got))
	}
	whole := append(append([]Command(nil), parts[:5]...), mined("go test ./...", ""), conv)
	got = order(whole)
	if len(got) != MaxPerLevel {
		t.Errorf("a mined whole suite of the stack was kept, the convention should be cut: %v", texts(got))
	}
}
