package sandbox

import (
	"context"
	"errors"
	"fmt"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/client"
)

// GCOptions selects what `heragent gc` removes. Containers labelled by
// heragent are always removed; images only when asked.
type GCOptions struct {
	RunID       string // only this run's objects; all runs when empty
	Checkpoints bool   // also remove checkpoint images
	BaseImages  bool   // also remove base images built by bootstrap
	Caches      bool   // also remove the build-cache volumes no container uses
}

// GCResult lists what was removed.
type GCResult struct {
	Containers []string `json:"containers"`
	Images     []string `json:"images"`
	Volumes    []string `json:"volumes"`
}

// GC removes leftover heragent containers (and, if asked, images). Objects
// without the heragent label are never touched.
func (e *Engine) GC(ctx context.Context, o GCOptions) (GCResult, error) {
	res := GCResult{Containers: []string{}, Images: []string{}, Volumes: []string{}}
	ids, err := e.Containers(ctx, o.RunID)
	if err != nil {
		return res, err
	}
	var errs []error
	for _, id := range ids {
		if err := e.removeContainer(ctx, id); err != nil {
			errs = append(errs, err)
			continue
		}
		res.Containers = append(res.Containers, id)
	}
	var kinds []string
	if o.Checkpoints {
		kinds = append(kinds, KindCheckpoint)
	}
	if o.BaseImages {
		kinds = append(kinds, KindBase)
	}
	for _, kind := range kinds {
		imgs, err := e.api.ImageList(ctx, image.ListOptions{All: true, Filters: filters.NewArgs(
			filters.Arg("label", LabelKind+"="+kind))})
		if err != nil {
			return res, fmt.Errorf("list images: %w", err)
		}
		for _, im := range imgs {
			if im.Labels[LabelKind] != kind {
				continue
			}
			if o.RunID != "" && im.Labels[LabelRun] != o.RunID {
				continue
			}
			_, err := e.api.ImageRemove(ctx, im.ID, image.RemoveOptions{Force: true, PruneChildren: true})
			if err != nil && !client.IsErrNotFound(err) {
				errs = append(errs, fmt.Errorf("remove image %.19s: %w", im.ID, err))
				continue
			}
			res.Images = append(res.Images, im.ID)
		}
	}
	if o.Caches {
		vs, err := e.RemoveCaches(ctx)
		res.Volumes = append(res.Volumes, vs...)
		errs = append(errs, err)
	}
	return res, errors.Join(errs...)
}

// Containers lists the IDs of heragent's containers, of one run or all.
func (e *Engine) Containers(ctx context.Context, runID string) ([]string, error) {
	f := filters.NewArgs(filters.Arg("label", LabelManaged+"=true"))
	if runID != "" {
		f.Add("label", LabelRun+"="+runID)
	}
	cs, err := e.api.ContainerList(ctx, container.ListOptions{All: true, Filters: f})
	if err != nil {
		return nil, fmt.Errorf("list containers: %w", err)
	}
	ids := make([]string, 0, len(cs))
	for _, c := range cs {
		if c.Labels[LabelManaged] == "true" { // belt and braces over the filter
			ids = append(ids, c.ID)
		}
	}
	return ids, nil
}
