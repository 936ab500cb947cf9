package pyramid

import "testing"

// A file built only for another system or tag is no consumer's, one
// built only for a Go version as new as any current is (btree's
// btree_generic.go is `go1.18`, its btree.go `!go1.18`).
func TestHasBuildConstraint(t *testing.T) {
	for src, want := range map[string]bool{
		"//go:build go1.18\n\npackage btree\n":                     false,
		"//go:build !go1.18\n// +build !go1.18\n\npackage btree\n": true,
		"//go:build windows\n\npackage x\n":                        true,
		"//go:build linux && !appengine\n\npackage x\n":            false,
		"// +build ignore\n\npackage x\n":                          true,
		"// Copyright\n\npackage x\n":                              false,
	} {
		if got := hasBuildConstraint("x.go", src); got != want {
			t.Errorf("hasBuildConstraint(%q) = %v, want %v", src, got, want)
		}
	}
}

// A file named for another system is not built here.
func TestHasBuildConstraintFileName(t *testing.T) {
	if !hasBuildConstraint("term_windows.go", "package x\n") || hasBuildConstraint("term_linux.go", "package x\n") {
		t.Fatal("GOOS file names not told apart")
	}
}
