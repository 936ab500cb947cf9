package sandbox

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/client"
)

// GCOptions selects what `heragent gc` removes. Containers labelled by
// heragent are removed when their run is gone; images only when asked.
type GCOptions struct {
	RunID       string // only this run's objects; all runs when empty
	Checkpoints bool   // also remove checkpoint images
	BaseImages  bool   // also remove base images built by bootstrap
	Caches      bool   // also remove the build-cache volumes no container uses
	// OlderThan keeps the checkpoint images used (committed or started
	// from: LastUsed) more recently than this; 0 removes them all.
	OlderThan time.Duration
	// LastUsed says when a run last used a checkpoint image, from its
	// labels (zero when unknown: its creation time counts).
	LastUsed func(labels map[string]string) time.Time
	// Force removes what a live run holds too, and a run's on another
	// host. Without it a run whose process still runs is left alone.
	Force bool
	// Grace is how long an object no owner label or lease accounts for
	// is left (DefaultGrace when 0).
	Grace time.Duration
}

// GCResult lists what was removed, and what was spared and why.
type GCResult struct {
	Containers []string `json:"containers"`
	Images     []string `json:"images"`
	Volumes    []string `json:"volumes"`
	Partials   []string `json:"partials"` // staging directories of dead runs
	Spared     []Spared `json:"spared"`
}

// GC removes what heragent's runs left behind: the containers (and, if
// asked, images) of runs whose process is gone, and their partial
// outputs. Objects without the heragent label are never touched; those
// of a run still going are spared (Force removes them too).
func (e *Engine) GC(ctx context.Context, o GCOptions) (GCResult, error) {
	res := GCResult{Containers: []string{}, Images: []string{}, Volumes: []string{}, Partials: []string{}, Spared: []Spared{}}
	if o.Grace <= 0 {
		o.Grace = DefaultGrace
	}
	leases, err := Leases()
	if err != nil {
		return res, err
	}
	j := judge{o: o, self: Self(), now: time.Now(), leases: leases}
	sp := &spared{}
	cs, err := e.containerList(ctx, o.RunID)
	if err != nil {
		return res, err
	}
	var errs []error
	inUse := map[string]*Spared{} // image ID → the spared run using it
	for _, c := range cs {
		if keep, why := j.spare(c.Labels, time.Unix(c.Created, 0)); keep {
			s := sp.entry(c.Labels[LabelRun], why)
			s.Containers = append(s.Containers, c.ID)
			inUse[imageKey(c.ImageID)] = s
			continue
		}
		if err := e.removeContainer(ctx, c.ID); err != nil {
			errs = append(errs, err)
			continue
		}
		res.Containers = append(res.Containers, c.ID)
	}
	imgs, err := e.gcImages(ctx, j, o, sp, inUse)
	res.Images = append(res.Images, imgs...)
	errs = append(errs, err)
	parts, perrs := j.partials(sp)
	res.Partials = append(res.Partials, parts...)
	errs = append(errs, perrs...)
	if o.Caches {
		vs, err := e.RemoveCaches(ctx)
		res.Volumes = append(res.Volumes, vs...)
		errs = append(errs, err)
	}
	res.Spared = append(res.Spared, sp.list...)
	return res, errors.Join(errs...)
}

// gcImages removes the checkpoint and base images asked for, except those
// a spared container runs from or a live run made.
func (e *Engine) gcImages(ctx context.Context, j judge, o GCOptions, sp *spared, inUse map[string]*Spared) ([]string, error) {
	var kinds []string
	if o.Checkpoints {
		kinds = append(kinds, KindCheckpoint)
	}
	if o.BaseImages {
		kinds = append(kinds, KindBase)
	}
	removed := []string{}
	var errs []error
	for _, kind := range kinds {
		imgs, err := e.listImages(ctx, image.ListOptions{All: true, Filters: filters.NewArgs(
			filters.Arg("label", LabelKind+"="+kind))})
		if err != nil {
			return removed, fmt.Errorf("list images: %w", err)
		}
		for _, im := range imgs {
			if im.Labels[LabelKind] != kind || o.RunID != "" && im.Labels[LabelRun] != o.RunID {
				continue
			}
			// A forced removal would take the containers using the image with it.
			if s := inUse[imageKey(im.ID)]; s != nil && !o.Force {
				s.Images = append(s.Images, im.ID)
				continue
			}
			if kind == KindCheckpoint && o.OlderThan > 0 && time.Since(lastUse(im, o.LastUsed)) < o.OlderThan {
				continue // used more recently than --older-than
			}
			if kind == KindCheckpoint {
				if keep, why := j.spare(im.Labels, time.Unix(im.Created, 0)); keep {
					s := sp.entry(im.Labels[LabelRun], why)
					s.Images = append(s.Images, im.ID)
					continue
				}
			}
			_, err := e.api.ImageRemove(ctx, im.ID, image.RemoveOptions{Force: true, PruneChildren: true})
			if err != nil && !client.IsErrNotFound(err) {
				errs = append(errs, fmt.Errorf("remove image %.19s: %w", im.ID, err))
				continue
			}
			removed = append(removed, im.ID)
		}
	}
	return removed, errors.Join(errs...)
}

// imageKey compares image IDs whether or not the engine prefixes them
// with their digest algorithm.
func imageKey(id string) string { return strings.TrimPrefix(id, "sha256:") }

// Containers lists the IDs of heragent's containers, of one run or all.
func (e *Engine) Containers(ctx context.Context, runID string) ([]string, error) {
	cs, err := e.containerList(ctx, runID)
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(cs))
	for _, c := range cs {
		ids = append(ids, c.ID)
	}
	return ids, nil
}

// containerList lists heragent's containers, of one run or all.
func (e *Engine) containerList(ctx context.Context, runID string) ([]container.Summary, error) {
	f := filters.NewArgs(filters.Arg("label", LabelManaged+"=true"))
	if runID != "" {
		f.Add("label", LabelRun+"="+runID)
	}
	cs, err := e.listContainers(ctx, container.ListOptions{All: true, Filters: f})
	if err != nil {
		return nil, fmt.Errorf("list containers: %w", err)
	}
	out := cs[:0]
	for _, c := range cs {
		if c.Labels[LabelManaged] == "true" { // belt and braces over the filter
			out = append(out, c)
		}
	}
	return out, nil
}

// lastUse is when a checkpoint image was last used: what lastUsed says,
// else when it was made.
func lastUse(im image.Summary, lastUsed func(map[string]string) time.Time) time.Time {
	t := time.Unix(im.Created, 0)
	if lastUsed != nil {
		if u := lastUsed(im.Labels); u.After(t) {
			return u
		}
	}
	return t
}
