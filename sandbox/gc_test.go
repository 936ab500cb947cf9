package sandbox

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/image"
)

// fakeGCAPI answers the calls GC makes; any other call panics.
type fakeGCAPI struct {
	dockerAPI
	containers []container.Summary
	images     []image.Summary
	removed    []string
}

func (f *fakeGCAPI) ContainerList(context.Context, container.ListOptions) ([]container.Summary, error) {
	return slices.Clone(f.containers), nil
}

func (f *fakeGCAPI) ContainerRemove(_ context.Context, id string, _ container.RemoveOptions) error {
	f.removed = append(f.removed, id)
	return nil
}

func (f *fakeGCAPI) ImageList(context.Context, image.ListOptions) ([]image.Summary, error) {
	return slices.Clone(f.images), nil
}

func (f *fakeGCAPI) ImageRemove(_ context.Context, id string, _ image.RemoveOptions) ([]image.DeleteResponse, error) {
	f.removed = append(f.removed, id)
	return nil, nil
}

// TestGCSparesLiveRuns runs GC over a live run's container and checkpoint,
// a killed run's, and a checkpoint the live container runs from: only the
// killed run's go, and the result says what was spared and why.
func TestGCSparesLiveRuns(t *testing.T) {
	t.Setenv("HERAGENT_STATE_DIR", t.TempDir())
	live, dead := parent(t), exited(t)
	old := time.Now().Add(-time.Hour).Unix()
	labels := func(run string, o Owner) map[string]string {
		return map[string]string{LabelManaged: "true", LabelKind: KindSandbox, LabelRun: run, LabelOwner: o.String()}
	}
	ckpt := func(run string, o Owner) map[string]string {
		return map[string]string{LabelKind: KindCheckpoint, LabelRun: run, LabelOwner: o.String()}
	}
	api := &fakeGCAPI{
		containers: []container.Summary{
			{ID: "c-live", ImageID: "sha256:i-used", Created: old, Labels: labels("live", live)},
			{ID: "c-dead", ImageID: "sha256:i-dead", Created: old, Labels: labels("dead", dead)},
		},
		images: []image.Summary{
			{ID: "sha256:i-used", Created: old, Labels: ckpt("dead", dead)},
			{ID: "sha256:i-dead", Created: old, Labels: ckpt("dead", dead)},
			{ID: "sha256:i-live", Created: old, Labels: ckpt("live", live)},
		},
	}
	e := newEngine(api, "fake")
	res, err := e.GC(context.Background(), GCOptions{Checkpoints: true})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(api.removed, []string{"c-dead", "sha256:i-dead"}) {
		t.Fatalf("removed %v, want only the killed run's container and checkpoint", api.removed)
	}
	if len(res.Spared) != 1 {
		t.Fatalf("spared %+v, want one entry for the live run", res.Spared)
	}
	s := res.Spared[0]
	if s.RunID != "live" || !slices.Equal(s.Containers, []string{"c-live"}) || len(s.Images) != 2 {
		t.Fatalf("spared %+v, want c-live, the image it runs from and its own checkpoint", s)
	}
	if line := s.String(); !strings.Contains(line, "spared 1 container(s) and 2 image(s) of run live (pid ") || !strings.Contains(line, "is running") {
		t.Fatalf("line %q", line)
	}

	api.removed = nil
	if _, err := e.GC(context.Background(), GCOptions{Checkpoints: true, Force: true}); err != nil {
		t.Fatal(err)
	}
	if len(api.removed) != 5 {
		t.Fatalf("--force removed %v, want everything labelled", api.removed)
	}
}
