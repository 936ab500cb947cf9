package loops

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
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/sandbox"
)

// On a real engine: the test suite needs xxd, which the rules brain adds
// after the build; the next setup starts from the build's checkpoint and
// installs xxd without compiling again, and the exported Dockerfile,
// built from scratch, reproduces the level. Not parallel: it commits
// every build (buildCheckpointMin and buildCommitRatio 0).
func TestBuildCheckpointOnAnEngine(t *testing.T) {
	defer func(d time.Duration, n int) { buildCheckpointMin, buildCommitRatio = d, n }(buildCheckpointMin, buildCommitRatio)
	buildCheckpointMin, buildCommitRatio = 0, 0
	e := enginetest.Engine(t)
	certs, _ := sandbox.HostCACerts()
	repo := testrepo.Write(t, map[string]string{
		"hello.c":  "#include <stdio.h>\nint main(void) { puts(\"hello\"); return 0; }\n",
		"Makefile": "hello: hello.c\n\tcc -o hello hello.c\ncheck: hello\n\t./hello | xxd | grep -q 6865 && echo '1 passed, 0 failed'\n",
	})
	f := bashfile.New()
	why := bashfile.Provenance{Source: "test"}
	f.AddPackages(bashfile.Base, why, "gcc", "libc6-dev", "make")
	f.Append(bashfile.Build, "make hello", why)
	p := &pyramid.Pyramid{}
	p.Add(pyramid.Command{Text: "make check", Bucket: pyramid.Unit, Reason: "runs the test"})
	p.Add(pyramid.Command{Text: "./hello", Bucket: pyramid.Entry, Reason: "runs the program", Expect: []string{`^hello$`}})
	out := filepath.Join(t.TempDir(), "out")
	o := RunOptions{Repo: repo, Out: out, Image: enginetest.Image(), CACerts: certs, File: f, Pyramid: p,
		Repairer: repair.RulesBrain{Index: repair.MapIndex{Executables: map[string][]string{"xxd": {"xxd"}}}},
		MaxTime:  10 * time.Minute, RunID: sandbox.NewRunID()}
	t.Cleanup(func() { e.GC(context.Background(), sandbox.GCOptions{Checkpoints: true, RunID: o.RunID}) })
	rep, err := Run(context.Background(), Docker(e), o)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Level != pyramid.Runnable || len(rep.Setup) != 2 || rep.Setup[1].FromCheckpoint != string(bashfile.Build) {
		t.Fatalf("level %s (%s), setups %+v", rep.Level, rep.WhyNotHigher, rep.Setup)
	}
	second, _ := os.ReadFile(filepath.Join(out, rep.Setup[1].Log))
	if strings.Contains(string(second), "cc -o hello") || !strings.Contains(string(second), "xxd") {
		t.Fatalf("the second setup compiled again, or installed no xxd:\n%s", second)
	}
	v, err := Verify(context.Background(), Docker(e), out, VerifyOptions{CACerts: certs})
	if err != nil {
		t.Fatal(err)
	}
	if !v.Match || v.Reproduced != pyramid.Runnable {
		t.Fatalf("verify: %+v", v)
	}
}
