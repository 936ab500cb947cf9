package sandbox

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/mount"
	"github.com/docker/docker/api/types/volume"
	"github.com/docker/docker/client"
)

// KindCache labels the volumes that hold build caches.
const KindCache = "cache"

// CacheRoot is where cache volumes are mounted in a sandbox.
const CacheRoot = "/var/cache/heragent"

// ccacheDir is Debian's ccache masquerade directory: its gcc, g++, cc, c++
// (and clang) are ccache, which calls the real compiler after it on PATH.
const ccacheDir = "/usr/lib/ccache"

// defaultPath is the PATH of an image that sets none.
const defaultPath = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

// Cache is a named volume mounted into a sandbox so that a compiler's or a
// build tool's cache outlives it: the clean run of the Bash File after a
// repair compiles only what the repair changed, and a batch shares objects
// across repositories. Volumes are not part of a container's filesystem, so
// neither a checkpoint image nor an export ever holds a cache.
type Cache struct {
	Name   string   // the volume is "heragent-cache-" + Name
	Target string   // the mount point in the sandbox
	Env    []string // what points the tool at Target
	// PathFirst is put first on the image's PATH (a masquerade directory
	// whose compilers go through the cache); empty for none.
	PathFirst string
}

// DefaultCaches are the caches a run mounts unless told not to: ccache for
// C and C++ (through Debian's masquerade directory on PATH, which make,
// autotools, CMake and meson all pick up; without ccache in the image the
// directory is absent and compilers run as before) and Go's build cache.
// Package downloads are not cached. An apt pool was built and measured
// (bench/OVERHEAD.md, 2026-12-01: a volume of every .deb downloaded,
// linked into each sandbox's own archive directory — apt's archive lock
// is not shared across containers, so the directory itself cannot be):
// with deb.debian.org this close it saved about 2 s a toolchain layer and
// the batch of 16 did not get faster (runs' sum 1,145 s → 1,234 s, within
// the day's noise), so it was not kept. npm, pip and Go modules come from
// the network or not at all.
func DefaultCaches() []Cache {
	return []Cache{
		{Name: "ccache", Target: CacheRoot + "/ccache", Env: []string{
			"CCACHE_DIR=" + CacheRoot + "/ccache",
			"CCACHE_UMASK=000", // a test run as another user shares it
			"CCACHE_MAXSIZE=5G",
			// A -Werror repair's -Wno-error=X changes no object: the
			// rebuild after it hits the cache.
			"CCACHE_IGNOREOPTIONS=-Wno-error=*",
		}, PathFirst: ccacheDir},
		{Name: "go-build", Target: CacheRoot + "/go-build", Env: []string{"GOCACHE=" + CacheRoot + "/go-build"}},
	}
}

func (c Cache) volume() string { return "heragent-cache-" + c.Name }

// cacheMounts creates (once) the volumes of caches and returns their mounts.
func (e *Engine) cacheMounts(ctx context.Context, caches []Cache) ([]mount.Mount, error) {
	var ms []mount.Mount
	for _, c := range caches {
		_, err := e.api.VolumeCreate(ctx, volume.CreateOptions{Name: c.volume(), Labels: map[string]string{LabelKind: KindCache}})
		if err != nil {
			return nil, fmt.Errorf("create cache volume %s: %w", c.volume(), err)
		}
		ms = append(ms, mount.Mount{Type: mount.TypeVolume, Source: c.volume(), Target: c.Target})
	}
	return ms, nil
}

// cacheEnv is the environment that points tools at caches, with their
// masquerade directories first on the PATH of the image (imgEnv).
func cacheEnv(imgEnv []string, caches []Cache) []string {
	var env, first []string
	for _, c := range caches {
		env = append(env, c.Env...)
		if c.PathFirst != "" {
			first = append(first, c.PathFirst)
		}
	}
	if len(first) > 0 {
		env = append(env, "PATH="+prependPath(first, imagePath(imgEnv)))
	}
	return env
}

// prependPath puts dirs first on path, each once.
func prependPath(dirs []string, path string) string {
	rest := slices.DeleteFunc(strings.Split(path, ":"), func(d string) bool { return slices.Contains(dirs, d) })
	return strings.Join(append(slices.Clone(dirs), rest...), ":")
}

// imagePath is the PATH an image's environment sets, else the default.
func imagePath(imgEnv []string) string {
	for _, kv := range imgEnv {
		if p, ok := strings.CutPrefix(kv, "PATH="); ok && p != "" {
			return p
		}
	}
	return defaultPath
}

// cacheTargets are the mount points to open to every user.
func cacheTargets(caches []Cache) []string {
	var ts []string
	for _, c := range caches {
		ts = append(ts, c.Target)
	}
	return ts
}

// RemoveCaches removes heragent's cache volumes that no container uses
// (only those of the given caches, when any are given); it returns the
// volumes' names.
func (e *Engine) RemoveCaches(ctx context.Context, only ...Cache) ([]string, error) {
	vs, err := e.api.VolumeList(ctx, volume.ListOptions{Filters: filters.NewArgs(filters.Arg("label", LabelKind+"="+KindCache))})
	if err != nil {
		return nil, fmt.Errorf("list volumes: %w", err)
	}
	removed := []string{}
	var errs []error
	for _, v := range vs.Volumes {
		if v.Labels[LabelKind] != KindCache || len(only) > 0 && !slices.ContainsFunc(only, func(c Cache) bool { return c.volume() == v.Name }) {
			continue
		}
		err := e.api.VolumeRemove(ctx, v.Name, false)
		switch {
		case cerrdefs.IsConflict(err):
			continue // a running sandbox mounts it
		case err != nil && !client.IsErrNotFound(err):
			errs = append(errs, fmt.Errorf("remove volume %s: %w", v.Name, err))
			continue
		}
		removed = append(removed, v.Name)
	}
	return removed, errors.Join(errs...)
}
