package enginetest

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/client"
	"github.com/docker/docker/pkg/stdcopy"
	"github.com/heragent/heragent/sandbox"
)

// Client connects the Docker SDK to host (the engine DOCKER_HOST names
// when empty), as a user's own tools would; it is closed when the test
// ends. An engine that does not answer is Unavailable.
func Client(t testing.TB, host string) *client.Client {
	t.Helper()
	opts := []client.Opt{client.FromEnv, client.WithAPIVersionNegotiation()}
	if host != "" {
		opts = append(opts, client.WithHost(host))
	}
	cli, err := client.NewClientWithOpts(opts...)
	if err != nil {
		Unavailable(t, "%s: %v", host, err)
	}
	t.Cleanup(func() { cli.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := cli.Ping(ctx); err != nil {
		Unavailable(t, "%s: %v", host, err)
	}
	return cli
}

// ImageLabels returns the labels of image ref.
func ImageLabels(t testing.TB, cli *client.Client, ref string) map[string]string {
	t.Helper()
	ins, err := cli.ImageInspect(context.Background(), ref)
	if err != nil {
		t.Fatalf("inspect image %s: %v", ref, err)
	}
	if ins.Config == nil {
		return nil
	}
	return ins.Config.Labels
}

// RemoveImageAtEnd removes image ref when the test ends.
func RemoveImageAtEnd(t testing.TB, cli *client.Client, ref string) {
	t.Cleanup(func() {
		_, err := cli.ImageRemove(context.Background(), ref, image.RemoveOptions{Force: true, PruneChildren: true})
		if err != nil && !client.IsErrNotFound(err) {
			t.Logf("remove image %s: %v", ref, err)
		}
	})
}

// RunImage runs a container of image as `docker run --rm IMAGE ARGS…`
// does — the image's own entrypoint, args as its command (none: the
// image's) — and returns its exit code and output (stdout and stderr). The
// container is removed afterwards; it carries heragent's labels, so
// `heragent gc` removes it should the test die first.
func RunImage(t testing.TB, cli *client.Client, ref string, args ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cfg := &container.Config{
		Image:  ref,
		Cmd:    args,
		Labels: map[string]string{sandbox.LabelManaged: "true", sandbox.LabelKind: sandbox.KindSandbox, sandbox.LabelRun: "test-" + sandbox.NewRunID(), sandbox.LabelOwner: sandbox.Self().String()},
	}
	c, err := cli.ContainerCreate(ctx, cfg, &container.HostConfig{}, nil, nil, "")
	if err != nil {
		t.Fatalf("create a container of %s: %v", ref, err)
	}
	defer cli.ContainerRemove(context.WithoutCancel(ctx), c.ID, container.RemoveOptions{Force: true})
	waitC, errC := cli.ContainerWait(ctx, c.ID, container.WaitConditionNextExit)
	if err := cli.ContainerStart(ctx, c.ID, container.StartOptions{}); err != nil {
		t.Fatalf("start a container of %s: %v", ref, err)
	}
	code := -1
	select {
	case w := <-waitC:
		if w.Error != nil {
			t.Fatalf("wait for the container of %s: %s", ref, w.Error.Message)
		}
		code = int(w.StatusCode)
	case err := <-errC:
		t.Fatalf("wait for the container of %s: %v", ref, err)
	}
	logs, err := cli.ContainerLogs(ctx, c.ID, container.LogsOptions{ShowStdout: true, ShowStderr: true})
	if err != nil {
		t.Fatalf("logs of the container of %s: %v", ref, err)
	}
	defer logs.Close()
	var out bytes.Buffer
	if _, err := stdcopy.StdCopy(&out, &out, logs); err != nil {
		t.Fatalf("logs of the container of %s: %v", ref, err)
	}
	return code, out.String()
}
