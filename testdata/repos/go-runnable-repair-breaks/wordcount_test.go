package wordcount

import (
	"strings"
	"testing"
)

func TestCountIgnoresCaseAndPunctuation(t *testing.T) {
	got := Count(strings.NewReader("The cat. the CAT, a dog!"))
	if got["the"] != 2 || got["cat"] != 2 || got["dog"] != 1 {
		t.Fatalf("Count = %v", got)
	}
}

func TestCountEmpty(t *testing.T) {
	if got := Count(strings.NewReader("  \n")); len(got) != 0 {
		t.Fatalf("Count of blank text = %v", got)
	}
}

func TestTopBreaksTiesAlphabetically(t *testing.T) {
	if w, n := Top(Count(strings.NewReader("b a b a c"))); w != "a" || n != 2 {
		t.Fatalf("Top = %q, %d", w, n)
	}
}
