package sandbox_test

import (
	"context"
	"strings"
	"testing"

	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/sandbox"
)

// TestAptPoolSkipsSecondDownload: a package one sandbox downloaded is not
// downloaded again by the next sandbox that mounts the pool; the first
// sandbox's commit holds a link to the pool, not the package file, and in
// a sandbox without the pool the dangling link is downloaded over.
func TestAptPoolSkipsSecondDownload(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	ctx := context.Background()
	runID := sandbox.NewRunID()
	c := sandbox.AptCache()
	c.Name = "test-apt-" + runID
	install := `apt-get update -qq && apt-get install -y --no-install-recommends hello && ls -l /var/cache/apt/archives/ && hello`

	first := enginetest.Sandbox(t, e, sandbox.Options{RunID: runID, Caches: []sandbox.Cache{c}})
	res, err := first.Exec(ctx, sandbox.ExecSpec{Script: install})
	if err != nil || res.ExitCode != 0 || strings.Contains(res.Tail, "Need to get 0 B") {
		t.Fatalf("first install (downloads): %v %+v", err, res)
	}
	img, err := first.Commit(ctx, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := first.Close(ctx); err != nil {
		t.Fatal(err)
	}

	second := enginetest.Sandbox(t, e, sandbox.Options{RunID: runID, Caches: []sandbox.Cache{c}})
	res, err = second.Exec(ctx, sandbox.ExecSpec{Script: install})
	if err != nil || res.ExitCode != 0 || !strings.Contains(res.Tail, "Need to get 0 B") || !strings.Contains(res.Tail, "Hello, world!") {
		t.Fatalf("second install should take the pool's file: %v %+v", err, res)
	}
	if err := second.Close(ctx); err != nil {
		t.Fatal(err)
	}

	bare := enginetest.Sandbox(t, e, sandbox.Options{Image: img, RunID: runID})
	res, err = bare.Exec(ctx, sandbox.ExecSpec{Script: `f=$(ls /var/cache/apt/archives/hello_*.deb) && test -L "$f" && ! test -e "$f" && echo dangling-link && apt-get install -y --reinstall --no-install-recommends hello && test -f "$f" && ! test -L "$f" && echo downloaded-over`})
	if err != nil || res.ExitCode != 0 || !strings.Contains(res.Tail, "dangling-link") || !strings.Contains(res.Tail, "downloaded-over") {
		t.Fatalf("commit without the pool: %v %+v", err, res)
	}
	if err := bare.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := e.GC(ctx, sandbox.GCOptions{RunID: runID, Checkpoints: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.RemoveCaches(ctx, c); err != nil {
		t.Fatal(err)
	}
}
