package bashfile

import (
	"context"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// goForeignDir holds others' code: vendored packages, test data.
var goForeignDir = regexp.MustCompile(`(^|/)(vendor|Godeps|testdata|third_party)/`)

// A Go package of GOPATH's days has no go.mod: the go command (module
// mode since Go 1.16) builds nothing without one. The Bash File makes the
// module the package's import path names — `go mod init` — and resolves
// its imports (`go mod tidy`), as `go get` once did.

var (
	// importCommentRe: `package glob // import "github.com/gobwas/glob"`.
	importCommentRe = regexp.MustCompile(`(?m)^package \w+\s*//\s*import "([^"]+)"`)
	// goImportRe is one quoted import path.
	goImportRe = regexp.MustCompile(`"((?:[\w-]+\.)+[a-z]{2,}/[\w./~-]+)"`)
	// goGetRe is a README's install line: `go get -u github.com/gobwas/glob`,
	// in a code span too; gopkg.in's short form names one element
	// (go-ini's `go get gopkg.in/ini.v1`).
	goGetRe = regexp.MustCompile("\\bgo (?:get|install)(?: -[\\w=]+)* ((?:[\\w-]+\\.)+[a-z]{2,}/[\\w.-]+/[\\w.-]+|gopkg\\.in/[\\w-]+\\.v\\d+)(?:/[\\w./-]*)?(?:@\\S*)?(?:[\\s`\"']|$)")
)

// maxGoVoters bounds the files read for imports when the root holds no
// package.
const maxGoVoters = 60

// goModulePath is the import path of the repository's root package: its
// import comment, else the prefix of an import of one of its own
// directories (glob.go's "github.com/gobwas/glob/compiler", compiler/
// being the checkout's), else its README's `go get`; "" when none says.
func (r *repo) goModulePath() string {
	var srcs, below []string  // the root package's files, the others'
	dirs := map[string]bool{} // the checkout's own package directories
	for _, f := range r.files {
		switch {
		case f.Language != "Go":
		case !strings.Contains(f.Path, "/"):
			if f.Skipped == "" {
				srcs = append(srcs, f.Path)
			}
		case !goForeignDir.MatchString(f.Path):
			dirs[path.Dir(f.Path)] = true
			if f.Skipped == "" {
				below = append(below, f.Path)
			}
		}
	}
	sort.Strings(srcs)
	sort.Strings(below)
	voters := srcs
	if len(voters) == 0 {
		// no root package (go-charset's charset/, data/, cmd/): its
		// packages' imports of each other name the module
		voters = below[:min(len(below), maxGoVoters)]
	}
	votes := map[string]int{} // prefix → own directories it explains
	for _, s := range voters {
		b, err := os.ReadFile(filepath.Join(r.root, s))
		if err != nil {
			continue
		}
		if m := importCommentRe.FindSubmatch(b); m != nil {
			if d := path.Dir(s); d == "." {
				return string(m[1])
			} else if pre, ok := strings.CutSuffix(string(m[1]), "/"+d); ok {
				return pre // a package below the root names its own path
			}
		}
		for _, m := range goImportRe.FindAllSubmatch(b, -1) {
			imp := string(m[1])
			for d := range dirs {
				if pre, ok := strings.CutSuffix(imp, "/"+d); ok {
					votes[pre]++
				}
			}
		}
	}
	// the prefix that explains most of the checkout's own directories (a
	// third-party import ending in a name the checkout also has explains
	// one); ties to the first in order
	own, best := "", 0
	for _, pre := range slices.Sorted(maps.Keys(votes)) {
		if votes[pre] > best {
			own, best = pre, votes[pre]
		}
	}
	if own != "" {
		return own
	}
	for _, f := range r.files {
		if strings.HasPrefix(strings.ToUpper(f.Path), "README") {
			if b, err := os.ReadFile(filepath.Join(r.root, f.Path)); err == nil {
				pkg := r.rootPackage(srcs)
				if m := ownGoGet(goGetRe.FindAllSubmatch(b, -1), pkg); m != "" {
					return m
				}
				// a godoc README's import (go-shellquote's `import "github.com/kballard/go-shellquote"`),
				// else the documentation badge (go-farm's [![GoDoc](…godoc.org/github.com/dgryski/go-farm?status.svg)]):
				// the package of its own name
				for _, re := range []*regexp.Regexp{godocImportRe, godocBadgeRe} {
					if m := ownGoGet(re.FindAllSubmatch(b, -1), pkg); m != "" && pkg != "" && strings.TrimPrefix(goMajorSuffixRe.ReplaceAllString(path.Base(m), ""), "go-") == pkg {
						return m
					}
				}
			}
		}
	}
	return ""
}

// ownGoGet is the README's go get path that is the project's: the one
// ending in its package's name (gopkg.in/ini.v1 for package ini), else the
// first of a github-style path (a gopkg.in dependency named first is
// another project's: go get gopkg.in/yaml.v2 before the project's own
// line), else the first.
func ownGoGet(ms [][][]byte, pkg string) string {
	first := ""
	for _, m := range ms {
		p := string(m[1])
		last := goMajorSuffixRe.ReplaceAllString(path.Base(p), "")
		if pkg != "" && (last == pkg || strings.TrimPrefix(last, "go-") == pkg) {
			return p
		}
		if first == "" && !strings.HasPrefix(p, "gopkg.in/") {
			first = p
		}
	}
	if first == "" && len(ms) > 0 {
		first = string(ms[0][1])
	}
	return first
}

// godocImportRe is a README's import line of a package, as godoc writes it.
var godocImportRe = regexp.MustCompile(`(?m)^\s*import "((?:[\w-]+\.)+[a-z]{2,}/[\w.-]+/[\w.-]+|gopkg\.in/[\w-]+\.v\d+)"\s*$`)

// godocBadgeRe is a README's link to a package's documentation on
// godoc.org or pkg.go.dev (the GoDoc badge's).
var godocBadgeRe = regexp.MustCompile(`\b(?:godoc\.org|pkg\.go\.dev)/((?:[\w-]+\.)+[a-z]{2,}/[\w.-]+/[\w-]+|gopkg\.in/[\w-]+\.v\d+)\b`)

// goMajorSuffixRe is gopkg.in's major version suffix (.v1).
var goMajorSuffixRe = regexp.MustCompile(`\.v\d+$`)

// rootPackage is the package clause of the first of the root's files.
func (r *repo) rootPackage(srcs []string) string {
	for _, s := range srcs {
		if b, err := os.ReadFile(filepath.Join(r.root, s)); err == nil {
			if m := goPackageClauseRe.FindSubmatch(b); m != nil && string(m[1]) != "main" {
				return string(m[1])
			}
		}
	}
	return ""
}

// goPackageClauseRe is a Go file's package clause.
var goPackageClauseRe = regexp.MustCompile(`(?m)^package\s+(\w+)`)

// GoModuleOf is the module the Bash File makes for a Go package without
// go.mod (`go mod init`, gopath): the pyramid builds its examples and its
// consumer against it as against a go.mod's module — a local module name
// too (the consumer imports what the Bash File made). "" when the
// checkout has a go.mod.
func GoModuleOf(ctx context.Context, ix *retrieval.Index) string {
	r, err := scanRepo(ctx, ix)
	if err != nil || r.has("go.mod") || !r.stacks["go"] {
		return ""
	}
	m, _ := r.gopathModule()
	return m
}

// gopathModule is the module path the Bash File gives a package without
// go.mod, and why: the one its import path names (goModulePath), else a
// local name of the checkout's directory (murmur3's README names none) —
// what a consumer of the package then imports.
func (r *repo) gopathModule() (string, string) {
	if m := r.goModulePath(); m != "" {
		return m, "a package without go.mod (GOPATH's days): the module its import path names"
	}
	return "example.com/" + localModuleName(path.Base(r.root)), "a package without go.mod, no import path named: a local module name"
}

// hasDir reports whether the checkout has the top-level directory dir
// (on disk: the graph leaves vendored trees out).
func (r *repo) hasDir(dir string) bool {
	if r.root == "" {
		return false
	}
	st, err := os.Stat(filepath.Join(r.root, dir))
	return err == nil && st.IsDir()
}
