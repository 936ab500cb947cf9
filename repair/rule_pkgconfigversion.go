package repair

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// pkgConfigTooOld: a pkg-config module is installed, older than the
// project asks — meson's "Dependency exiv2 found: NO. Found 0.27.6 but
// need: '>= 0.28'" (gexiv2), pkg-config's "Requested 'glib-2.0 >= 2.80'
// but version of GLib is 2.74.6" (CMake's pkg_check_modules, autoconf's
// PKG_CHECK_MODULES). The package of the module comes from the next
// Debian release, when that release has it and it installs beside this
// one's packages (NewerInstallAvailable); once tried, the need is
// recorded with both versions.
type pkgConfigTooOld struct{}

var pkgConfigVersionRes = []*regexp.Regexp{
	// meson: Dependency exiv2 found: NO. Found 0.27.6 but need: '>= 0.28'
	regexp.MustCompile(`Dependency (\S+) found: NO\.? [Ff]ound (\S+) but need: '([^']+)'`),
	// meson: Invalid version, need 'exiv2' ['>= 0.28'] found '0.27.6'
	regexp.MustCompile(`Invalid version, need '([^']+)' \['([^']+)'\] found '([^']+)'`),
	// pkg-config: Requested 'glib-2.0 >= 2.80' but version of GLib is 2.74.6
	regexp.MustCompile(`Requested '(\S+) ([<>=]+ ?\S+)' but version of .+ is (\S+)`),
}

func (pkgConfigTooOld) Name() string { return "pkgconfig-too-old" }

func (pkgConfigTooOld) Diagnose(f Failure) []Diagnosis {
	for _, l := range logLines(f.Log) {
		l = strings.TrimSpace(l)
		for i, re := range pkgConfigVersionRes {
			m := re.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			module, want, have := m[1], m[3], m[2]
			if i > 0 {
				want, have = m[2], m[3]
			}
			if i == 0 && !mesonStoppedOn(f.Log, module) {
				continue // an optional dependency meson went on without (libvips's libhwy)
			}
			return []Diagnosis{{Kind: PkgConfigTooOld, Subject: module, Detail: want + ", found " + have, Evidence: l}}
		}
	}
	return nil
}

// mesonStoppedOn reports whether meson's error is about the dependency:
// its "found: NO … but need" line is also printed for an optional one.
func mesonStoppedOn(log, module string) bool {
	q := regexp.QuoteMeta(module)
	return regexp.MustCompile(`ERROR: Dependency (?:lookup for ` + q + `\b|"` + q + `"|'` + q + `')`).MatchString(log)
}

func (r pkgConfigTooOld) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != PkgConfigTooOld {
		return Proposal{}, false
	}
	pkgs := lookup(ctx, func(i PackageIndex) []string { return i.PkgConfig(d.Subject) }, nil)
	if len(pkgs) == 0 || ctx.File == nil {
		return record(d, fmt.Sprintf("pkg-config module %s is older than the project asks (%s) and no Debian package of it is known", d.Subject, d.Detail)), true
	}
	cmd := bashfile.NewerInstallAvailable(pkgs[0])
	if ctx.File.Contains(cmd) {
		p := record(d, fmt.Sprintf("pkg-config module %s is older than the project asks (%s), in this Debian release and, installed from the next one, still or not beside this release's packages (%s): a newer %s than this Debian release has", d.Subject, d.Detail, pkgs[0], d.Subject))
		p.Release = NextRelease // whose own packages it would install beside, if it has a newer one
		return p, true
	}
	return edit(d, fmt.Sprintf("pkg-config module %s is older than the project asks (%s): the next Debian release's %s, if it has a newer one that installs beside this release's packages", d.Subject, d.Detail, pkgs[0]),
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: cmd, Why: why(r, d)}), true
}
