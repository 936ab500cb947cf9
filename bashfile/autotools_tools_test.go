package bashfile

import "testing"

// An autoconf-archive macro needs pkg.m4 too (tig's AX_WITH_CURSES
// requires PKG_CHECK_EXISTS): both packages are installed, once each.
func TestConfigureMacroPackagesArchiveNeedsPkgConfig(t *testing.T) {
	got := configureMacroPackages("AC_INIT([tig])\ndnl AX_IGNORED\nAX_WITH_CURSES\nAX_LIB_READLINE\nAM_ICONV\n")
	var pkgs []string
	for _, n := range got {
		pkgs = append(pkgs, n.pkg)
	}
	want := []string{"autoconf-archive", "pkg-config", "gettext"}
	if len(pkgs) != len(want) {
		t.Fatalf("packages %v, want %v", pkgs, want)
	}
	for i := range want {
		if pkgs[i] != want[i] {
			t.Fatalf("packages %v, want %v", pkgs, want)
		}
	}
}
