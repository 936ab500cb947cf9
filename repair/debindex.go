package repair

import (
	"strings"
	"sync"

	"github.com/heragent/heragent/bashfile/debindex"
)

// DebianIndex adapts the Debian package index (built from the archive's
// Contents files) to PackageIndex.
func DebianIndex(ix *debindex.Index) PackageIndex {
	return debianIndex{ix, &headerDirMemo{}}
}

type debianIndex struct {
	ix   *debindex.Index
	dirs *headerDirMemo
}

// headerDirMemo keeps the last header's include directories by package:
// HeaderDir is asked once per candidate of one header, and each Header
// lookup of a name only found under other directories scans the index.
type headerDirMemo struct {
	mu    sync.Mutex
	path  string
	byPkg map[string]string
}

func names(cs []debindex.Candidate) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.Package)
	}
	return out
}

func (d debianIndex) Header(p string) []string       { return names(d.ix.Header(p)) }
func (d debianIndex) PkgConfig(m string) []string    { return names(d.ix.PkgConfig(m)) }
func (d debianIndex) Library(n string) []string      { return names(d.ix.Library(n)) }
func (d debianIndex) Executable(n string) []string   { return names(d.ix.Executable(n)) }
func (d debianIndex) CMakePackage(n string) []string { return names(d.ix.CMakePackage(n)) }
func (d debianIndex) PythonModule(n string) []string { return names(d.ix.PythonModule(n)) }
func (d debianIndex) PerlModule(n string) []string   { return names(d.ix.PerlModule(n)) }

// HeaderDir is the include directory under /usr/include where pkg ships
// the header path, when it is a subdirectory the compiler does not search
// (doctest-dev's doctest/doctest.h for "doctest.h"); "" otherwise.
func (d debianIndex) HeaderDir(path, pkg string) string {
	d.dirs.mu.Lock()
	defer d.dirs.mu.Unlock()
	if d.dirs.byPkg == nil || d.dirs.path != path {
		d.dirs.path, d.dirs.byPkg = path, map[string]string{}
		for _, c := range d.ix.Header(path) {
			if _, seen := d.dirs.byPkg[c.Package]; !seen && c.Via == debindex.ViaSuffix && strings.HasSuffix(c.Key, "/"+path) {
				d.dirs.byPkg[c.Package] = "/usr/include/" + strings.TrimSuffix(c.Key, "/"+path)
			}
		}
	}
	return d.dirs.byPkg[pkg]
}
