package repair

import "regexp"

// missingPkgConfig: a pkg-config module (a .pc file) was not found, as
// meson, CMake's pkg_check_modules, autoconf's PKG_CHECK_MODULES or
// pkg-config itself report it.
type missingPkgConfig struct{}

var pkgConfigMatches = []match{
	// meson: meson.build:2:5: ERROR: Dependency "libevent" not found, tried pkgconfig
	{MissingPkgConfig, regexp.MustCompile(`ERROR: Dependency "([^"]+)" not found`)},
	// meson (older): ERROR: Dependency 'libevent' not found / Native dependency 'x' not found
	{MissingPkgConfig, regexp.MustCompile(`(?:ERROR: |Native )[Dd]ependency '([^']+)' not found`)},
	// pkgconf: Package 'libevent', required by 'virtual:world', not found
	{MissingPkgConfig, regexp.MustCompile(`Package '([^']+)', required by '[^']*', not found`)},
	// pkg-config: No package 'libevent' found
	{MissingPkgConfig, regexp.MustCompile(`No package '([^']+)' found`)},
	// pkg-config: Package libevent was not found in the pkg-config search path.
	{MissingPkgConfig, regexp.MustCompile(`Package (\S+) was not found in the pkg-config search path`)},
	// autoconf with a custom message (OpenVPN): configure: error: libnl-genl-3.0 package not found or too old.
	{MissingPkgConfig, regexp.MustCompile(`^configure: error: ([\w.+-]+) package not found`)},
}

func (missingPkgConfig) Name() string { return "missing-pkgconfig" }

func (missingPkgConfig) Diagnose(f Failure) []Diagnosis { return scan(f.Log, pkgConfigMatches, nil) }

func (r missingPkgConfig) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != MissingPkgConfig {
		return Proposal{}, false
	}
	return addPackage(r, d, ctx, lookup(ctx, func(i PackageIndex) []string { return i.PkgConfig(d.Subject) }, nil)), true
}
