package repair

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

// A program the build did not make is behind a CMake option off by
// default: the option around its add_executable() (opus's
// OPUS_BUILD_PROGRAMS, its help text a variable), or around the
// add_subdirectory() of the directory listing it (leptonica's BUILD_PROG),
// is turned on at configure time. A program no option guards, or one
// already turned on, is recorded by rejected as before.
func TestProgramBehindAnOffOptionIsBuilt(t *testing.T) {
	opus := fstest.MapFS{"CMakeLists.txt": {Data: []byte("project(Opus)\nset(OPUS_BUILD_PROGRAMS_HELP_STR \"build programs.\")\noption(OPUS_BUILD_PROGRAMS ${OPUS_BUILD_PROGRAMS_HELP_STR} OFF)\noption(OPUS_CUSTOM_MODES \"custom modes\" OFF)\nif(OPUS_BUILD_PROGRAMS)\n  if(OPUS_CUSTOM_MODES)\n    add_executable(opus_custom_demo ${opus_custom_demo_sources})\n  endif()\n  add_executable(opus_demo ${opus_demo_sources})\nendif()\nif(UNIX)\n  add_executable(opus_plain x.c)\nendif()\n")}}
	lept := fstest.MapFS{
		"CMakeLists.txt":      {Data: []byte("project(leptonica)\noption(BUILD_PROG \"Build utility programs\" OFF)\nif(BUILD_PROG)\n  add_subdirectory(prog)\nendif()\nadd_subdirectory(src)\n")},
		"prog/CMakeLists.txt": {Data: []byte("set(TEST_PROGS\n  alltests_reg\n)\nset(TEST_PROGS ${TEST_PROGS} arithtest barcodetest)\nforeach(target ${TEST_PROGS})\n  add_executable(${target} ${${target}_src})\nendforeach()\n")},
		"src/CMakeLists.txt":  {Data: []byte("add_library(leptonica x.c)\n")},
	}
	zmq := fstest.MapFS{"CMakeLists.txt": {Data: []byte("option(ENABLE_CURVE \"Enable CURVE security\" OFF)\nif (ENABLE_CURVE)\n  add_executable(curve_keygen tools/curve_keygen.cpp)\nendif()\n")}}
	cases := []struct {
		repo      fstest.MapFS
		log, cmd  string
		configure string
		want      string // the configure flags added; "" for no edit
	}{
		{opus, "program-option/not-built-opus-demo.log", "./build/opus_demo", "cmake -S . -B build", "-DOPUS_BUILD_PROGRAMS=ON"},
		{opus, "", "./build/opus_custom_demo", "cmake -S . -B build", "-DOPUS_BUILD_PROGRAMS=ON"}, // not the feature's OPUS_CUSTOM_MODES
		{zmq, "", "./build/curve_keygen", "cmake -S . -B build", ""},                              // libzmq's ENABLE_CURVE: a feature
		{opus, "", "./build/opus_plain", "cmake -S . -B build", ""},
		{opus, "program-option/not-built-opus-demo.log", "./build/opus_demo", "cmake -S . -B build -DOPUS_BUILD_PROGRAMS=ON", ""},
		{lept, "program-option/no-target-leptonica-arithtest.log", "cmake --build build --target arithtest", "cmake -S . -B build", "-DBUILD_PROG=ON"},
		{lept, "program-option/no-target-leptonica-arithtest.log", "cmake --build build --target arithtest", "./configure", ""},
	}
	for _, c := range cases {
		log := "bash: line 4: " + strings.Fields(c.cmd)[0] + ": No such file or directory\n"
		code := 127
		if c.log != "" {
			log = readLog(t, c.log)
		}
		if strings.HasPrefix(c.cmd, "cmake") {
			code = 2
		}
		f := bashfile.New()
		f.Append(bashfile.Build, c.configure, bashfile.Provenance{Source: "test"})
		var got Proposal
		for _, p := range Propose(&Context{File: f, Repo: c.repo}, Failure{Phase: PhaseCommand, Command: c.cmd, ExitCode: code, Log: log}) {
			if p.Diagnosis.Kind == NotBuilt || p.Diagnosis.Kind == NoSuchTarget {
				got = p
			}
		}
		if c.want == "" {
			if got.Action == ActionEdit {
				t.Errorf("%s with %q: edit %+v", c.cmd, c.configure, got)
			}
			continue
		}
		if got.Action != ActionEdit || len(got.Edits) != 1 || !strings.Contains(got.Edits[0].Command, "cmake "+c.want+" -S . -B build") {
			t.Errorf("%s: proposal %+v", c.cmd, got)
		}
	}
}

// libusb builds its examples only with --enable-examples-build (off by
// default): a run of ./examples/dpfp that the build did not make turns it
// on; a directory no configure option names is left to rejected.
func TestAutotoolsProgramDirectoryBehindAnOption(t *testing.T) {
	repo := fstest.MapFS{"configure.ac": {Data: []byte("AC_ARG_ENABLE([examples-build],\n\t[AS_HELP_STRING([--enable-examples-build], [build example applications [default=no]])],\n\t[build_examples=$enableval],\n\t[build_examples=no])\n" +
		"AC_ARG_ENABLE([tests-build],\n\t[AS_HELP_STRING([--enable-tests-build], [build test applications [default=no]])],\n\t[build_tests=$enableval],\n\t[build_tests=no])\n")}}
	for cmd, want := range map[string]string{
		"./examples/dpfp": "[ -f Makefile ] || ./configure --enable-examples-build --disable-man-pages",
		"./tools/xusb":    "",
	} {
		f := bashfile.New()
		f.Append(bashfile.Build, "[ -f Makefile ] || ./configure --disable-man-pages", bashfile.Provenance{Source: "autotools"})
		var got Proposal
		for _, p := range Propose(&Context{File: f, Repo: repo}, Failure{Phase: PhaseCommand, Command: cmd, ExitCode: 127, Log: "bash: line 4: " + cmd + ": No such file or directory\n"}) {
			if p.Diagnosis.Kind == NotBuilt {
				got = p
			}
		}
		edited := ""
		if got.Action == ActionEdit {
			edited = got.Edits[0].Command
		}
		if edited != want {
			t.Errorf("%s: got %q, want %q (%+v)", cmd, edited, want, got)
		}
	}
}
