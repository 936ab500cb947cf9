package build

import (
	"context"
	"github.com/heragent/heragent/internal/outmark"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/go-enry/go-enry/v2"
)

// skipDirs are never descended into (VCS metadata, caches, environments).
var skipDirs = map[string]bool{".git": true, ".hg": true, ".svn": true, ".venv": true, "venv": false, ".tox": true,
	".nox": true, ".cache": true, ".mypy_cache": true, ".pytest_cache": true, "__pycache__": true, ".idea": true,
	".heragent": true, "node_modules": true, ".gradle": true, ".eggs": true}

// entry is one file the walk found.
type entry struct {
	rel  string
	abs  string
	info fs.FileInfo
	link string // for symlinks: the in-repo target (rel), or "" when skipped
}

// walker state: gitignore matchers per directory and skip counts.
type walkState struct {
	root     string
	ignores  ignoreSet
	skipped  map[string]int
	problems []Problem
}

func (w *walkState) skip(rel, reason string, record bool) {
	w.skipped[reason]++
	if record {
		w.problems = append(w.problems, Problem{Path: rel, Reason: reason, Skipped: true})
	}
}

// ignored reports whether rel (a directory when dir) is excluded by the
// .gitignore files read so far (those of its ancestors: the walk is
// depth-first and top-down).
func (w *walkState) ignored(rel string, dir bool) bool { return w.ignores.ignored(rel, dir) }

// walk lists the files of root that the graph indexes, honouring
// .gitignore files, skipping VCS/vendored directories and never following
// symlinks (a symlink to a file inside the repository is recorded as such).
func (w *walkState) walk(ctx context.Context, emit func(entry)) error {
	return filepath.WalkDir(w.root, func(abs string, d fs.DirEntry, err error) error {
		if cerr := ctx.Err(); cerr != nil {
			return cerr
		}
		rel, rerr := filepath.Rel(w.root, abs)
		if rerr != nil {
			return rerr
		}
		rel = filepath.ToSlash(rel)
		if err != nil {
			if rel == "." {
				return err
			}
			w.skip(rel, "unreadable", true)
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if rel != "." {
				name := d.Name()
				switch {
				case skipDirs[name]:
					return fs.SkipDir
				case outmark.Is(abs):
					w.skip(rel+"/", "heragent outputs", false)
					return fs.SkipDir
				case w.ignored(rel, true):
					w.skip(rel+"/", "gitignored", false)
					return fs.SkipDir
				case isVendored(rel + "/"):
					w.skip(rel+"/", "vendored", false)
					return fs.SkipDir
				}
			}
			w.ignores.add(abs, rel)
			return nil
		}
		if w.ignored(rel, false) {
			w.skip(rel, "gitignored", false)
			return nil
		}
		if isVendored(rel) {
			w.skip(rel, "vendored", false)
			return nil
		}
		info, err := d.Info()
		if err != nil {
			w.skip(rel, "unreadable", true)
			return nil
		}
		e := entry{rel: rel, abs: abs, info: info}
		switch mode := info.Mode(); {
		case mode&fs.ModeSymlink != 0:
			target, err := filepath.EvalSymlinks(abs)
			if err != nil {
				w.skip(rel, "symlink-broken", true)
				return nil
			}
			trel, err := filepath.Rel(w.root, target)
			if err != nil || trel == ".." || strings.HasPrefix(trel, ".."+string(filepath.Separator)) {
				w.skip(rel, "symlink-outside", true)
				return nil
			}
			st, err := os.Stat(target)
			if err != nil || !st.Mode().IsRegular() {
				w.skip(rel, "symlink-not-file", true)
				return nil
			}
			e.link = filepath.ToSlash(trel)
		case !mode.IsRegular():
			w.skip(rel, "special", true)
			return nil
		}
		emit(e)
		return nil
	})
}

// isVendored applies go-enry's vendor rules, except to paths under dot
// directories (.github, .circleci …: enry counts every dot directory as
// vendored, but CI lives there) and to configure scripts.
func isVendored(rel string) bool {
	if strings.HasPrefix(rel, ".") || strings.Contains(rel, "/.") || path.Base(rel) == "configure" {
		return false
	}
	return enry.IsVendor(rel)
}
