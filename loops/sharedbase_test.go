package loops

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
)

// The toolchain packages of a base section are installed once in a layer
// made without any repository; the run of another repository with a
// different base section that shares those packages starts from the
// layer, its own base section still run in full on top.
func TestToolchainLayerServesAnotherRepository(t *testing.T) {
	f := newFake()
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: pyr(0), Target: pyramid.Installable, Repairer: scripted(nil)})
	if rep.Level != pyramid.Installable || len(f.repos) < 2 || f.repos[0] != "" || f.repos[1] == "" {
		t.Fatalf("level %s; sandboxes' repositories %q: want the layer made without one, then the setup with it", rep.Level, f.repos)
	}
	if rep.Setup[0].FromCheckpoint != "toolchain" || !slices.Equal(f.runs[:2], []string{"install_base_toolchain", "install_base_toolchain"}) {
		t.Fatalf("setup %+v, sections run %v", rep.Setup, f.runs)
	}
	other := builtFile()
	other.AddPackages(bashfile.Base, testWhy, "libonig-dev")
	g := newFakeLike(f).sharing(f)
	rep, _ = runFake(t, g, RunOptions{Repo: otherRepo(t), File: other, Pyramid: pyr(0), Target: pyramid.Installable, Repairer: scripted(nil)})
	if rep.Level != pyramid.Installable || rep.Setup[0].FromCheckpoint != "toolchain" || slices.Contains(g.repos, "") {
		t.Fatalf("another repository: level %s, setup %+v, sandboxes' repositories %q: want the layer reused", rep.Level, rep.Setup, g.repos)
	}
	if !slices.Contains(g.runs, "install_base_toolchain") {
		t.Fatalf("the base section did not run on the layer: %v", g.runs)
	}
}

// A layer is made on the layer of the longest prefix of its packages (in
// layerOrder's order) that exists: build-essential and cmake on the layer
// of build-essential, not again from the base image.
func TestToolchainLayerOnPrefixLayer(t *testing.T) {
	first := bashfile.New()
	first.AddPackages(bashfile.Base, testWhy, "build-essential", "liblz4-dev")
	first.Append(bashfile.Build, "make", testWhy)
	f := newFake()
	if rep, _ := runFake(t, f, RunOptions{File: first, Pyramid: pyr(0), Target: pyramid.Installable, Repairer: scripted(nil)}); rep.Level != pyramid.Installable {
		t.Fatalf("first: %s", rep.Level)
	}
	second := bashfile.New()
	second.AddPackages(bashfile.Base, testWhy, "build-essential", "cmake", "libjson-c-dev")
	second.Append(bashfile.Build, "make", testWhy)
	g := newFakeLike(f).sharing(f)
	if rep, _ := runFake(t, g, RunOptions{Repo: otherRepo(t), File: second, Pyramid: pyr(0), Target: pyramid.Installable, Repairer: scripted(nil)}); rep.Level != pyramid.Installable {
		t.Fatalf("second: %s", rep.Level)
	}
	if g.repos[0] != "" || g.froms[0] == "base" || g.images[g.froms[0]][LabelCheckpoint] == "" {
		t.Fatalf("the second layer's sandbox: repository %q, image %q (labels %v): want a layer image", g.repos[0], g.froms[0], g.images[g.froms[0]])
	}
	key := toolchainKey("sha256:base", toolchainScript([]string{"build-essential"}))
	if g.images[g.froms[0]][LabelCheckpoint] != key {
		t.Fatalf("made on %v, want the layer of build-essential", g.images[g.froms[0]])
	}
}

