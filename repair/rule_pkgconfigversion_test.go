package repair

import (
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// A module older than asked: the next release's package is tried once,
// then the need is recorded with both versions; pkg-config's own spelling
// (CMake's pkg_check_modules, autoconf's PKG_CHECK_MODULES) too.
func TestPkgConfigTooOldNextReleaseThenRecord(t *testing.T) {
	index := MapIndex{PkgConfigs: map[string][]string{"exiv2": {"libexiv2-dev"}, "glib-2.0": {"libglib2.0-dev"}}}
	f := bashfile.New()
	fail := Failure{Phase: PhaseSetup, Log: readLog(t, "pkgconfig-too-old/meson-exiv2-gexiv2.log")}
	p := pick(Propose(&Context{File: f, Index: index}, fail), PkgConfigTooOld)
	if p.Action != ActionEdit || p.Diagnosis.Detail != ">= 0.28, found 0.27.6" {
		t.Fatalf("first: %+v", p)
	}
	f.Apply(p.Edits[0])
	p = pick(Propose(&Context{File: f, Index: index}, fail), PkgConfigTooOld)
	if p.Action != ActionRecord || !strings.Contains(p.Reason, ">= 0.28, found 0.27.6") || p.Release != NextRelease {
		t.Fatalf("after the next release's: %+v", p)
	}
	// meson 1.0's spelling (libdex, g89), and an optional dependency meson
	// went on without beside the one that stopped it (libvips's libhwy)
	ds := pkgConfigTooOld{}.Diagnose(Failure{Log: "Dependency libhwy found: NO. Found 1.0.3 but need: '>= 1.0.5'\nDependency gio-unix-2.0 found: NO found 2.74.6 but need: '>= 2.87'\nmeson.build:32:2: ERROR: Dependency lookup for gio-unix-2.0 with method 'pkgconfig' failed\n"})
	if len(ds) != 1 || ds[0].Subject != "gio-unix-2.0" || ds[0].Detail != ">= 2.87, found 2.74.6" {
		t.Fatalf("meson 1.0's spelling: %+v", ds)
	}
	ds = pkgConfigTooOld{}.Diagnose(Failure{Log: "-- Checking for module 'glib-2.0>=2.80'\n--   Requested 'glib-2.0 >= 2.80' but version of GLib is 2.74.6\n"})
	if len(ds) != 1 || ds[0].Subject != "glib-2.0" || ds[0].Detail != ">= 2.80, found 2.74.6" {
		t.Fatalf("pkg-config's spelling: %+v", ds)
	}
}

func pick(ps []Proposal, k Kind) Proposal {
	for _, p := range ps {
		if p.Diagnosis.Kind == k {
			return p
		}
	}
	return Proposal{}
}

// An optional dependency older than asked, with the build stopped by
// something else, is no diagnosis of this rule.
func TestPkgConfigTooOldOptionalIsNoDiagnosis(t *testing.T) {
	log := "Dependency libhwy found: NO. Found 1.0.3 but need: '>= 1.0.5'\nRun-time dependency libhwy found: NO (tried pkgconfig)\nmeson.build:9:0: ERROR: Dependency \"gobject-introspection-1.0\" not found, tried pkgconfig\n"
	if ds := (pkgConfigTooOld{}).Diagnose(Failure{Log: log}); len(ds) != 0 {
		t.Fatalf("diagnoses %+v", ds)
	}
}
