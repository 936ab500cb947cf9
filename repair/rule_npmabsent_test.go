package repair

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

// The registry does not serve a package the lockfile pins: a development
// dependency leaves package.json and the install resolves without the
// lockfile; a run-time dependency is recorded.
func TestNpmAbsentPackage(t *testing.T) {
	f := Failure{Phase: PhaseSetup, ExitCode: 1, Log: readLog(t, "npm-absent/e404-top-sites-cookie.log")}
	ds := Diagnose(f)
	if len(ds) != 1 || ds[0].Kind != NpmAbsent || ds[0].Subject != "top-sites" {
		t.Fatalf("diagnoses %+v", ds)
	}
	file := bashfile.New()
	file.Append(bashfile.Runtimes, "npm ci", bashfile.Provenance{Source: "npm"})
	dev := fstest.MapFS{"package.json": {Data: []byte(`{"devDependencies": {"top-sites": "1.1.225", "vitest": "^3"}}`)}}
	ps := Propose(&Context{File: file, Repo: dev}, f)
	if len(ps) != 1 || ps[0].Action != ActionEdit || ps[0].Edits[0].Command != "npm pkg delete devDependencies.top-sites && npm install" {
		t.Fatalf("proposals %+v", ps)
	}
	run := fstest.MapFS{"package.json": {Data: []byte(`{"dependencies": {"top-sites": "1.1.225"}}`)}}
	if ps := Propose(&Context{File: file, Repo: run}, f); len(ps) != 1 || ps[0].Action != ActionRecord || !strings.Contains(ps[0].Reason, "top-sites") {
		t.Fatalf("a run-time dependency: %+v", ps)
	}
}

// pnpm's spelling (nanoid: a linter of its CI that the registry here does
// not serve): the dependency leaves package.json and pnpm resolves again
// without the frozen lockfile.
func TestPnpmAbsentPackage(t *testing.T) {
	f := Failure{Phase: PhaseSetup, ExitCode: 1, Log: readLog(t, "npm-absent/pnpm-fetch-404-nanoid.log")}
	ds := Diagnose(f)
	if len(ds) != 1 || ds[0].Kind != NpmAbsent || ds[0].Subject != "actions-up" {
		t.Fatalf("diagnoses %+v", ds)
	}
	file := bashfile.New()
	file.Append(bashfile.Runtimes, "pnpm install --frozen-lockfile", bashfile.Provenance{Source: "npm"})
	dev := fstest.MapFS{"package.json": {Data: []byte(`{"devDependencies": {"actions-up": "^1.17.0"}}`)}}
	ps := Propose(&Context{File: file, Repo: dev}, f)
	if len(ps) != 1 || ps[0].Action != ActionEdit || ps[0].Edits[0].Command != "npm pkg delete devDependencies.actions-up && pnpm install --no-frozen-lockfile" {
		t.Fatalf("proposals %+v", ps)
	}
}

// A development dependency GitHub hosts, GitHub unreachable (mustache.js's
// "zuul-ngrok": "nolanlawson/zuul-ngrok#patch-1"): it leaves the install
// as one the registry lacks does; a run-time one is the network rule's.
func TestNpmGitHostedDevDependency(t *testing.T) {
	f := Failure{Phase: PhaseSetup, ExitCode: 1, Log: readLog(t, "npm-absent/network-github-dev-mustache.log")}
	file := bashfile.New()
	file.Append(bashfile.Runtimes, "npm install", bashfile.Provenance{Source: "npm"})
	dev := fstest.MapFS{"package.json": {Data: []byte(`{"devDependencies": {"zuul": "^3.11.0", "zuul-ngrok": "nolanlawson/zuul-ngrok#patch-1"}}`)}}
	ps := Propose(&Context{File: file, Repo: dev}, f)
	if len(ps) == 0 || ps[0].Action != ActionEdit || ps[0].Edits[0].Command != "npm pkg delete devDependencies.zuul-ngrok && npm install" {
		t.Fatalf("proposals %+v", ps)
	}
	run := fstest.MapFS{"package.json": {Data: []byte(`{"dependencies": {"zuul-ngrok": "github:nolanlawson/zuul-ngrok"}}`)}}
	for _, p := range Propose(&Context{File: file, Repo: run}, f) {
		if p.Action == ActionEdit {
			t.Fatalf("a run-time dependency is not left out: %+v", p)
		}
	}
	if got := devKey("uWebSockets.js"); got != "'devDependencies[uWebSockets.js]'" {
		t.Errorf("a dotted name's key: %s", got)
	}
	for spec, want := range map[string]bool{"github:uNetworking/uWebSockets.js#v20.56.0": true, "git+https://github.com/nolanlawson/zuul-ngrok.git": true,
		"https://github.com/nolanlawson/zuul-ngrok/tarball/v1": true, "nolanlawson/zuul-ngrok-2#x": false} {
		repo := "nolanlawson/zuul-ngrok"
		if strings.Contains(spec, "uWebSockets") {
			repo = "uNetworking/uWebSockets.js"
		}
		if got := gitHostedDev(map[string]string{"x": spec}, repo) == "x"; got != want {
			t.Errorf("%s: %v, want %v", spec, got, want)
		}
	}
}

