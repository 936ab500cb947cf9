package sandbox

import (
	"context"
	"regexp"
	"strings"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/image"
)

// listWaits are the pauses before listing containers again when the
// engine failed the list over one container that vanished meanwhile:
// podman 4.3 answers the whole list 500 "getting container from store
// …: container not known" while a container is being removed (or was
// left "Removing" by an API service that was restarted), which would
// otherwise fail a run, gc or an eviction that only wanted the others.
var listWaits = []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second}

// listContainers is ContainerList, tried again while one container
// vanishing fails it.
func (e *Engine) listContainers(ctx context.Context, o container.ListOptions) ([]container.Summary, error) {
	cs, err := listRetried(ctx, func() ([]container.Summary, error) { return e.api.ContainerList(ctx, o) })
	if err != nil && vanished(err) {
		// Still failing: a container left half removed (its API service
		// was restarted mid-removal) fails every list until it is gone.
		// Finishing its removal is all that is left to do with it.
		if m := storeIDRe.FindStringSubmatch(err.Error()); m != nil {
			if rerr := e.api.ContainerRemove(ctx, m[1], container.RemoveOptions{Force: true}); rerr == nil {
				cs, err = e.api.ContainerList(ctx, o)
			}
		}
	}
	return cs, err
}

// listImages is ImageList, tried again while one image vanishing fails
// it: podman answers the whole list 500 "checking if image … is
// dangling: … image not known" while another run removes an image.
func (e *Engine) listImages(ctx context.Context, o image.ListOptions) ([]image.Summary, error) {
	return listRetried(ctx, func() ([]image.Summary, error) { return e.api.ImageList(ctx, o) })
}

// listRetried calls list again after each of listWaits while it fails
// over something that vanished meanwhile.
func listRetried[T any](ctx context.Context, list func() ([]T, error)) ([]T, error) {
	out, err := list()
	for _, w := range listWaits {
		if err == nil || !vanished(err) {
			break
		}
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(w):
		}
		out, err = list()
	}
	return out, err
}

// storeIDRe is the container podman names when a list fails over it.
var storeIDRe = regexp.MustCompile(`getting container from store "([0-9a-f]{12,64})"`)

// vanished reports an engine error about a container or image that is
// not there (any more).
func vanished(err error) bool {
	msg := err.Error()
	return cerrdefs.IsNotFound(err) || strings.Contains(msg, "container not known") || strings.Contains(msg, "image not known")
}
