package fleet

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// stderrEntry is the archive entry holding the run's stderr log.
const stderrEntry = ".heragent-stderr.log"

// maxPacked bounds the bytes of files put in one result; logs/ is left out
// past it (report, scripts and Dockerfile always fit).
const maxPacked = 32 << 20

// pack archives a run's output directory (when it exists) and its stderr
// log as tar.gz.
func pack(out, log string) ([]byte, error) {
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	add := func(name, file string, fi fs.FileInfo) error {
		f, err := os.Open(file)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: int64(fi.Mode().Perm()), Size: fi.Size(), Typeflag: tar.TypeReg}); err != nil {
			return err
		}
		_, err = io.Copy(tw, f)
		return err
	}
	if fi, err := os.Stat(log); err == nil {
		if err := add(stderrEntry, log, fi); err != nil {
			return nil, fmt.Errorf("pack log: %w", err)
		}
	}
	total := int64(0)
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && p == out {
			return fs.SkipAll
		}
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(out, p)
		rel = filepath.ToSlash(rel)
		if total+fi.Size() > maxPacked && strings.HasPrefix(rel, "logs/") {
			return nil
		}
		total += fi.Size()
		return add(rel, p, fi)
	})
	if err != nil {
		return nil, fmt.Errorf("pack outputs: %w", err)
	}
	if err := tw.Close(); err != nil {
		return nil, fmt.Errorf("pack outputs: %w", err)
	}
	if err := gz.Close(); err != nil {
		return nil, fmt.Errorf("pack outputs: %w", err)
	}
	return buf.Bytes(), nil
}

// unpack extracts an archive made by pack: the outputs into out (replaced
// as a whole, through a staging directory) and the log to log. It reports
// whether outputs were present.
func unpack(b []byte, out, log string) (bool, error) {
	if len(b) == 0 {
		return false, nil
	}
	gz, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return false, fmt.Errorf("unpack outputs: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return false, fmt.Errorf("unpack outputs: %w", err)
	}
	stage, err := os.MkdirTemp(filepath.Dir(out), "."+filepath.Base(out)+".unpack-*")
	if err != nil {
		return false, fmt.Errorf("unpack outputs: %w", err)
	}
	defer os.RemoveAll(stage)
	tr := tar.NewReader(gz)
	any := false
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return false, fmt.Errorf("unpack outputs: %w", err)
		}
		name := path.Clean(h.Name)
		if h.Typeflag != tar.TypeReg || path.IsAbs(name) || name == ".." || strings.HasPrefix(name, "../") {
			continue // only plain files inside the directory
		}
		dest := filepath.Join(stage, filepath.FromSlash(name))
		if name == stderrEntry {
			dest = log
		} else {
			any = true
		}
		if err := writeEntry(dest, tr, os.FileMode(h.Mode).Perm()); err != nil {
			return false, err
		}
	}
	if !any {
		return false, nil
	}
	os.Chmod(stage, 0o755)
	if err := os.RemoveAll(out); err != nil {
		return false, fmt.Errorf("replace outputs: %w", err)
	}
	if err := os.Rename(stage, out); err != nil {
		return false, fmt.Errorf("replace outputs: %w", err)
	}
	return true, nil
}

func writeEntry(dest string, r io.Reader, mode os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return fmt.Errorf("unpack outputs: %w", err)
	}
	f, err := os.OpenFile(dest, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode|0o200)
	if err != nil {
		return fmt.Errorf("unpack outputs: %w", err)
	}
	_, err = io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("unpack outputs: %w", err)
	}
	return nil
}
