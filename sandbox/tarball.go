package sandbox

import (
	"archive/tar"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"time"

	"github.com/heragent/heragent/internal/outmark"
)

// tarDir streams the tree at root as a tar archive whose entries live under
// prefix (e.g. "repo/"). Regular files, directories and symlinks are kept
// (symlinks as links, never followed); sockets, devices and FIFOs are
// skipped. Ownership is reset to root so the container sees a clean tree.
// The host tree is only read.
func tarDir(w io.Writer, root, prefix string) error {
	tw := tar.NewWriter(w)
	if err := writeTree(tw, root, prefix); err != nil {
		return err
	}
	return tw.Close()
}

// walkRepo calls fn for what a copy of the tree at root holds: regular
// files, directories and symlinks, with their path relative to root
// (slash-separated, "." for root). Directories of heragent's outputs inside
// the repository are left out; sockets, devices and FIFOs too.
func walkRepo(root string, fn func(p, rel string, info fs.FileInfo) error) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		if d.IsDir() && rel != "." && outmark.Is(p) {
			return filepath.SkipDir // heragent's outputs inside the repository
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if m := info.Mode(); m&os.ModeSymlink == 0 && !m.IsDir() && !m.IsRegular() {
			return nil
		}
		return fn(p, filepath.ToSlash(rel), info)
	})
}

// writeTree adds the tree at root to tw under prefix.
func writeTree(tw *tar.Writer, root, prefix string) error {
	return writeTreeExcept(tw, root, prefix, nil)
}

// writeTreeExcept adds the tree at root to tw under prefix, leaving out
// the entries skip names (by their name in the archive): a directory it
// returns fs.SkipDir for is left out whole, one it returns true for is
// not written but its entries are still asked about.
func writeTreeExcept(tw *tar.Writer, root, prefix string, skip func(name string, dir bool) (bool, error)) error {
	err := walkRepo(root, func(p, rel string, info fs.FileInfo) error {
		name := path.Join(prefix, rel)
		if skip != nil && name != "." && name != "" {
			if out, err := skip(name, info.IsDir()); err != nil || out {
				return err
			}
		}
		var link string
		if info.Mode()&os.ModeSymlink != 0 {
			var err error
			if link, err = os.Readlink(p); err != nil {
				return err
			}
		}
		hdr, err := tar.FileInfoHeader(info, link)
		if err != nil {
			return err
		}
		hdr.Name = name
		if info.IsDir() {
			hdr.Name += "/"
		}
		hdr.Uid, hdr.Gid, hdr.Uname, hdr.Gname = 0, 0, "root", "root"
		hdr.Format = tar.FormatPAX
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		if !info.Mode().IsRegular() {
			return nil
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = io.Copy(tw, f)
		return err
	})
	if err != nil {
		return fmt.Errorf("archive %s: %w", root, err)
	}
	return nil
}

// tarFiles writes an archive of in-memory files (absolute container paths),
// creating parent directories.
func tarFiles(w io.Writer, files map[string][]byte) error {
	tw := tar.NewWriter(w)
	if err := writeFiles(tw, files); err != nil {
		return err
	}
	return tw.Close()
}

// writeFiles adds in-memory files (absolute paths) and their parents to tw.
func writeFiles(tw *tar.Writer, files map[string][]byte) error {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	dirs := map[string]bool{}
	now := time.Now()
	for _, n := range names {
		rel := path.Clean(n)[1:] // strip the leading "/"
		for d := path.Dir(rel); d != "." && !dirs[d]; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	dirList := make([]string, 0, len(dirs))
	for d := range dirs {
		dirList = append(dirList, d)
	}
	sort.Strings(dirList) // parents sort before children
	for _, d := range dirList {
		if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: d + "/", Mode: 0o755, ModTime: now}); err != nil {
			return err
		}
	}
	for _, n := range names {
		body := files[n]
		hdr := &tar.Header{Typeflag: tar.TypeReg, Name: path.Clean(n)[1:], Mode: 0o644, Size: int64(len(body)), ModTime: now}
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		if _, err := tw.Write(body); err != nil {
			return err
		}
	}
	return nil
}
