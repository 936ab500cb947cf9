// Package debindex answers "which Debian package provides this file?" for
// the kinds of names a build asks for: a header, a pkg-config module, a
// library to link, an executable, a CMake package, a Python module or a
// PyPI distribution, a Node module.
//
// The index is built from Debian's own metadata — the archive's
// dists/<suite>/main/Contents-<arch>.gz and Contents-all.gz — keeping only
// the paths that answer those questions, and is cached on disk. A small
// override list (overrides.go) covers only what Contents cannot express,
// such as CMake's built-in Find modules. See README.md.
package debindex

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Kind is what a name refers to.
type Kind int

// The kinds of keys the index holds. The names are used in the cache file
// and on the command line.
const (
	KindHeader     Kind = iota // path relative to usr/include, multiarch dir stripped: "openssl/ssl.h"
	KindPkgConfig              // pkg-config module: "libevent"
	KindLibrary                // link name: "ssl" for -lssl (from lib<name>.so / .a)
	KindSharedLib              // versioned shared object file name: "libssl.so.3"
	KindExecutable             // command name from usr/bin, usr/sbin, bin, sbin, usr/games
	KindCMake                  // CMake config package name, lower case: "nlohmann_json"
	KindPython                 // Python import name: "yaml", "google.protobuf"
	KindPyPI                   // normalised PyPI distribution name from *.egg-info / *.dist-info
	KindNode                   // Node module name from usr/share/nodejs: "@babel/core"
	KindPerl                   // Perl module name from perl5's directories: "XML::Parser"
	numKinds
)

var kindNames = [numKinds]string{"header", "pkgconfig", "library", "sharedlib", "executable", "cmake", "python", "pypi", "node", "perl"}

