package repair

import (
	"regexp"
	"strings"
)

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

// mesonNotFound is meson's line for a dependency it looked for and did
// not find; mesonError the project's own error that stops the setup.
var (
	mesonNotFound = regexp.MustCompile(`^(?:Run-time |Build-time )?[Dd]ependency (\S+) found: NO\b`)
	mesonError    = regexp.MustCompile(`ERROR: Problem encountered: (.*)`)
)

func (missingPkgConfig) Diagnose(f Failure) []Diagnosis {
	return append(scan(f.Log, pkgConfigMatches, nil), mesonNamed(f.Log)...)
}

// mesonNamed: a meson.build that stops with an error of its own ("The
// Wayland xkbcli programs require wayland-client and wayland-protocols
// which were not found") names dependencies meson reported "found: NO";
// those it names are missing (the optional ones it does not name are not).
func mesonNamed(log string) []Diagnosis {
	lines := logLines(log)
	var msg string
	for i, l := range lines {
		if m := mesonError.FindStringSubmatch(l); m != nil {
			msg = m[1]
			if i+1 < len(lines) {
				msg += " " + lines[i+1]
			}
		}
	}
	if msg == "" {
		return nil
	}
	var out []Diagnosis
	for _, l := range lines {
		m := mesonNotFound.FindStringSubmatch(strings.TrimSpace(l))
		if m != nil && regexp.MustCompile(`(^|[^\w-])`+regexp.QuoteMeta(m[1])+`($|[^\w-])`).MatchString(msg) {
			out = append(out, Diagnosis{Kind: MissingPkgConfig, Subject: m[1], Evidence: strings.TrimSpace(l)})
		}
	}
	return out
}

func (r missingPkgConfig) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != MissingPkgConfig {
		return Proposal{}, false
	}
	return addPackage(r, d, ctx, lookup(ctx, func(i PackageIndex) []string { return i.PkgConfig(d.Subject) }, nil)), true
}
