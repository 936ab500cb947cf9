package sandbox_test

import (
	"context"
	"strings"
	"testing"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/client"
	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/sandbox"
)

// TestCheckpointAndHostCA commits a sandbox that installed curl (plain-http
// apt needs no CA), then starts two sandboxes from that checkpoint: with the
// host's extra CAs an https registry behind the host's TLS proxy is
// reachable, without them it is not. On a host with no extra CA there is
// nothing to prove and the CA half is skipped.
func TestCheckpointAndHostCA(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	ctx := context.Background()
	runID := sandbox.NewRunID()
	base := enginetest.Sandbox(t, e, sandbox.Options{RunID: runID})
	res, err := base.Exec(ctx, sandbox.ExecSpec{Script: "apt-get update -qq && apt-get install -y -qq --no-install-recommends curl >/dev/null && echo marker > /root/checkpoint-marker"})
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("install curl: %v %+v", err, res)
	}
	img, err := base.Commit(ctx, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.GC(context.Background(), sandbox.GCOptions{RunID: runID, Checkpoints: true}) })

	from := enginetest.Sandbox(t, e, sandbox.Options{Image: img, RunID: runID})
	res, err = from.Exec(ctx, sandbox.ExecSpec{Script: "cat /root/checkpoint-marker && command -v curl"})
	if err != nil || res.ExitCode != 0 || !strings.Contains(res.Tail, "marker") {
		t.Fatalf("checkpoint lost state: %v %+v", err, res)
	}

	certs, err := sandbox.HostCACerts()
	if err != nil {
		t.Fatal(err)
	}
	if len(certs) == 0 {
		t.Skip("host has no extra CA certificates to inject")
	}
	const probe = "curl -sS -o /dev/null -m 20 -w '%{http_code}' https://registry.npmjs.org/"
	with := enginetest.Sandbox(t, e, sandbox.Options{Image: img, RunID: runID, CACerts: certs})
	res, err = with.Exec(ctx, sandbox.ExecSpec{Script: probe})
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("https with host CA injected failed: %v exit %d: %s", err, res.ExitCode, res.Tail)
	}
	without := enginetest.Sandbox(t, e, sandbox.Options{Image: img, RunID: runID})
	res, err = without.Exec(ctx, sandbox.ExecSpec{Script: probe})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 60 { // curl: peer certificate cannot be authenticated
		t.Fatalf("without the host CA curl exited %d, want 60 (is the host CA really needed?): %s", res.ExitCode, res.Tail)
	}
}

// TestGCTouchesOnlyLabelledContainers creates an unlabelled container next
// to a heragent one; gc removes only the latter.
func TestGCTouchesOnlyLabelledContainers(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	ctx := context.Background()
	cli, err := client.NewClientWithOpts(client.FromEnv, client.WithAPIVersionNegotiation(), client.WithHost(e.Host))
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	foreign, err := cli.ContainerCreate(ctx, &container.Config{Image: enginetest.Image(), Cmd: []string{"true"}}, nil, nil, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	defer cli.ContainerRemove(ctx, foreign.ID, container.RemoveOptions{Force: true})

	runID := sandbox.NewRunID()
	if _, err := e.NewSandbox(ctx, sandbox.Options{Image: enginetest.Image(), RunID: runID}); err != nil {
		t.Fatal(err)
	}
	res, err := e.GC(ctx, sandbox.GCOptions{RunID: runID})
	if err != nil || len(res.Containers) != 1 {
		t.Fatalf("gc removed %v, err %v; want the one labelled container", res.Containers, err)
	}
	// Removing every run's containers would disturb tests running in
	// parallel; the listing gc works from must not include the foreign one,
	// even though it was started from heragent's base image.
	ids, err := e.Containers(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if id == foreign.ID {
			t.Fatal("an unlabelled container is listed as heragent's")
		}
	}
	if _, err := cli.ContainerInspect(ctx, foreign.ID); err != nil {
		t.Fatalf("unlabelled container gone: %v", err)
	}
}