func (k Kind) String() string {
	if k >= 0 && k < numKinds {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// ParseKind maps a kind name ("header", "pkgconfig", …) to a Kind.
func ParseKind(s string) (Kind, error) {
	for k, n := range kindNames {
		if n == s {
			return Kind(k), nil
		}
	}
	return 0, fmt.Errorf("unknown kind %q (want one of %s)", s, strings.Join(kindNames[:], ", "))
}

// Kinds lists every kind in order.
func Kinds() []Kind {
	ks := make([]Kind, numKinds)
	for i := range ks {
		ks[i] = Kind(i)
	}
	return ks
}

// Meta describes where an index came from.
type Meta struct {
	Suite       string         `json:"suite"`
	Arch        string         `json:"arch"`
	Mirror      string         `json:"mirror"`
	ReleaseDate string         `json:"release_date,omitempty"` // Date: of the suite's Release file
	Built       time.Time      `json:"built"`
	Checked     time.Time      `json:"checked"` // last time the Release file was compared
	Sources     []Source       `json:"sources,omitempty"`
	Counts      map[string]int `json:"counts,omitempty"` // keys per kind, plus "packages"
}

// Source is one Contents file the index was built from.
type Source struct {
	URL    string `json:"url"`
	SHA256 string `json:"sha256,omitempty"` // of the .gz as listed in Release
	Size   int64  `json:"size"`             // compressed bytes downloaded
}

// Candidate is one package that provides a name, with why it was chosen.
type Candidate struct {
	Package string `json:"package"`
	Section string `json:"section,omitempty"`
	Key     string `json:"key"` // the index key that matched ("glib-2.0/glib.h" for "glib.h")
	Via     string `json:"via"` // "contents", "contents-suffix", "override", "package-name"
	Score   int    `json:"score"`
	// Metapackage is the unversioned package that depends on Package
	// (libboost-dev for libboost1.74-dev): the distribution's default
	// version, and a name that survives version bumps.
	Metapackage string `json:"metapackage,omitempty"`
}

// Via values.
const (
	ViaContents = "contents"        // exact key in Contents
	ViaSuffix   = "contents-suffix" // header found under a subdirectory of usr/include
	ViaOverride = "override"        // overrides.go
	ViaPackage  = "package-name"    // python3-<name> exists
)

// Best returns the best package for a name of kind k, if any.
func (ix *Index) Best(k Kind, name string) (string, bool) {
	c, ok := Best(ix.Lookup(k, name))
	return c.Package, ok
}

// Best returns the first (highest ranked) candidate.
func Best(cands []Candidate) (Candidate, bool) {
	if len(cands) == 0 {
		return Candidate{}, false
	}
	return cands[0], true
}

// Index is a read-only, sorted index, safe for concurrent use. Its tables
// are the lines of the cache file ("key\tid,id"), searched by binary
// search, so loading does not build maps.
type Index struct {
	Meta   Meta
	pkgs   []string // "section/name", sorted by name
	tables [numKinds][]string
	// refreshErr says why Load returned a cached index it could not
	// refresh.
	refreshErr error
	// allPackages: Parse read a Packages stream with packages in it.
	allPackages bool
}

// RefreshError reports why Load fell back to a cached index older than
// MaxAge (mirror unreachable, checksum mismatch…); nil otherwise.
func (ix *Index) RefreshError() error { return ix.refreshErr }

func newIndex(meta Meta, pkgs []string, tables [numKinds][]string) *Index {
	ix := &Index{Meta: meta, pkgs: pkgs, tables: tables}
	ix.Meta.Counts = ix.Counts()
	return ix
}

// Counts returns the number of keys per kind and the number of packages.
func (ix *Index) Counts() map[string]int {
	c := map[string]int{"packages": len(ix.pkgs)}
	for k, t := range ix.tables {
		c[Kind(k).String()] = len(t)
	}
	return c
}

// raw returns the package ids stored for key, or nil.
func (ix *Index) raw(k Kind, key string) []uint32 {
	t := ix.tables[k]
	i := sort.Search(len(t), func(i int) bool { return lineKey(t[i]) >= key })
	if i == len(t) || lineKey(t[i]) != key {
		return nil
	}
	return lineIDs(t[i])
}

func lineKey(line string) string {
	if i := strings.IndexByte(line, '\t'); i >= 0 {
		return line[:i]
	}
	return line
}

func lineIDs(line string) []uint32 {
	_, list, _ := strings.Cut(line, "\t")
	var ids []uint32
	for list != "" {
		var f string
		f, list, _ = strings.Cut(list, ",")
		n, err := strconv.ParseUint(f, 10, 32)
		if err == nil {
			ids = append(ids, uint32(n))
		}
	}
	return ids
}

// candidates turns stored ids into ranked candidates.
func (ix *Index) candidates(k Kind, key, via string, ids []uint32) []Candidate {
	out := make([]Candidate, 0, len(ids))
	for _, id := range ids {
		if int(id) >= len(ix.pkgs) {
			continue
		}
		p, meta, _ := strings.Cut(ix.pkgs[id], "\t")
		sec, name := splitPkg(p)
		out = append(out, Candidate{Package: name, Section: sec, Key: key, Via: via, Metapackage: meta})
	}
	return out
}

// lookup is an exact lookup of one kind, ranked.
func (ix *Index) lookup(k Kind, key string) []Candidate {
	c := ix.candidates(k, key, ViaContents, ix.raw(k, key))
	rank(k, key, c)
	return c
}

// KnowsPackages reports whether the index was built with the suite's
// Packages file (not from Contents alone, which lists only packages that
// ship an indexed file), so that HasPackage's false means "no such package".
func (ix *Index) KnowsPackages() bool {
	if ix.allPackages {
		return true
	}
	for _, s := range ix.Meta.Sources {
		if strings.HasSuffix(s.URL, "/Packages.gz") {
			return true
		}
	}
	return false
}

// HasPackage reports whether a binary package of that name exists in the
// suite (from the Packages file; an index built from Contents alone knows
// only packages that ship an indexed file).
func (ix *Index) HasPackage(name string) bool {
	i := sort.Search(len(ix.pkgs), func(i int) bool { return pkgName(ix.pkgs[i]) >= name })
	return i < len(ix.pkgs) && pkgName(ix.pkgs[i]) == name
}

func (ix *Index) pkgSection(name string) string {
	i := sort.Search(len(ix.pkgs), func(i int) bool { return pkgName(ix.pkgs[i]) >= name })
	if i < len(ix.pkgs) && pkgName(ix.pkgs[i]) == name {
		sec, _ := splitPkg(ix.pkgs[i])
		return sec
	}
	return ""
}

func pkgName(p string) string {
	_, name := splitPkg(p)
	return name
}

// splitPkg splits "libdevel/zlib1g-dev" (or "non-free/libs/foo", or a
// package table line "libdevel/libboost1.74-dev<TAB>libboost-dev") into
// section and name.
func splitPkg(p string) (section, name string) {
	p, _, _ = strings.Cut(p, "\t")
	i := strings.LastIndexByte(p, '/')
	if i < 0 {
		return "", p
	}
	return p[:i], p[i+1:]
}
