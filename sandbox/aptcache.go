package sandbox

import (
	"context"
	"time"
)

// The apt pool: .deb files that apt downloaded (and checked against the
// archive's hashes) in one sandbox, kept in a cache volume so that the
// next sandbox — another run, another repository, a toolchain layer —
// installs them without downloading them again.
//
// apt's own archive directory is not the volume: apt-get takes a lock
// on /var/cache/apt/archives/lock and gives up at once when another
// holds it, so two sandboxes installing at the same time would fail.
// Instead each sandbox keeps its own archive directory and the pool is
// linked into it:
//   - when the sandbox starts, every pool file the directory lacks is
//     linked into it; apt takes a file of the right name and size as
//     already downloaded (a dangling link, in an image started without
//     the volume, is downloaded over as if absent);
//   - before a checkpoint is committed and before the sandbox is
//     removed, every .deb apt downloaded there is copied into the pool
//     under a temporary name and renamed (two sandboxes publishing the
//     same file both rename a whole, verified file), then replaced by a
//     link — so checkpoint images hold links, not package files.
//
// Nothing of this is in the Bash File or an export: a Dockerfile build
// downloads its packages as before.

// aptPool is where the apt cache volume is mounted.
const aptPool = CacheRoot + "/apt"

// aptLink links the pool's files into apt's archive directory.
const aptLink = `a=/var/cache/apt/archives
[ -d "$a" ] || exit 0
for p in ` + aptPool + `/*.deb; do
  [ -f "$p" ] || continue
  f=$a/${p##*/}
  [ -e "$f" ] || ln -sf "$p" "$f"
done
exit 0`

// aptSave moves the package files apt downloaded into the pool.
const aptSave = `a=/var/cache/apt/archives
[ -d "$a" ] && [ -d ` + aptPool + ` ] || exit 0
for f in "$a"/*.deb; do
  [ -f "$f" ] && [ ! -L "$f" ] || continue
  p=` + aptPool + `/${f##*/}
  if [ ! -f "$p" ]; then
    cp "$f" "$p.$$.part" && mv -f "$p.$$.part" "$p" || { rm -f "$p.$$.part"; continue; }
  fi
  ln -sf "$p" "$f"
done
exit 0`

// AptCache is the apt pool (see above).
func AptCache() Cache {
	return Cache{Name: "apt", Target: aptPool, Start: aptLink, Save: aptSave}
}

// saveTimeout bounds a cache's Save script, which a sandbox runs before it
// is committed or removed.
const saveTimeout = 2 * time.Minute

// startCaches runs the Start scripts of the sandbox's caches.
func (s *Sandbox) startCaches(ctx context.Context) {
	for _, c := range s.caches {
		if c.Start != "" {
			_, _ = s.Exec(ctx, ExecSpec{Script: c.Start, Dir: "/", Timeout: saveTimeout})
		}
	}
}

// saveCaches runs the Save scripts of the sandbox's caches. A cache is
// only ever a speed-up: a script that fails changes nothing a run sees.
func (s *Sandbox) saveCaches(ctx context.Context) {
	for _, c := range s.caches {
		if c.Save != "" {
			_, _ = s.Exec(ctx, ExecSpec{Script: c.Save, Dir: "/", Timeout: saveTimeout})
		}
	}
}
