package loops

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/heragent/heragent/sandbox"
)

// ToolchainLayer is what PrepareLayer did: the toolchain packages of the Bash
// File's shared layer (none: its base and runtimes sections install no
// toolchain package by name, and there is no layer to make), the layer's
// image, and whether this call made it.
type ToolchainLayer struct {
	Packages []string `json:"packages"`
	Image    string   `json:"image,omitempty"`
	Made     bool     `json:"made"`
	Seconds  float64  `json:"seconds"`
}

// PrepareLayer makes the shared toolchain layer o.File's first setup
// starts from — the one Run would make first (sharedbase.go), the same
// key — unless it exists, and nothing else: the repository is not copied
// in and none of its code runs, the layer holds Debian toolchain packages
// only. A batch calls it (`heragent run --layer-only`) for the next
// repositories while one runs, so their runs start from a made layer.
// o.Repo and o.Out are not used. A layer that cannot be made is no error
// (the run makes it, or starts from the base image, as without it).
func PrepareLayer(ctx context.Context, e Engine, o RunOptions) (ToolchainLayer, error) {
	start := time.Now()
	o.defaults()
	if o.RunID == "" {
		o.RunID = sandbox.NewRunID()
	}
	if err := o.File.Validate(); err != nil {
		return ToolchainLayer{}, fmt.Errorf("validate Bash File: %w", err)
	}
	r := &runner{o: o, e: e, runID: o.RunID, start: start, cur: state{file: o.File.Clone()}}
	l := ToolchainLayer{Packages: r.toolchain()}
	if len(l.Packages) == 0 || o.NoCheckpoints {
		return l, nil
	}
	var err error
	if r.baseID, err = e.ImageID(ctx, o.Image); err != nil {
		return l, err
	}
	r.traj = newTrajectory(io.Discard, o.Progress)
	if l.Image = r.findCheckpoint(ctx, toolchainKey(r.baseID, toolchainScript(l.Packages))); l.Image == "" {
		l.Image, _ = r.makeToolchainLayer(ctx, "", l.Packages)
		l.Made = l.Image != ""
	}
	l.Seconds = time.Since(start).Seconds()
	return l, ctx.Err()
}
