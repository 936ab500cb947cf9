package repair

import (
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

// A package whose build script fails in setup is used from its committed
// build (he's grunt build, he.js and bin/he in the checkout) only when
// no other repair changes anything, and never when what it builds is
// missing.
func TestNpmBuiltUsesCommittedOutputs(t *testing.T) {
	file := bashfile.New()
	if err := file.Append(bashfile.Build, "npm run build", bashfile.Provenance{Source: "test"}); err != nil {
		t.Fatal(err)
	}
	log := readLog(t, "npm-built/grunt-build-he.log")
	pkg := `{"name": "he", "main": "he.js", "bin": "bin/he", "scripts": {"build": "grunt build"}}`
	for _, tc := range []struct {
		name string
		log  string
		repo fstest.MapFS
		want Action
	}{
		{"main and bin committed", log, fstest.MapFS{"package.json": {Data: []byte(pkg)}, "he.js": {Data: []byte("x")}, "bin/he": {Data: []byte("x")}}, ActionEdit},
		{"the bin is not committed", log, fstest.MapFS{"package.json": {Data: []byte(pkg)}, "he.js": {Data: []byte("x")}}, ActionNone},
		{"a missing module is repaired instead", log + "\nError: Cannot find module 'grunt-template'\n", fstest.MapFS{"package.json": {Data: []byte(pkg)}, "he.js": {Data: []byte("x")}, "bin/he": {Data: []byte("x")}}, ActionNone},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ps := Propose(&Context{File: file, Repo: tc.repo}, Failure{Phase: PhaseSetup, Section: bashfile.Build, Log: tc.log})
			var got *Proposal
			for i := range ps {
				if ps[i].Diagnosis.Kind == BuildScript {
					got = &ps[i]
				}
			}
			if tc.want == ActionNone && (got == nil || got.Action == ActionNone) {
				return // left out, or answered with nothing
			}
			if got == nil || got.Action != tc.want {
				t.Fatalf("proposals %+v, want the build script's %s", ps, tc.want)
			}
			if tc.want == ActionEdit && (len(got.Edits) != 1 || got.Edits[0].Op != bashfile.OpRemove || got.Edits[0].Match != "npm run build") {
				t.Errorf("edits %+v", got.Edits)
			}
		})
	}
}
