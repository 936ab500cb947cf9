package sandbox

import (
	"archive/tar"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/moby/patternmatcher"
)

// ignoreSkip returns the filter a .dockerignore's patterns make of a build
// context, applied as the docker CLI applies them (the Engine API takes
// the context as it is sent): a path is left out when the last pattern
// matching it or a parent excludes it; an excluded directory is skipped
// whole unless a "!" pattern may take back something inside it.
func ignoreSkip(patterns []string) (func(name string, dir bool) (bool, error), error) {
	if len(patterns) == 0 {
		return nil, nil
	}
	pm, err := patternmatcher.New(patterns)
	if err != nil {
		return nil, fmt.Errorf("read .dockerignore: %w", err)
	}
	parents := map[string]patternmatcher.MatchInfo{}
	return func(name string, dir bool) (bool, error) {
		info := parents[path.Dir(name)]
		out, info, err := pm.MatchesUsingParentResults(name, info)
		if err != nil {
			return false, fmt.Errorf("match .dockerignore: %w", err)
		}
		if dir {
			parents[name] = info
		}
		if !out || !dir {
			return out, nil
		}
		for _, p := range pm.Patterns() {
			if p.Exclusion() && strings.HasPrefix(p.String()+"/", name+"/") {
				return true, nil // something inside may be taken back
			}
		}
		return true, fs.SkipDir
	}, nil
}

// writeContext writes the build context: the tree at root, then each
// mounted host directory at its place in the context (what root holds
// there is left out), all filtered by the .dockerignore patterns.
func writeContext(tw *tar.Writer, o BuildOptions) error {
	skip, err := ignoreSkip(o.Ignore)
	if err != nil {
		return err
	}
	mounts := make([]string, 0, len(o.Mounts))
	for m := range o.Mounts {
		mounts = append(mounts, path.Clean(m))
	}
	sort.Strings(mounts)
	rootSkip := func(name string, dir bool) (bool, error) {
		for _, m := range mounts {
			if name == m || strings.HasPrefix(name, m+"/") {
				return true, skipDirIf(dir)
			}
		}
		if skip == nil {
			return false, nil
		}
		return skip(name, dir)
	}
	if err := writeTreeExcept(tw, o.Context, "", rootSkip); err != nil {
		return err
	}
	for _, m := range mounts {
		if err := writeTreeExcept(tw, o.Mounts[m], m, skip); err != nil {
			return err
		}
	}
	return nil
}

func skipDirIf(dir bool) error {
	if dir {
		return fs.SkipDir
	}
	return nil
}
