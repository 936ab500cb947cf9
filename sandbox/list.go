package sandbox

import (
	"context"
	"regexp"
	"strings"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
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
	cs, err := e.api.ContainerList(ctx, o)
	for _, w := range listWaits {
		if err == nil || !vanished(err) {
			break
		}
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(w):
		}
		cs, err = e.api.ContainerList(ctx, o)
	}
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

// storeIDRe is the container podman names when a list fails over it.
var storeIDRe = regexp.MustCompile(`getting container from store "([0-9a-f]{12,64})"`)

// vanished reports an engine error about a container that is not there
// (any more).
func vanished(err error) bool {
	return cerrdefs.IsNotFound(err) || strings.Contains(err.Error(), "container not known")
}
