package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/client"
)

// DefaultCheckpointCap is the disk the checkpoint images may take
// together before the least recently used are evicted: a batch commits a
// base and a runtimes checkpoint per repository (0.3–1 GB each), which
// filled this machine's disk in one corpus pass.
const DefaultCheckpointCap = 20 << 30

// Evicted is what an eviction removed.
type Evicted struct {
	Images []string `json:"images"`
	Freed  int64    `json:"freed"` // bytes, estimated
	Left   int64    `json:"left"`  // bytes the checkpoints still take, estimated
}

// checkpointImage is a checkpoint image with what eviction weighs.
type checkpointImage struct {
	image.Summary
	unique   int64     // its own layers: its size less its parent's
	lastUsed time.Time // when a run last committed or started from it
}

// EvictCheckpoints removes checkpoint images until those left take at
// most limit bytes: the least recently used first (lastUsed says when a
// run last used one, from its labels; the creation time when it says
// nothing), leaves of a checkpoint chain before their parents, never one
// a container runs from or a run still going made. Sizes are estimated
// from the engine's image list: an image's own layers are its size less
// its parent's.
func (e *Engine) EvictCheckpoints(ctx context.Context, limit int64, lastUsed func(labels map[string]string) time.Time) (Evicted, error) {
	res := Evicted{Images: []string{}}
	cps, err := e.checkpointImages(ctx, lastUsed)
	if err != nil {
		return res, err
	}
	for _, c := range cps {
		res.Left += c.unique
	}
	if res.Left <= limit {
		return res, nil
	}
	busy, err := e.imagesInUse(ctx)
	if err != nil {
		return res, err
	}
	leases, err := Leases()
	if err != nil {
		return res, err
	}
	j := judge{o: GCOptions{Grace: DefaultGrace}, self: Self(), now: time.Now(), leases: leases}
	sort.SliceStable(cps, func(a, b int) bool { return cps[a].lastUsed.Before(cps[b].lastUsed) })
	var errs []error
	for removed := true; removed && res.Left > limit; {
		removed = false
		for i, c := range cps {
			if c.ID == "" || busy[imageKey(c.ID)] || hasChild(cps, c.ID) {
				continue
			}
			if keep, _ := j.spare(c.Labels, time.Unix(c.Created, 0)); keep {
				continue // a run still going may start from it
			}
			if _, err := e.api.ImageRemove(ctx, c.ID, image.RemoveOptions{}); err != nil && !client.IsErrNotFound(err) {
				errs = append(errs, fmt.Errorf("evict checkpoint %.19s: %w", c.ID, err))
				cps[i].ID = ""
				continue
			}
			res.Images = append(res.Images, c.ID)
			res.Freed += c.unique
			res.Left -= c.unique
			cps[i].ID = ""
			removed = true
			break // leaves change: look again from the least recently used
		}
	}
	return res, errors.Join(errs...)
}

// checkpointImages lists the checkpoint images with their own size and
// when they were last used.
func (e *Engine) checkpointImages(ctx context.Context, lastUsed func(map[string]string) time.Time) ([]checkpointImage, error) {
	all, err := e.listImages(ctx, image.ListOptions{All: true})
	if err != nil {
		return nil, fmt.Errorf("list images: %w", err)
	}
	size := map[string]int64{}
	for _, im := range all {
		size[imageKey(im.ID)] = im.Size
	}
	var out []checkpointImage
	for _, im := range all {
		if im.Labels[LabelKind] != KindCheckpoint {
			continue
		}
		c := checkpointImage{Summary: im, unique: im.Size, lastUsed: time.Unix(im.Created, 0)}
		if p, ok := size[imageKey(im.ParentID)]; ok && im.ParentID != "" && p <= im.Size {
			c.unique = im.Size - p
		}
		if lastUsed != nil {
			if t := lastUsed(im.Labels); t.After(c.lastUsed) {
				c.lastUsed = t
			}
		}
		out = append(out, c)
	}
	return out, nil
}

// hasChild reports whether a checkpoint still listed was committed on id.
func hasChild(cps []checkpointImage, id string) bool {
	for _, c := range cps {
		if c.ID != "" && imageKey(c.ParentID) == imageKey(id) {
			return true
		}
	}
	return false
}

// imagesInUse are the images containers (running or not) were created from.
func (e *Engine) imagesInUse(ctx context.Context) (map[string]bool, error) {
	cs, err := e.listContainers(ctx, container.ListOptions{All: true, Filters: filters.NewArgs()})
	if err != nil {
		return nil, fmt.Errorf("list containers: %w", err)
	}
	out := map[string]bool{}
	for _, c := range cs {
		out[imageKey(c.ImageID)] = true
	}
	return out, nil
}

// TouchCheckpoint records that a run used the checkpoint keyed key now
// (committed it, or started from it): eviction takes the least recently
// used first.
func TouchCheckpoint(key string) {
	dir, err := StateDir()
	if err != nil || key == "" {
		return
	}
	p := filepath.Join(dir, "checkpoints", key)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return
	}
	now := time.Now()
	if os.Chtimes(p, now, now) != nil {
		_ = os.WriteFile(p, nil, 0o644)
	}
}

// CheckpointUsed is when a run last used the checkpoint keyed key (zero
// when none recorded it).
func CheckpointUsed(key string) time.Time {
	dir, err := StateDir()
	if err != nil || key == "" {
		return time.Time{}
	}
	fi, err := os.Stat(filepath.Join(dir, "checkpoints", key))
	if err != nil {
		return time.Time{}
	}
	return fi.ModTime()
}
