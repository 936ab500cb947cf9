package repair

import (
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// A dependency's install script that downloads (puppeteer's Chromium,
// mustache.js's dev dependency) with the network unreachable: the
// dependencies install without their scripts, and no npm rebuild runs
// that script again.
func TestDependencyInstallScriptNeedsNetwork(t *testing.T) {
	got := setupEdits(t, "npm-lifecycle/dependency-download-puppeteer.log", "npm pkg delete devDependencies.zuul-ngrok && npm install")
	if len(got) != 1 || got[0] != "npm pkg delete devDependencies.zuul-ngrok && npm install --ignore-scripts" {
		t.Fatalf("edits %q", got)
	}
}

// A dependency whose install script builds from source when its download
// fails (better-sqlite3: `prebuild-install || node-gyp rebuild`, both
// needing the network here) keeps its scripts: node-gyp gets the local
// headers, and the addon builds (knex's tests need it).
func TestDependencyScriptWithNodeGypFallback(t *testing.T) {
	got := setupEdits(t, "npm-lifecycle/dependency-prebuild-or-gyp-knex.log", "npm install")
	if len(got) != 1 || !strings.Contains(got[0], "npm_config_nodedir") {
		t.Fatalf("edits %q", got)
	}
	// with the headers and without the compilers, still not skipped; with
	// both, a script that fails still is
	scriptsOff := func(f *bashfile.File) bool {
		for _, p := range Propose(&Context{File: f}, Failure{Phase: PhaseSetup, ExitCode: 1, Log: readLog(t, "npm-lifecycle/dependency-prebuild-or-gyp-knex.log")}) {
			if p.Diagnosis.Kind == LifecycleScript && p.Action == ActionEdit {
				return true
			}
		}
		return false
	}
	file := bashfile.New()
	file.Append(bashfile.Runtimes, "npm install", bashfile.Provenance{Source: "npm"})
	file.Append(bashfile.Runtimes, `persist_env npm_config_nodedir "/usr"`, bashfile.Provenance{Source: "test"})
	if scriptsOff(file) {
		t.Error("scripts skipped before node-gyp has its compilers")
	}
	file.Append(bashfile.Runtimes, "pkg_install build-essential", bashfile.Provenance{Source: "test"})
	if !scriptsOff(file) {
		t.Error("a script failing with headers and compilers is not skipped")
	}
}

// setupEdits are the edits proposed for a failed Bash File run whose log
// is the excerpt and whose Runtimes install the dependencies with install.
func setupEdits(t *testing.T, excerpt, install string) []string {
	t.Helper()
	file := bashfile.New()
	file.Append(bashfile.Runtimes, install, bashfile.Provenance{Source: "npm"})
	var got []string
	for _, p := range Propose(&Context{File: file}, Failure{Phase: PhaseSetup, ExitCode: 1, Log: readLog(t, excerpt)}) {
		if p.Action == ActionEdit {
			got = append(got, editCommands(p)...)
		}
	}
	return got
}
