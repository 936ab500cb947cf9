package pyramid

import "testing"

// A CI's `go run github.com/mattn/goveralls` runs another module's tool;
// the module's own packages, local paths and an unknown module are not
// foreign.
func TestForeignGoRun(t *testing.T) {
	const mod = "github.com/huandu/go-sqlbuilder"
	for arg, want := range map[string]bool{
		"github.com/mattn/goveralls":             true,
		"golang.org/x/tools/cmd/stringer@latest": true,
		"github.com/huandu/go-sqlbuilder/cmd/x":  false,
		"github.com/huandu/go-sqlbuilder@v1":     false,
		"./cmd/x":                                false,
		"main.go":                                false,
	} {
		if got := foreignGoRun(arg, mod); got != want {
			t.Errorf("foreignGoRun(%q) = %v, want %v", arg, got, want)
		}
	}
	if foreignGoRun("github.com/mattn/goveralls", "") {
		t.Error("an unknown module names no foreign one")
	}
}
