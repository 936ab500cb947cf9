package repair

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

// A module an example app requires, which that app's own package.json
// declares (ioredis's examples/express), installs the app's dependencies
// all at once; one the top-level manifest declares, or no manifest does,
// is answered as before.
func TestMissingNodeModuleOfAnExampleApp(t *testing.T) {
	log, err := os.ReadFile("testdata/missing-node-module/example-app-own-manifest.log")
	if err != nil {
		t.Fatal(err)
	}
	repo := fstest.MapFS{
		"package.json":                  {Data: []byte(`{"name":"ioredis","devDependencies":{"mocha":"1"}}`)},
		"examples/express/package.json": {Data: []byte(`{"name":"express-example","dependencies":{"express":"4","http-errors":"2"}}`)},
	}
	f := Failure{Phase: PhaseCommand, Command: "node examples/express/bin/www", Log: string(log)}
	ps := Propose(&Context{Phase: PhaseCommand, Repo: repo}, f)
	if len(ps) == 0 || ps[0].Action != ActionEdit || ps[0].Edits[0].Command != "npm install --prefix examples/express --no-audit --no-fund" {
		t.Fatalf("proposals %+v", ps)
	}
	delete(repo, "examples/express/package.json")
	if ps := Propose(&Context{Phase: PhaseCommand, Repo: repo}, f); len(ps) == 0 || !strings.Contains(ps[0].Edits[0].Command, "npm install --no-save http-errors") {
		t.Fatalf("without the app's manifest: %+v", ps)
	}
}

// The project's own package, required by its name (an example script of
// its examples directory, without the link Node resolves it through), is
// never installed from the registry: that copy is not the checkout.
func TestMissingNodeModuleThatIsTheProjectItself(t *testing.T) {
	repo := fstest.MapFS{"package.json": {Data: []byte(`{"name":"sax","devDependencies":{"tap":"1"}}`)}}
	f := Failure{Phase: PhaseCommand, Command: "node examples/example.js", Log: "Error: Cannot find module 'sax'\nRequire stack:\n- /repo/examples/example.js\n"}
	ps := Propose(&Context{Phase: PhaseCommand, Repo: repo}, f)
	if len(ps) == 0 || ps[0].Diagnosis.Kind != MissingNodeModule || ps[0].Action != ActionNone || !strings.Contains(ps[0].Reason, "own package") {
		t.Fatalf("proposals %+v", ps)
	}
}

// A declared module missing after pnpm's install (or yarn's) is not
// answered with npm's install over that tree, which fails the setup
// (browserslist: "Cannot read properties of null (reading 'matches')");
// one the npm-absent repair took out of the install is said to be absent
// from the registry.
func TestMissingDeclaredNodeModuleUnderPnpm(t *testing.T) {
	repo := fstest.MapFS{"package.json": {Data: []byte(`{"name":"browserslist","devDependencies":{"nanospy":"1","c8":"10"}}`)}}
	file := bashfile.New()
	file.Append(bashfile.Runtimes, "npm pkg delete devDependencies.nanospy && pnpm install --no-frozen-lockfile", bashfile.Provenance{Source: "test"})
	for _, c := range []struct{ module, want string }{
		{"nanospy", "does not serve it"},
		{"c8", "installs the dependencies already"},
	} {
		f := Failure{Phase: PhaseCommand, Command: "pnpm test", Log: "Error: Cannot find module '" + c.module + "'\n"}
		ps := Propose(&Context{Phase: PhaseCommand, Repo: repo, File: file}, f)
		if len(ps) == 0 || ps[0].Action != ActionNone || !strings.Contains(ps[0].Reason, c.want) {
			t.Errorf("%s: proposals %+v", c.module, ps)
		}
	}
}
