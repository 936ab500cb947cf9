package sandbox

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/image"
)

// flakyList fails its first lists as podman 4.3 does while a container is
// being removed.
type flakyList struct {
	fakeGCAPI
	fails int
	calls int
	err   error
}

func (f *flakyList) ContainerList(ctx context.Context, o container.ListOptions) ([]container.Summary, error) {
	f.calls++
	if f.calls <= f.fails {
		return nil, f.err
	}
	return f.fakeGCAPI.ContainerList(ctx, o)
}

func TestListContainersOutlastsAVanishingContainer(t *testing.T) {
	defer func(w []time.Duration) { listWaits = w }(listWaits)
	listWaits = []time.Duration{time.Millisecond, time.Millisecond}
	gone := errors.New(`Error response from daemon: getting container from store "050a9b87ab12": container not known`)
	for _, tt := range []struct {
		name  string
		fails int
		err   error
		ok    bool
		calls int
	}{
		{"one vanishing container", 1, gone, true, 2},
		{"stuck until its removal is finished", 3, gone, true, 4},
		{"stuck for good", 9, gone, false, 4},
		{"another error is not retried", 9, errors.New("Cannot connect to the Docker daemon"), false, 1},
	} {
		api := &flakyList{fakeGCAPI: fakeGCAPI{containers: []container.Summary{{ID: "c1"}}}, fails: tt.fails, err: tt.err}
		cs, err := (&Engine{api: api}).listContainers(context.Background(), container.ListOptions{All: true})
		if (err == nil) != tt.ok || api.calls != tt.calls || tt.ok && len(cs) != 1 {
			t.Errorf("%s: %d containers, err %v after %d lists", tt.name, len(cs), err, api.calls)
		}
	}
}

func (f *flakyList) ContainerRemove(ctx context.Context, id string, o container.RemoveOptions) error {
	if id != "050a9b87ab12" || !o.Force {
		return errors.New("no such container " + id)
	}
	return f.fakeGCAPI.ContainerRemove(ctx, id, o)
}

// flakyImages fails its first image lists as podman does while another
// run removes an image.
type flakyImages struct {
	fakeGCAPI
	fails, calls int
}

func (f *flakyImages) ImageList(ctx context.Context, o image.ListOptions) ([]image.Summary, error) {
	f.calls++
	if f.calls <= f.fails {
		return nil, errors.New(`Error response from daemon: checking if image "61ebcb80193f" is dangling: reading image "61ebcb80193f": locating image with ID "61ebcb80193f": image not known`)
	}
	return f.fakeGCAPI.ImageList(ctx, o)
}

func TestGCOutlastsAVanishingImage(t *testing.T) {
	defer func(w []time.Duration) { listWaits = w }(listWaits)
	listWaits = []time.Duration{time.Millisecond, time.Millisecond}
	api := &flakyImages{fakeGCAPI: fakeGCAPI{images: []image.Summary{{ID: "i1", Labels: map[string]string{LabelKind: KindCheckpoint}}}}, fails: 1}
	res, err := (&Engine{api: api}).GC(context.Background(), GCOptions{Checkpoints: true})
	if err != nil || len(res.Images) != 1 || api.calls != 2 {
		t.Errorf("removed %v, err %v after %d image lists", res.Images, err, api.calls)
	}
}
