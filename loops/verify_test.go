package loops

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/sandbox"
)

// An output directory holding a checkout in repo/, as the Dockerfile's
// header says to put one, is verified with that checkout: the one the
// run read may be gone (the directory was moved to another machine).
// --tag keeps the image: it is not labelled a checkpoint, and verify.json
// names it.
func TestVerifyTakesTheCheckoutInRepoAndKeepsATaggedImage(t *testing.T) {
	f := newFake()
	repo, out := testableRun(t, f)
	moved := filepath.Join(out, contextRepo)
	if err := os.Rename(repo, moved); err != nil {
		t.Fatal(err)
	}
	v, err := Verify(context.Background(), f, out, VerifyOptions{Tag: "localhost/mine:1"})
	if err != nil {
		t.Fatal(err)
	}
	bo := f.builds[len(f.builds)-1]
	if !v.Match || v.Repo != moved || bo.Context != out || bo.Mounts[contextRepo] != moved {
		t.Fatalf("verify of %s from %s (context %s, repo/ %s): %+v", out, v.Repo, bo.Context, bo.Mounts[contextRepo], v)
	}
	if bo.Tag != "localhost/mine:1" || !bo.Keep || v.Tag != bo.Tag || v.Image == "" {
		t.Fatalf("the tagged image is not kept: build %q keep %v, verify.json %q %q", bo.Tag, bo.Keep, v.Tag, v.Image)
	}

	os.RemoveAll(moved) // without repo/, the run's repository; untagged, the image goes
	os.MkdirAll(repo, 0o755)
	if v, err = Verify(context.Background(), f, out, VerifyOptions{}); err != nil {
		t.Fatal(err)
	}
	if bo = f.builds[len(f.builds)-1]; v.Repo != repo || bo.Mounts[contextRepo] != repo || bo.Keep || bo.Tag != "" || v.Tag != "" {
		t.Fatalf("verify from %s (repo/ %s), keep %v tag %q", v.Repo, bo.Mounts[contextRepo], bo.Keep, v.Tag)
	}
}

// A build step the engine killed is built once more; a verify that stood
// on the shared toolchain layer and still fails is built on BASE itself.
func TestVerifyBuildsAgainAfterTheEngineKilledAStep(t *testing.T) {
	f := newFake()
	_, out := testableRun(t, f)
	killed := 1
	f.buildFails = func(sandbox.BuildOptions) error {
		if killed > 0 {
			killed--
			return errors.New(`build image: building at STEP "RUN sh /heragent/with-build-ca.sh bash /heragent/setup.sh install_base_toolchain": while running runtime: signal: killed`)
		}
		return nil
	}
	n := len(f.builds)
	v, err := Verify(context.Background(), f, out, VerifyOptions{})
	if err != nil || !v.Match || len(f.builds) != n+2 {
		t.Fatalf("verify after a killed step: %v, %d builds, %+v", err, len(f.builds)-n, v)
	}

	if v.BuiltOn == "" {
		t.Fatalf("the run's toolchain layer (make) was not built on: %+v", f.builds[len(f.builds)-1].BuildArgs)
	}
	f.buildFails = func(o sandbox.BuildOptions) error {
		if o.BuildArgs["BASE"] != "base" {
			return errors.New("build image: the layer is gone")
		}
		return nil
	}
	n = len(f.builds)
	if v, err = Verify(context.Background(), f, out, VerifyOptions{}); err != nil || !v.Match || v.BuiltOn != "" {
		t.Fatalf("verify: %v %+v", err, v)
	}
	if bo := f.builds[len(f.builds)-1]; bo.BuildArgs["BASE"] != "base" {
		t.Fatalf("the last build stood on %q, not on BASE", bo.BuildArgs["BASE"])
	}
}

// testableRun is a fake run of a checkout whose `make check` passes: its
// repository and output directory.
func testableRun(t *testing.T, f *fakeEngine) (repo, out string) {
	t.Helper()
	f.command = func(_, text string) (int, string) { return 0, "1..1\nok 1 - works\n" }
	repo = t.TempDir()
	os.WriteFile(filepath.Join(repo, "README"), []byte("fixture\n"), 0o644)
	rep, out := runFake(t, f, RunOptions{Repo: repo, File: builtFile(), Pyramid: pyr(1, documented("make check", pyramid.Unit)),
		Target: pyramid.Testable, Repairer: scripted(nil)})
	if rep.Level != pyramid.Testable {
		t.Fatalf("run: level %s", rep.Level)
	}
	return repo, out
}

// A suite the run cut at its time limit (a share of the run's budget) is
// re-proved by verify on as much time, not on the whole command limit.
func TestVerifyReprovesACutSuiteOnTheRunsTime(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		return fakeTimedOut, "a.sh                PASS (3s)\nb.sh                PASS (1s)\nc.sh                PASS (2s)\n"
	}
	repo := t.TempDir()
	os.WriteFile(filepath.Join(repo, "README"), []byte("fixture\n"), 0o644)
	rep, out := runFake(t, f, RunOptions{Repo: repo, File: builtFile(), Pyramid: pyr(1, documented("make check", pyramid.Unit)),
		Repairer: scripted(nil), MaxTime: time.Hour, CommandTimeout: 2 * time.Hour})
	if rep.Level != pyramid.Testable || rep.TestableEvidence != pyramid.EvidenceSubset {
		t.Fatalf("run: level %s evidence %s (%s)", rep.Level, rep.TestableEvidence, rep.WhyNotHigher)
	}
	ran := f.limits["make check"][0]
	v, err := Verify(context.Background(), f, out, VerifyOptions{CommandTimeout: 2 * time.Hour})
	if err != nil || !v.Match {
		t.Fatalf("verify: %v %+v", err, v)
	}
	if got := f.limits["make check"][0]; got > ran*11/10+time.Second || got < ran {
		t.Errorf("verify's limit %s for a suite the run cut after %s", got, ran)
	}
}
