package bashfile

import (
	"slices"

	"github.com/heragent/heragent/bashfile/debindex"
)

// Two headers of one library can resolve to two of its versions that
// Debian will not install together: emhash's benchmarks include
// <boost/config.hpp>, which the default Boost has (libboost-dev, 1.74),
// and <boost/core/detail/splitmix64.hpp>, which only libboost1.81-dev has;
// apt then stops with "you have held broken packages" before anything is
// built. A header needs one of the packages that ship it, so the chosen
// package of a header another chosen package also ships gives way to it:
// one version, the one that has every header.

// headerChoice is a header, the package chosen for it and the packages
// that ship it at exactly that path.
type headerChoice struct {
	header, pkg string
	ships       []string
}

// oneVersion replaces, in each choice, a package that another chosen
// package can stand in for: the other ships every header it was chosen
// for and it does not ship all of the other's.
func oneVersion(cs []headerChoice) []headerChoice {
	count := map[string]int{}
	var pkgs []string // in the choices' order: the same plan every time
	for _, c := range cs {
		if count[c.pkg]++; count[c.pkg] == 1 {
			pkgs = append(pkgs, c.pkg)
		}
	}
	for _, pkg := range pkgs {
		for _, other := range pkgs {
			if other == pkg || count[other] < 1 || count[pkg] < 1 {
				continue
			}
			if covers(cs, other, pkg) && !covers(cs, pkg, other) {
				for i := range cs {
					if cs[i].pkg == pkg {
						cs[i].pkg = other
						count[other]++
					}
				}
				count[pkg] = 0
				break
			}
		}
	}
	return cs
}

// covers reports whether other ships every header pkg was chosen for.
func covers(cs []headerChoice, other, pkg string) bool {
	for _, c := range cs {
		if c.pkg == pkg && !slices.Contains(c.ships, other) {
			return false
		}
	}
	return true
}

// shipping are the package names of exact candidates, a metapackage's
// (libboost-dev) beside its package's.
func shipping(cands []debindex.Candidate) []string {
	var out []string
	for _, x := range exact(cands) {
		out = append(out, x.Package)
		if x.Metapackage != "" {
			out = append(out, x.Metapackage)
		}
	}
	return out
}
