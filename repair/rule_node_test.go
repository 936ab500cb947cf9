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

// A missing module that is one of the checkout's own npm workspaces
// (socket.io's socket.io-adapter, whose dist/ its compile script makes)
// is built with its own script, after the workspaces it depends on, in
// the build section — never installed from the registry; once the Bash
// File builds it, nothing more is proposed.
func TestMissingNodeModuleThatIsAnUnbuiltWorkspace(t *testing.T) {
	log, err := os.ReadFile("testdata/missing-node-module/workspace-not-built.log")
	if err != nil {
		t.Fatal(err)
	}
	repo := fstest.MapFS{
		"package.json":                                {Data: []byte(`{"name":"socket.io","private":true,"workspaces":["packages/*"]}`)},
		"packages/engine.io-parser/package.json":      {Data: []byte(`{"name":"engine.io-parser","scripts":{"compile":"tsc"}}`)},
		"packages/engine.io/package.json":             {Data: []byte(`{"name":"engine.io","scripts":{"compile":"tsc"},"dependencies":{"engine.io-parser":"~5","ws":"8"}}`)},
		"packages/socket.io-parser/package.json":      {Data: []byte(`{"name":"socket.io-parser","scripts":{"compile":"tsc"}}`)},
		"packages/socket.io-adapter/package.json":     {Data: []byte(`{"name":"socket.io-adapter","scripts":{"compile":"tsc","test":"mocha"},"dependencies":{"debug":"4"}}`)},
		"packages/socket.io/package.json":             {Data: []byte(`{"name":"socket.io","scripts":{"compile":"tsc"},"dependencies":{"engine.io":"~6","socket.io-adapter":"~2","socket.io-parser":"~4"}}`)},
		"packages/socket.io-component-emitter/README": {Data: []byte("no manifest\n")},
	}
	f := Failure{Phase: PhaseCommand, Command: "npm test --workspace=socket.io", Log: string(log)}
	file := bashfile.New()
	file.Append(bashfile.Runtimes, "npm ci", bashfile.Provenance{Source: "test"})
	ps := Propose(&Context{Phase: PhaseCommand, Repo: repo, File: file}, f)
	if len(ps) == 0 || ps[0].Action != ActionEdit {
		t.Fatalf("proposals %+v", ps)
	}
	var got []string
	for _, e := range ps[0].Edits {
		if e.Section != bashfile.Build {
			t.Errorf("edit in section %s: %+v", e.Section, e)
		}
		got = append(got, e.Command)
		file.Apply(e)
	}
	want := map[string][]string{
		"socket.io-adapter": {"npm run compile --workspace=socket.io-adapter"},
		"engine.io":         {"npm run compile --workspace=engine.io-parser", "npm run compile --workspace=engine.io"},
	}[ps[0].Diagnosis.Subject]
	if want == nil || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("%s: commands %q, want %q", ps[0].Diagnosis.Subject, got, want)
	}
	if ps := Propose(&Context{Phase: PhaseCommand, Repo: repo, File: file}, f); len(ps) == 0 || ps[0].Action != ActionNone || !strings.Contains(ps[0].Reason, "builds it already") {
		t.Fatalf("proposed again: %+v", ps)
	}
}
