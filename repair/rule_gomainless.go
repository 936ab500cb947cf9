package repair

import (
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// goMainless: `go build ./...` links every main package, and a directory
// whose files say `package main` but hold only tests and their helpers
// (expr's test/examples: examples_test.go, markdown.go) has no main to
// link — "runtime.main_main·f: function main is undeclared in the main
// package", after the package's "# <import path>". The repair builds
// every package with non-test files but those the log names, as the go
// command lists them. So does a directory of standalone programs, each
// file its own `func main` run as `go run examples/x.go` (gg's examples/):
// "main redeclared in this block".
type goMainless struct{}

// goMainlessRe is the link error; goPackageRe the "# <import path>" line
// the go command prints before a package's errors.
var (
	goMainlessRe = regexp.MustCompile(`function main is undeclared in the main package|: main redeclared in this block$`)
	goPackageRe  = regexp.MustCompile(`^# (\S+)$`)
)

// goBuildAllRe is the Bash File's build of every package.
var goBuildAllRe = regexp.MustCompile(`^go build((?: -\S+)*) \./\.\.\.$`)

func (goMainless) Name() string { return "go-mainless" }

func (goMainless) Diagnose(f Failure) []Diagnosis {
	var pkgs []string // every package the log names, in one diagnosis
	pkg, evidence := "", ""
	for _, l := range logLines(f.Log) {
		l = strings.TrimSpace(l)
		if m := goPackageRe.FindStringSubmatch(l); m != nil {
			pkg = m[1]
			continue
		}
		if goMainlessRe.MatchString(l) && pkg != "" && !slices.Contains(pkgs, pkg) {
			pkgs = append(pkgs, pkg)
			if evidence == "" {
				evidence = l
			}
		}
	}
	if len(pkgs) == 0 {
		return nil
	}
	return []Diagnosis{{Kind: GoMainless, Subject: strings.Join(pkgs, " "), Evidence: evidence}}
}

func (r goMainless) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != GoMainless {
		return Proposal{}, false
	}
	i, text := ctx.find(bashfile.Build, func(t string) bool { return goBuildAllRe.MatchString(strings.TrimSpace(t)) })
	if i < 0 {
		return none(d, "no `go build ./...` in the Bash File to leave "+d.Subject+" out of"), true
	}
	flags := goBuildAllRe.FindStringSubmatch(strings.TrimSpace(text))[1]
	var drop []string
	for _, p := range strings.Fields(d.Subject) {
		drop = append(drop, "-e "+p)
	}
	// only packages with non-test files: given by name, a tests-only
	// package is an error ("no non-test Go files"), not passed over
	cmd := "go build" + flags + " $(go list -f '{{if or .GoFiles .CgoFiles}}{{.ImportPath}}{{end}}' ./... | grep -vxF " + strings.Join(drop, " ") + ")"
	return edit(d, "main packages without one main (tests only, or one program a file): "+d.Subject+"; every other package is built",
		bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Match: text, Command: cmd, Why: why(r, d)}), true
}
