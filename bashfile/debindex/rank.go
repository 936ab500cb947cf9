package debindex

import (
	"path"
	"sort"
	"strings"
)

// preferred lists well-known alternatives that provide the same files,
// with a bonus for the one a build should pick by default. Keep it short:
// relatedness and the -dev rule decide everything else.
var preferred = map[string]int{
	"libcurl4-openssl-dev":       60, // over -gnutls-dev and -nss-dev
	"libssl-dev":                 60, // over libwolfssl-dev and friends shipping openssl/ compat headers
	"default-libmysqlclient-dev": 60, // over libmariadb-dev-compat
	"libmariadb-dev":             20,
	"libjpeg-dev":                40, // the default libjpeg (-turbo) over libjpeg62-dev etc.
	"libgl-dev":                  40, // over libgl1-mesa-dev transitional
	"libopenblas-dev":            10,
	"libblas-dev":                30, // reference BLAS is the default blas.pc
	"liblapack-dev":              30,
	"libgnutls28-dev":            30,
	"libpq-dev":                  30,
	"libncurses-dev":             30,
	"libreadline-dev":            30,
	"default-jdk":                30,
	"default-jre-headless":       30,
	"python3-dev":                30,
	"python3":                    40, // python3 over python3.11 for usr/bin/python3
	"python3-minimal":            30,
	"nodejs":                     40,
	"golang-go":                  40,  // over gccgo-go for usr/bin/go
	"vim-common":                 -20, // xxd moved to its own package
	"busybox":                    -60, // ships many commands; never the answer
	"busybox-static":             -60,
	"toybox":                     -60,
	"coreutils":                  20,
}

// rank orders candidates best first, deterministically: score, then the
// shorter package name, then the name.
func rank(k Kind, key string, c []Candidate) {
	stem := stemOf(k, key)
	for i := range c {
		if c[i].Via == ViaContents || c[i].Via == ViaSuffix {
			c[i].Score = score(k, key, stem, c[i])
		}
	}
	sort.SliceStable(c, func(i, j int) bool {
		a, b := c[i], c[j]
		if a.Score != b.Score {
			return a.Score > b.Score
		}
		if a.Package != b.Package && stripDigits(a.Package) == stripDigits(b.Package) {
			// Versions of one thing (liblua5.2-dev, liblua5.4-dev): newest.
			return versionLess(b.Package, a.Package)
		}
		if len(a.Package) != len(b.Package) {
			return len(a.Package) < len(b.Package)
		}
		if a.Package != b.Package {
			return a.Package < b.Package
		}
		return a.Key < b.Key
	})
}

func score(k Kind, key, stem string, c Candidate) int {
	s := preferred[c.Package]
	name := c.Package
	if c.Metapackage != "" {
		s += 25 // the default version
	}
	switch k {
	case KindHeader, KindPkgConfig, KindLibrary, KindCMake:
		if strings.HasSuffix(name, "-dev") {
			s += 100
		}
		if c.Section == "libdevel" || strings.HasSuffix(c.Section, "/libdevel") {
			s += 10
		}
	case KindSharedLib:
		if !strings.HasSuffix(name, "-dev") {
			s += 50
		}
	case KindPython, KindPyPI:
		if strings.HasPrefix(name, "python3-") {
			s += 50
		}
	case KindExecutable:
		if name == key {
			s += 80
		}
	case KindNode:
		if name == "node-"+strings.TrimPrefix(strings.ReplaceAll(key, "/", "-"), "@") {
			s += 80
		}
	}
	if stem != "" && strings.Contains(strings.ToLower(name), stem) {
		s += 30
	}
	if c.Via == ViaSuffix {
		// The shallower the match, the likelier it is the one a -I adds.
		s -= 5 * strings.Count(c.Key, "/")
	}
	for _, bad := range []string{"-dbg", "-cross", "mingw", "lib32", "lib64", "libx32", "-doc", "-src"} {
		if strings.Contains(name, bad) {
			s -= 80
		}
	}
	return s
}

// stemOf is the part of a key a related package name usually contains:
// "event2/event.h" → "event", "libevent" → "event", "ssl" → "ssl".
func stemOf(k Kind, key string) string {
	s := strings.ToLower(key)
	switch k {
	case KindHeader:
		if first, _, ok := strings.Cut(s, "/"); ok {
			s = first
		} else {
			s = strings.TrimSuffix(s, path.Ext(s))
		}
	case KindPkgConfig, KindSharedLib:
		s = strings.TrimPrefix(s, "lib")
		if i := strings.IndexAny(s, ".-"); i > 0 {
			s = s[:i]
		}
	case KindPython, KindPyPI:
		s, _, _ = strings.Cut(s, ".")
		s = strings.ReplaceAll(s, "_", "-")
	case KindCMake:
		s = strings.ReplaceAll(s, "_", "-")
	}
	s = strings.TrimRight(s, "0123456789")
	if len(s) < 2 {
		return ""
	}
	return s
}

func stripDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' || r == '.' {
			return -1
		}
		return r
	}, s)
}

// versionLess compares two names that differ only in their digits,
// number by number ("libgcc-9-dev" < "libgcc-12-dev").
func versionLess(a, b string) bool {
	for a != "" && b != "" {
		i, j := digitRun(a), digitRun(b)
		if i > 0 && j > 0 {
			na, nb := strings.TrimLeft(a[:i], "0"), strings.TrimLeft(b[:j], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			a, b = a[i:], b[j:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digitRun(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}
