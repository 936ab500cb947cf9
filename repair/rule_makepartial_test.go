package repair

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

// wyhash's default goal makes seven programs; three include a sibling
// checkout's header. Without the header (no package has it), the build
// makes the other four, one failing target at a time; a default goal of
// one target, or a failure with no missing input, is left alone.
func TestMakeGoalPart(t *testing.T) {
	makefile := "# bench makefile\nCXX = g++\nCXXFLAGS = -std=c++11 -O2\n\nTARGETS = test_vector wyhash0 wyhash1 \\\n  xxh3scalar xxh3sse2\n\nall:\t$(TARGETS)\n\ntest_vector:\ttest_vector.cpp wyhash.h\n\t$(CXX) test_vector.cpp -o test_vector $(CXXFLAGS)\n\nclean:\n\trm $(TARGETS)\n"
	sibling := readLog(t, "make-goal-part/sibling-header.log")
	for _, tc := range []struct {
		name, build, makefile, log, want string
	}{
		{"the default goal's other targets", `make -j"$(nproc)"`, makefile, sibling, `make -j"$(nproc)" test_vector wyhash0 wyhash1 xxh3sse2`},
		{"the targets an earlier repair named", `make -j"$(nproc)" test_vector wyhash0 wyhash1 xxh3sse2`, makefile,
			strings.Replace(sibling, "xxh3scalar] Error", "xxh3sse2] Error", 1), `make -j"$(nproc)" test_vector wyhash0 wyhash1`},
		{"one target in the goal", `make -j"$(nproc)"`, "all: prog\nprog: main.c\n\tcc -o prog main.c\n",
			strings.Replace(sibling, "xxh3scalar] Error", "prog] Error", 1), ""},
		{"no missing input", `make -j"$(nproc)"`, makefile, "x.c:3:1: error: expected ';'\nmake: *** [makefile:23: xxh3scalar] Error 1\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := bashfile.New()
			if err := file.Append(bashfile.Build, tc.build, bashfile.Provenance{Source: "test"}); err != nil {
				t.Fatal(err)
			}
			repo := fstest.MapFS{"makefile": {Data: []byte(tc.makefile)}}
			f := Failure{Phase: PhaseSetup, Section: bashfile.Build, ExitCode: 2, Log: tc.log}
			var got string
			ps := Propose(&Context{File: file, Repo: repo}, f)
			for _, p := range ps {
				if p.Diagnosis.Kind == MakeGoalPart && p.Action == ActionEdit {
					got = p.Edits[0].Command
				}
			}
			if got != tc.want {
				t.Errorf("build %q, want %q (proposals %+v)", got, tc.want, ps)
			}
		})
	}
}

func TestDefaultPrereqs(t *testing.T) {
	for _, tc := range []struct {
		mk   string
		want []string
	}{
		{"A := x y\nB = $(A) z\n.PHONY: all\nall: ${B}\nx:\n\ttouch x\n", []string{"x", "y", "z"}},
		{"prog: main.c util.c\n\tcc -o $@ $^\n", []string{"main.c", "util.c"}},
		{"all: $(shell ls)\n", nil},
		{"all: one\n", nil},
	} {
		if got := defaultPrereqs(tc.mk); !slices.Equal(got, tc.want) {
			t.Errorf("defaultPrereqs(%q) = %q, want %q", tc.mk, got, tc.want)
		}
	}
}
