package loops_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/internal/testrepo"
	"github.com/heragent/heragent/loops"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/sandbox"
)

// On a real engine, the toolchain packages of a base section (m4 here:
// small) go into a layer committed without a repository; two repositories
// with different base sections both start from it, each with its own
// files in /repo, and only one run makes it.
func TestToolchainLayerOnEngine(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	certs, _ := sandbox.HostCACerts()
	why := bashfile.Provenance{Source: "test"}
	made := 0
	for i, name := range []string{"first repository", "second repository"} {
		// The run ID makes each repository's contents new on this engine: a
		// checkpoint an earlier, killed run of this test left (keyed by the
		// base image, the repository and the Bash File) cannot match it.
		runID := sandbox.NewRunID()
		content := name + " " + runID
		f := bashfile.New()
		f.AddPackages(bashfile.Base, why, "m4")
		if i == 1 {
			f.Append(bashfile.Base, "persist_env SECOND 1", why)
		}
		f.Append(bashfile.Build, "cat mine.txt && m4 --version", why)
		repo := testrepo.Write(t, map[string]string{"mine.txt": content + "\n"})
		out := filepath.Join(t.TempDir(), "out")
		o := loops.RunOptions{Repo: repo, Out: out, Image: enginetest.Image(), CACerts: certs, File: f, Pyramid: &pyramid.Pyramid{},
			Target: pyramid.Installable, Repairer: repair.RulesBrain{}, MaxTime: 10 * time.Minute, RunID: runID}
		t.Cleanup(func() { e.GC(context.Background(), sandbox.GCOptions{Checkpoints: true, RunID: o.RunID}) })
		rep, err := loops.Run(context.Background(), loops.Docker(e), o)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Level != pyramid.Installable || rep.Setup[0].FromCheckpoint != "toolchain" {
			t.Fatalf("%s: level %s, setup %+v: want a start from the toolchain layer\n%s", content, rep.Level, rep.Setup, rep.Markdown())
		}
		log, _ := os.ReadFile(filepath.Join(out, rep.Setup[0].Log))
		if !strings.Contains(string(log), content) || !strings.Contains(string(log), "GNU M4") {
			t.Fatalf("%s: the build did not see its repository and the layer's m4:\n%s", content, log)
		}
		traj, _ := os.ReadFile(filepath.Join(out, "trajectory.jsonl"))
		if strings.Contains(string(traj), "making the shared toolchain layer") {
			made++
		}
		if i == 0 {
			continue
		}
		// verify builds on the layer the run started from, and on the
		// base image itself when asked to.
		for _, fromBase := range []bool{false, true} {
			v, err := loops.Verify(context.Background(), loops.Docker(e), out, loops.VerifyOptions{CACerts: certs, FromBase: fromBase})
			if err != nil {
				t.Fatal(err)
			}
			if !v.Match || (v.BuiltOn == "") != fromBase || !fromBase && !strings.Contains(v.BuiltOn, "m4") {
				t.Fatalf("verify (from the base: %v): match %v, built on %q: %v", fromBase, v.Match, v.BuiltOn, v.Mismatches)
			}
		}
	}
	if made > 1 {
		t.Fatalf("the layer was made %d times", made)
	}
}
