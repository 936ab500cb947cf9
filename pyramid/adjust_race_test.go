package pyramid

import (
	"slices"
	"testing"
)

// A CI go test with the race detector (which needs cgo and a C compiler)
// does not stand in for the plain convention spelling; a plain CI go test
// does.
func TestRaceTestKeepsThePlainGoTest(t *testing.T) {
	ci := func(text string) Command {
		return Command{Text: text, Bucket: Unit, Why: []Provenance{{Source: "ci", File: ".github/workflows/go.yml"}}}
	}
	conv := Command{Text: "go test -v ./...", Bucket: Unit, Why: []Provenance{{Source: "convention", File: "go.mod"}}}
	texts := func(cs []Command) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Text)
		}
		return out
	}
	if got := texts(adjust([]Command{ci("go test -v -race ./..."), conv})); !slices.Equal(got, []string{"go test -v -race ./...", "go test -v ./..."}) {
		t.Errorf("race only in CI: %q", got)
	}
	if got := texts(adjust([]Command{ci("go test -count=1 ./..."), conv})); !slices.Equal(got, []string{"go test -count=1 ./..."}) {
		t.Errorf("plain CI go test: %q", got)
	}
}

// A mined go test of a part of the suite (one test, one package) does not
// stand in for the whole-suite convention spelling either.
func TestPartOfTheSuiteKeepsTheWholeGoTest(t *testing.T) {
	docs := func(text string) Command {
		return Command{Text: text, Bucket: Unit, Why: []Provenance{{Source: "docs", File: "CONTRIBUTING.md"}}}
	}
	conv := Command{Text: "go test -v ./...", Bucket: Unit, Why: []Provenance{{Source: "convention", File: "go.mod"}}}
	for _, part := range []string{"go test -v -run TestAddOperatorScenarios", "go test -v ."} {
		got := adjust([]Command{docs(part), conv})
		if len(got) != 2 || got[1].Text != "go test -v ./..." {
			t.Errorf("%s: %+v", part, got)
		}
	}
}