// No layer without toolchain packages; a layer that cannot be made is
// not used, and the run goes on from the base image.
func TestNoToolchainLayer(t *testing.T) {
	libs := bashfile.New()
	libs.AddPackages(bashfile.Base, testWhy, "libonig-dev")
	libs.Append(bashfile.Build, "make", testWhy)
	f := newFake()
	rep, _ := runFake(t, f, RunOptions{File: libs, Pyramid: pyr(0), Target: pyramid.Installable, Repairer: scripted(nil)})
	if rep.Level != pyramid.Installable || slices.Contains(f.repos, "") || rep.Setup[0].FromCheckpoint != "" {
		t.Fatalf("no toolchain package: level %s, setup %+v, sandboxes' repositories %q", rep.Level, rep.Setup, f.repos)
	}
	f = newFake()
	f.setup = func(script, section string) (int, string) {
		if section == "install_base_toolchain" && !strings.Contains(script, "libonig-dev") { // the layer's script installs gcc and make only
			return 100, "E: Unable to fetch some archives\n"
		}
		return 0, ""
	}
	withLib := builtFile()
	withLib.AddPackages(bashfile.Base, testWhy, "libonig-dev")
	rep, _ = runFake(t, f, RunOptions{File: withLib, Pyramid: pyr(0), Target: pyramid.Installable, Repairer: scripted(nil)})
	if rep.Level != pyramid.Installable || rep.Setup[0].FromCheckpoint != "" || len(rep.Setup) != 1 || f.repos[0] != "" {
		t.Fatalf("a layer that failed: level %s, setup %+v, sandboxes' repositories %q", rep.Level, rep.Setup, f.repos)
	}
}

// otherRepo is a repository whose files differ from runFake's default.
func otherRepo(t *testing.T) string {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "README"), []byte("another fixture\n"), 0o644)
	return dir
}

// The runtimes a runtimes section installs by name (Node.js and npm for
// every JavaScript project, about 150 s of apt on 2 cores) belong to the
// layer too; the project's own dependencies and libraries do not.
func TestToolchainHoldsTheRuntimes(t *testing.T) {
	f := bashfile.New()
	f.AddPackages(bashfile.Base, testWhy, "libonig-dev")
	f.AddPackages(bashfile.Runtimes, testWhy, "nodejs", "npm")
	f.Append(bashfile.Runtimes, "npm install", testWhy)
	if got := toolchainOf(f); !slices.Equal(got, []string{"nodejs", "npm"}) {
		t.Fatalf("toolchain %q, want nodejs npm", got)
	}
}

// A repair that adds a toolchain package (git, which an npm lifecycle
// script needs) does not make a second layer mid-run: the next setup
// starts from the layer the run already made and the Bash File installs
// git on top.
func TestRepairKeepsTheRunsToolchainLayer(t *testing.T) {
	f := newFake()
	f.command = func(script, text string) (int, string) {
		if strings.Contains(script, " git") {
			return 0, "100% tests passed, 0 tests failed out of 3\n"
		}
		return 1, "sh: 1: git: not found\n"
	}
	addGit := func(fl repair.Failure, _ *bashfile.File) []repair.Proposal {
		if fl.Phase != repair.PhaseCommand {
			return nil
		}
		return []repair.Proposal{{Diagnosis: repair.Diagnosis{Kind: repair.MissingExecutable, Subject: "git"}, Rule: "test", Action: repair.ActionEdit,
			Edits: []bashfile.Edit{{Op: bashfile.OpAddPackages, Section: bashfile.Base, Packages: []string{"git"}, Why: testWhy}}}}
	}
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: pyr(0, documented("make test", pyramid.Unit)), Target: pyramid.Testable, Repairer: scripted(addGit)})
	if rep.Level != pyramid.Testable {
		t.Fatalf("level %s, want testable after the git repair; runs %v", rep.Level, f.runs)
	}
	layers := 0
	for _, r := range f.repos {
		if r == "" {
			layers++
		}
	}
	if layers != 1 || len(rep.Setup) < 2 || rep.Setup[len(rep.Setup)-1].FromCheckpoint != "toolchain" {
		t.Fatalf("%d layers made (want 1, reused after the repair); setup %+v", layers, rep.Setup)
	}
}
