package repair

import (
	"slices"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// node-gyp missing make (or cc, or g++) gets build-essential at once: one
// setup run, not three; outside node-gyp, make is make.
func TestNodeGypToolchainAtOnce(t *testing.T) {
	gyp := readLog(t, "missing-executable/node-gyp-which-make.log")
	for _, tc := range []struct {
		log  string
		want []string
	}{
		{gyp, []string{"build-essential"}},
		{"npm ERR! gyp info using node-gyp@9.3.0\nnpm ERR! make: g++: No such file or directory\n", []string{"build-essential"}},
		{"/bin/sh: 1: make: not found\n", []string{"make"}},
	} {
		ps := Propose(&Context{File: bashfile.New(), Index: fakeIndex}, Failure{Phase: PhaseSetup, Log: tc.log})
		if len(ps) == 0 || ps[0].Action != ActionEdit || len(ps[0].Edits) != 1 || !slices.Equal(ps[0].Edits[0].Packages, tc.want) {
			t.Errorf("%q: %+v, want %v", tc.log, ps, tc.want)
		}
	}
}