// A version range the registry here serves no version of (execa's
// dependencies ask cbor2@^2.4.0): the package is named as absent.
// The same through GitHub's API tarball (ramda's browserify), spelled in
// package.json as the URL itself.
func TestNpmAPITarballDevDependency(t *testing.T) {
	f := Failure{Phase: PhaseSetup, ExitCode: 1, Log: readLog(t, "npm-absent/network-api-github-tarball-dev.log")}
	file := bashfile.New()
	file.Append(bashfile.Runtimes, "npm ci", bashfile.Provenance{Source: "npm"})
	dev := fstest.MapFS{"package.json": {Data: []byte(`{"devDependencies": {"browserify": "https://api.github.com/repos/browserify/browserify/tarball/9ff7c55cc67a7ddbc64f8e7270bcd75fcc72ce2f", "mocha": "^10"}}`)}}
	ps := Propose(&Context{File: file, Repo: dev}, f)
	if len(ps) == 0 || ps[0].Action != ActionEdit || ps[0].Edits[0].Command != "npm pkg delete devDependencies.browserify && npm install" {
		t.Fatalf("proposals %+v", ps)
	}
	// fetched again though left out (acorn's test262: the lockfile pins
	// it): the install reads no lockfile
	again := bashfile.New()
	again.Append(bashfile.Runtimes, "npm pkg delete devDependencies.browserify && npm install", bashfile.Provenance{Source: "npm"})
	ps = Propose(&Context{File: again, Repo: dev}, f)
	if len(ps) == 0 || ps[0].Action != ActionEdit || ps[0].Edits[0].Command != "npm pkg delete devDependencies.browserify && npm install --no-package-lock" {
		t.Fatalf("again: proposals %+v", ps)
	}
}

func TestNpmNoMatchingVersion(t *testing.T) {
	f := Failure{Phase: PhaseSetup, ExitCode: 1, Log: readLog(t, "npm-absent/etarget-cbor2-execa.log")}
	ds := Diagnose(f)
	if len(ds) != 1 || ds[0].Kind != NpmAbsent || ds[0].Subject != "cbor2" {
		t.Fatalf("diagnoses %+v", ds)
	}
}

// globby's devDependency "@globby/main-branch": "sindresorhus/globby#main"
// makes npm spawn git, which the sandbox lacks: the development
// dependencies npm would clone leave the install; a run-time one is not
// left out.
func TestNpmGitSpawnDevDependency(t *testing.T) {
	f := Failure{Phase: PhaseSetup, ExitCode: 254, Log: "added 2 packages in 7s\nnpm ERR! code ENOENT\nnpm ERR! syscall spawn git\nnpm ERR! path git\nnpm ERR! errno -2\nnpm ERR! enoent An unknown git error occurred\n"}
	file := bashfile.New()
	file.Append(bashfile.Runtimes, "npm install", bashfile.Provenance{Source: "npm"})
	dev := fstest.MapFS{"package.json": {Data: []byte(`{"devDependencies": {"@globby/main-branch": "sindresorhus/globby#main", "ava": "^6.4.1", "x": "git+https://example.org/x.git"}}`)}}
	ps := Propose(&Context{File: file, Repo: dev}, f)
	if len(ps) == 0 || ps[0].Action != ActionEdit || ps[0].Edits[0].Command != "npm pkg delete devDependencies.@globby/main-branch devDependencies.x && npm install" {
		t.Fatalf("proposals %+v", ps)
	}
	run := fstest.MapFS{"package.json": {Data: []byte(`{"dependencies": {"y": "owner/y#main"}, "devDependencies": {"ava": "^6.4.1"}}`)}}
	for _, p := range Propose(&Context{File: file, Repo: run}, f) {
		if p.Action == ActionEdit {
			t.Fatalf("nothing to leave out: %+v", p)
		}
	}
}
