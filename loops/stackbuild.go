package loops

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// stackBuild is the build fallback for a Makefile whose default target
// does more than build — lints, style checks, tools it downloads (the
// Prometheus projects' Makefile.common: promu and golangci-lint from
// GitHub, jsonnetfmt) — in a project whose stack has a build tool of its
// own: the failing make becomes that tool's build. Tried once, before the
// other documented calls of make.
func (r *runner) stackBuild(at bashfile.Place) bool {
	failing := r.cur.file.Section(bashfile.Build).Commands[at.Index]
	if firstWord(failing.Text) != "make" || r.fellBack["stack-build"] {
		return false
	}
	manifest, build := stackBuildOf(r.o.Repo)
	if build == "" {
		return false
	}
	r.fellBack["stack-build"] = true
	why := bashfile.Provenance{Source: "heragent", File: manifest, Note: "the stack's own build"}
	edit := bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Index: at.Index, Command: build, Why: why}
	return r.fallBack([]bashfile.Edit{edit}, failing.Text, "stack-build",
		"`"+failing.Text+"` failed and no rule knows why; the project is a "+manifest+" project, built by `"+build+"`")
}

// stackBuildOf is the manifest at the repository's top and its stack's
// build: a Go module's programs written to the top (`go build -o . .
// ./cmd/...`, where the docs run ./NAME), or its packages compiled when
// it has no program; a Cargo package's `cargo build`. "" for none.
func stackBuildOf(repo string) (manifest, build string) {
	if _, err := os.Stat(filepath.Join(repo, "go.mod")); err == nil {
		if progs := goPrograms(repo); len(progs) > 0 {
			return "go.mod", "go build -o . " + strings.Join(progs, " ")
		}
		return "go.mod", "go build ./..."
	}
	if _, err := os.Stat(filepath.Join(repo, "Cargo.toml")); err == nil {
		return "Cargo.toml", "cargo build"
	}
	return "", ""
}

// goPrograms are the module's program packages a user installs: the
// module's top (`.`) when it is a main package, and cmd/... — not every
// main package (./... would write tools/ over the directory tools).
func goPrograms(repo string) []string {
	var out []string
	files, _ := filepath.Glob(filepath.Join(repo, "*.go"))
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, _ := os.ReadFile(f)
		if src := string(b); strings.HasPrefix(src, "package main\n") || strings.Contains(src, "\npackage main\n") {
			out = append(out, ".")
			break
		}
	}
	if fi, err := os.Stat(filepath.Join(repo, "cmd")); err == nil && fi.IsDir() {
		out = append(out, "./cmd/...")
	}
	return out
}
