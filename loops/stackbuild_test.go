package loops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
)

// A Go module's Makefile fails on its lint step (a tool it downloads):
// the stack's own build replaces the detector's make, before the other
// documented calls of make, and writes the module's program to the top.
func TestStackBuildReplacesAFailingMakeInAGoModule(t *testing.T) {
	repo := t.TempDir()
	os.WriteFile(filepath.Join(repo, "go.mod"), []byte("module example.com/exporter\n\ngo 1.21\n"), 0o644)
	os.WriteFile(filepath.Join(repo, "main.go"), []byte("// Copyright\n\npackage main\n\nfunc main() {}\n"), 0o644)
	f := newFake()
	f.setup = func(script, section string) (int, string) {
		if section == "build_project" && !strings.Contains(script, "go build -o . .") {
			return failAt(script, "make", "make: /root/go/bin/golangci-lint: No such file or directory\n")
		}
		return 0, ""
	}
	file := bashfile.New()
	file.AddPackages(bashfile.Base, testWhy, "build-essential", "golang-go")
	file.Append(bashfile.Build, "make", bashfile.Provenance{Source: "make", File: "Makefile", Note: "the default target"})
	p := pyr(0, ciCommand("make -C docs/node-mixin", pyramid.Build, "ci"))
	rep, out := runFake(t, f, RunOptions{Repo: repo, File: file, Pyramid: p, Repairer: scripted(nil), Target: pyramid.Installable})
	if rep.Level != pyramid.Installable {
		t.Fatalf("level %s: %s", rep.Level, rep.WhyNotHigher)
	}
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	if !strings.Contains(string(setup), "go build -o . .") || strings.Contains(string(setup), "node-mixin") {
		t.Fatalf("setup.sh does not build with go:\n%s", setup)
	}
	if rule := rep.Repairs[len(rep.Repairs)-1].Rule; rule != "stack-build" {
		t.Fatalf("last repair by %s", rule)
	}
}

// A module without a program compiles its packages; no manifest, no
// stack build.
func TestStackBuildOf(t *testing.T) {
	lib := t.TempDir()
	os.WriteFile(filepath.Join(lib, "go.mod"), []byte("module example.com/lib\n"), 0o644)
	os.WriteFile(filepath.Join(lib, "lib.go"), []byte("package lib\n"), 0o644)
	if _, b := stackBuildOf(lib); b != "go build ./..." {
		t.Errorf("library: %q", b)
	}
	os.Mkdir(filepath.Join(lib, "cmd"), 0o755)
	if _, b := stackBuildOf(lib); b != "go build -o . ./cmd/..." {
		t.Errorf("with cmd/: %q", b)
	}
	if m, b := stackBuildOf(t.TempDir()); m != "" || b != "" {
		t.Errorf("no manifest: %q %q", m, b)
	}
}
