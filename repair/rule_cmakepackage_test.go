package repair

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

// A required find_package of a package Debian installs without a CMake
// package file (libtomcrypt's libtommath: libtommath-dev ships only its
// pkg-config file), under a project option on by default (WITH_LTM): the
// option is turned off; under a test switch, or unguarded, it is not.
func TestRequiredPackageUnderAnOption(t *testing.T) {
	f := Failure{Phase: PhaseSetup, ExitCode: 1, Log: readLog(t, "missing-cmake-package/required-under-option-libtomcrypt.log")}
	index := MapIndex{}
	for _, tc := range []struct{ guard, want string }{
		{"option(WITH_LTM \"Build with support for libtommath\" TRUE)\nif(WITH_LTM)\n", "-DWITH_LTM=OFF"},
		{"option(BUILD_TESTING \"\" OFF)\nif(BUILD_TESTING)\n", ""},
		{"if(UNIX)\n", ""},
	} {
		repo := fstest.MapFS{"CMakeLists.txt": {Data: []byte("project(libtomcrypt)\n" + tc.guard + "    find_package(libtommath 1.2.0 REQUIRED)\nendif()\n")}}
		file := bashfile.New()
		file.Append(bashfile.Runtimes, "pkg_install libtommath-dev", bashfile.Provenance{Source: "cmake"})
		file.Append(bashfile.Build, "cmake -S . -B build", bashfile.Provenance{Source: "cmake"})
		ps := Propose(&Context{File: file, Index: index, Repo: repo}, f)
		var p Proposal
		for _, x := range ps {
			if x.Diagnosis.Kind == MissingCMakePackage && x.Diagnosis.Subject == "libtommath" {
				p = x
			}
		}
		got := ""
		if p.Action == ActionEdit {
			got = p.Edits[0].Command
		}
		if tc.want == "" && p.Action == ActionEdit || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("%q: %+v", tc.guard, p)
		}
	}
}
