package pyramid

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// An example often reads a file by a bare name from the directory it runs
// in, and the file sits beside its source: libconfig's examples read
// "example.cfg" (examples/c++/example.cfg), run from the checkout's top
// they stop at "I/O error while reading file". Such a program runs in its
// source's directory.

// dataNameRe is a string literal naming a data file by a bare name.
var dataNameRe = regexp.MustCompile(`"([\w.-]+\.(?:cfg|conf|ini|json|xml|ya?ml|toml|txt|csv|tsv|dat|data|properties))"`)

// besideData returns the directory of p's source when the source opens a
// file by a bare name that is in that directory, and p's run as written
// from there; "" when not so, or when p is not run by a path alone.
func besideData(e *env, p program, src string) (dir, rel string) {
	d := path.Dir(p.source)
	if p.source == "" || d == "." || !strings.HasPrefix(p.run, "./") || strings.ContainsAny(p.run, " \t") {
		return "", ""
	}
	for _, m := range dataNameRe.FindAllStringSubmatch(src, -1) {
		if fi, err := os.Stat(filepath.Join(e.ix.Root, filepath.FromSlash(d), m[1])); err == nil && fi.Mode().IsRegular() {
			return d, strings.Repeat("../", strings.Count(d, "/")+1) + strings.TrimPrefix(p.run, "./")
		}
	}
	return "", ""
}
