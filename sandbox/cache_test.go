package sandbox_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/sandbox"
)

// TestCacheVolumeOutlivesSandboxesNotCommits: what one sandbox writes to a
// cache volume the next sandbox sees, a commit of the first does not hold
// it (checkpoints and exports never carry a cache), the cache's directory
// is first on PATH, another user can write to it, and RemoveCaches
// removes the volume once no container uses it.
func TestCacheVolumeOutlivesSandboxesNotCommits(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	ctx := context.Background()
	runID := sandbox.NewRunID()
	c := sandbox.Cache{Name: "test-" + runID, Target: sandbox.CacheRoot + "/test", Env: []string{"TEST_CACHE=" + sandbox.CacheRoot + "/test"}, PathFirst: "/opt/masquerade"}
	first := enginetest.Sandbox(t, e, sandbox.Options{RunID: runID, Caches: []sandbox.Cache{c}})
	res, err := first.Exec(ctx, sandbox.ExecSpec{Script: `echo object > "$TEST_CACHE/obj" && echo "path=$PATH" && setpriv --reuid=65534 --regid=65534 --clear-groups touch "$TEST_CACHE/other" && echo other-ok`})
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("write the cache: %v %+v", err, res)
	}
	if !strings.Contains(res.Tail, "path=/opt/masquerade:") || !strings.Contains(res.Tail, "other-ok") {
		t.Fatalf("PATH or permissions: %s", res.Tail)
	}
	img, err := first.Commit(ctx, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := first.Close(ctx); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		caches []sandbox.Cache
		want   string
	}{{[]sandbox.Cache{c}, "object"}, {nil, "absent"}} {
		sb := enginetest.Sandbox(t, e, sandbox.Options{Image: img, RunID: runID, Caches: tc.caches})
		res, err := sb.Exec(ctx, sandbox.ExecSpec{Script: `cat ` + c.Target + `/obj 2>/dev/null || echo absent`})
		if err != nil || !strings.Contains(res.Tail, tc.want) {
			t.Errorf("with %d caches: want %q, got %v %q", len(tc.caches), tc.want, err, res.Tail)
		}
		if err := sb.Close(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.GC(ctx, sandbox.GCOptions{RunID: runID, Checkpoints: true}); err != nil {
		t.Fatal(err)
	}
	removed, err := e.RemoveCaches(ctx, c)
	if err != nil || !slices.Equal(removed, []string{"heragent-cache-" + c.Name}) {
		t.Fatalf("RemoveCaches: %v %v", removed, err)
	}
}
