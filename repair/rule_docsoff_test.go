package repair

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

// A build stopped by its documentation is configured without it: by the
// flag the log offers (rsync's --disable-md2man), else by the project's
// own documentation option (mosquitto's WITH_DOCS, a meson docs option);
// a warning that docs will not be built, or a path under /usr/share/doc,
// is no such failure.
func TestDocsOff(t *testing.T) {
	build := func(cmds ...string) *bashfile.File {
		f := bashfile.New()
		for _, c := range cmds {
			if err := f.Append(bashfile.Build, c, bashfile.Provenance{Source: "test"}); err != nil {
				t.Fatal(err)
			}
		}
		return f
	}
	for _, tc := range []struct {
		name, log string
		file      *bashfile.File
		repo      fstest.MapFS
		want      string // the build command after the repair; "" for no diagnosis
	}{
		{"configure flag from the log", readLog(t, "docs-off/configure-rsync-md2man.log"),
			build("[ -f Makefile ] || ./configure", "make"), nil, "[ -f Makefile ] || ./configure --disable-md2man"},
		{"cmake docs option", readLog(t, "docs-off/cmake-mosquitto-xsltproc.log"),
			build("cmake -S . -B build", "cmake --build build"),
			fstest.MapFS{"CMakeLists.txt": {Data: []byte("option(WITH_TLS \"TLS\" ON)\noption_env(WITH_DOCS \"Build documentation?\" ON)\n")}},
			"cmake -DWITH_DOCS=OFF -S . -B build"},
		{"cmake option the log names, its message wrapped", readLog(t, "docs-off/cmake-flac-manpages.log"),
			build("cmake -S . -B build", "cmake --build build"), nil, "cmake -DINSTALL_MANPAGES=OFF -S . -B build"},
		{"autoconf docs option", "make[2]: *** [Makefile:500: doc/manual.html] Error 127\nasciidoc: error: cannot run",
			build("./configure --prefix=/usr", "make"),
			fstest.MapFS{"configure.ac": {Data: []byte("AC_ARG_ENABLE([docs], AS_HELP_STRING([--disable-docs]))\n")}},
			"./configure --disable-docs --prefix=/usr"},
		{"meson docs option", "doc/meson.build:3:0: ERROR: Program 'doxygen' not found or not executable",
			build("meson setup build", "ninja -C build"),
			fstest.MapFS{"meson_options.txt": {Data: []byte("option('enable-docs', type: 'boolean', value: true)\n")}},
			"meson setup -Denable-docs=false build"},
		{"a warning is no failure", "configure: WARNING: doxygen not found - documentation will not be built\nconfigure: error: zlib.h not found",
			build("./configure"), nil, ""},
		{"a warning is no failure, whatever it says next", "configure: WARNING: sphinx-build not found: documentation is not built",
			build("./configure"), nil, ""},
		{"a doc path is no docs step", "dpkg: error processing archive /var/cache/apt/archives/x.deb: trying to overwrite '/usr/share/doc/x', which is also in package y",
			build("./configure"), nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ds := (docsOff{}).Diagnose(Failure{Phase: PhaseSetup, Section: bashfile.Build, Log: tc.log})
			if tc.want == "" {
				if len(ds) != 0 {
					t.Fatalf("diagnoses %+v, want none", ds)
				}
				return
			}
			if len(ds) != 1 {
				t.Fatalf("diagnoses %+v", ds)
			}
			p, _ := (docsOff{}).Propose(ds[0], &Context{File: tc.file, Repo: tc.repo})
			if p.Action != ActionEdit || len(p.Edits) != 1 || strings.TrimSpace(p.Edits[0].Command) != tc.want {
				t.Fatalf("proposal %+v, want %q", p, tc.want)
			}
		})
	}
}
