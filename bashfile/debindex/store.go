package debindex

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// The cache file is plain, uncompressed, sorted text:
//
//	heragent-debindex 5
//	{"suite":"bookworm",...}        Meta as one JSON line
//	P <n>                           n lines "section/package[<TAB>metapackage]", sorted by package
//	K <kind> <n>                    n lines "key<TAB>id,id,…", sorted by key
//	…                               one K block per kind
//
// Loading reads the file in one call and slices it into lines; lookups are
// binary searches over those lines, so no maps are built. Uncompressed
// because gzip would cost more time to load than the disk space it saves
// matters (see README.md for both numbers), and text because `grep` on the
// cache is the quickest way to see why a name mapped where it did.
const (
	fileMagic   = "heragent-debindex"
	fileVersion = 7 // bump whenever classification or metapackage rules change: old caches are then rebuilt
)

// WriteTo writes the index in the cache file format.
func (ix *Index) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriterSize(w, 1<<20)
	cw := &countWriter{w: bw}
	meta, err := json.Marshal(ix.Meta)
	if err != nil {
		return 0, fmt.Errorf("encode meta: %w", err)
	}
	fmt.Fprintf(cw, "%s %d\n%s\nP %d\n", fileMagic, fileVersion, meta, len(ix.pkgs))
	for _, p := range ix.pkgs {
		io.WriteString(cw, p)
		cw.Write([]byte{'\n'})
	}
	for k, t := range ix.tables {
		fmt.Fprintf(cw, "K %s %d\n", Kind(k), len(t))
		for _, line := range t {
			io.WriteString(cw, line)
			cw.Write([]byte{'\n'})
		}
	}
	if cw.err != nil {
		return cw.n, fmt.Errorf("write index: %w", cw.err)
	}
	if err := bw.Flush(); err != nil {
		return cw.n, fmt.Errorf("write index: %w", err)
	}
	return cw.n, nil
}

type countWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *countWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}

// Save writes the index to path atomically (temporary file in the same
// directory, then rename).
func (ix *Index) Save(path string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create cache dir: %w", err)
	}
	f, err := os.CreateTemp(dir, filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("create cache file: %w", err)
	}
	defer os.Remove(f.Name()) // no-op after a successful rename
	if _, err := ix.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("close cache file: %w", err)
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		return fmt.Errorf("chmod cache file: %w", err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("rename cache file: %w", err)
	}
	return nil
}

// Open reads an index from a cache file written by Save.
func Open(path string) (*Index, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read index: %w", err)
	}
	ix, err := decode(string(b))
	if err != nil {
		return nil, fmt.Errorf("read index %s: %w", path, err)
	}
	return ix, nil
}

// decode slices the cache file text into the index's tables; the strings
// share the one buffer.
func decode(s string) (*Index, error) {
	next := func() (string, bool) {
		if s == "" {
			return "", false
		}
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			line := s
			s = ""
			return line, true
		}
		line := s[:i]
		s = s[i+1:]
		return line, true
	}
	head, _ := next()
	if head != fmt.Sprintf("%s %d", fileMagic, fileVersion) {
		return nil, fmt.Errorf("not a version %d index (header %.40q)", fileVersion, head)
	}
	metaLine, _ := next()
	ix := &Index{}
	if err := json.Unmarshal([]byte(metaLine), &ix.Meta); err != nil {
		return nil, fmt.Errorf("decode meta: %w", err)
	}
	block := func(prefix string) (string, int, error) {
		line, ok := next()
		if !ok || !strings.HasPrefix(line, prefix) {
			return "", 0, fmt.Errorf("want %q block, got %.40q", prefix, line)
		}
		f := strings.Fields(line)
		n, err := strconv.Atoi(f[len(f)-1])
		if err != nil || n < 0 {
			return "", 0, fmt.Errorf("bad block header %.40q", line)
		}
		name := ""
		if len(f) == 3 {
			name = f[1]
		}
		return name, n, nil
	}
	readLines := func(n int) ([]string, error) {
		out := make([]string, n)
		for i := range out {
			line, ok := next()
			if !ok {
				return nil, fmt.Errorf("truncated: %d of %d lines", i, n)
			}
			out[i] = line
		}
		return out, nil
	}
	_, n, err := block("P ")
	if err != nil {
		return nil, err
	}
	if ix.pkgs, err = readLines(n); err != nil {
		return nil, err
	}
	for range numKinds {
		name, n, err := block("K ")
		if err != nil {
			return nil, err
		}
		k, err := ParseKind(name)
		if err != nil {
			return nil, err
		}
		if ix.tables[k], err = readLines(n); err != nil {
			return nil, err
		}
	}
	return ix, nil
}
