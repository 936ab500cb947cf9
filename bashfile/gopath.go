package bashfile

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// A Go package of GOPATH's days has no go.mod: the go command (module
// mode since Go 1.16) builds nothing without one. The Bash File makes the
// module the package's import path names — `go mod init` — and resolves
// its imports (`go mod tidy`), as `go get` once did.

var (
	// importCommentRe: `package glob // import "github.com/gobwas/glob"`.
	importCommentRe = regexp.MustCompile(`(?m)^package \w+\s*//\s*import "([^"]+)"`)
	// goImportRe is one quoted import path.
	goImportRe = regexp.MustCompile(`"((?:[\w-]+\.)+[a-z]{2,}/[\w./~-]+)"`)
	// goGetRe is a README's install line: `go get -u github.com/gobwas/glob`.
	goGetRe = regexp.MustCompile(`\bgo (?:get|install)(?: -u)? ((?:[\w-]+\.)+[a-z]{2,}/[\w./-]+?)(?:/\.\.\.|@\S+)?(?:\s|$)`)
)

// goModulePath is the import path of the repository's root package: its
// import comment, else the prefix of an import of one of its own
// directories (glob.go's "github.com/gobwas/glob/compiler", compiler/
// being the checkout's), else its README's `go get`; "" when none says.
func (r *repo) goModulePath() string {
	var srcs []string
	for _, f := range r.files {
		if f.Language == "Go" && f.Skipped == "" && !strings.Contains(f.Path, "/") {
			srcs = append(srcs, f.Path)
		}
	}
	sort.Strings(srcs)
	dirs := map[string]bool{}
	for _, f := range r.files {
		if f.Language == "Go" && strings.Contains(f.Path, "/") {
			dirs[path.Dir(f.Path)] = true
		}
	}
	own := ""
	for _, s := range srcs {
		b, err := os.ReadFile(filepath.Join(r.root, s))
		if err != nil {
			continue
		}
		if m := importCommentRe.FindSubmatch(b); m != nil {
			return string(m[1])
		}
		for _, m := range goImportRe.FindAllSubmatch(b, -1) {
			imp := string(m[1])
			for d := range dirs {
				if pre, ok := strings.CutSuffix(imp, "/"+d); ok && own == "" {
					own = pre
				}
			}
		}
	}
	if own != "" {
		return own
	}
	for _, f := range r.files {
		if strings.HasPrefix(strings.ToUpper(f.Path), "README") {
			if b, err := os.ReadFile(filepath.Join(r.root, f.Path)); err == nil {
				if m := goGetRe.FindSubmatch(b); m != nil {
					return string(m[1])
				}
			}
		}
	}
	return ""
}
