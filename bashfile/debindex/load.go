package debindex

import (
	"bufio"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// ErrUnavailable means no index could be produced: the mirror did not
// answer (or Offline was set) and there is no cached index.
var ErrUnavailable = errors.New("debian package index unavailable")

// DefaultMaxAge is how long a cached index is used without asking the
// mirror anything.
const DefaultMaxAge = 7 * 24 * time.Hour

// Options says which index to load and where from.
type Options struct {
	Suite      string        // default: VERSION_CODENAME of /etc/os-release, else "bookworm"
	Arch       string        // Debian architecture; default from runtime.GOARCH
	Mirror     string        // archive root URL; default from apt sources, else DefaultMirror
	CacheDir   string        // default: $XDG_CACHE_HOME/heragent/debindex or ~/.cache/heragent/debindex
	HTTPClient *http.Client  // default: http.DefaultClient
	Offline    bool          // never touch the network; use the cache or fail
	MaxAge     time.Duration // cache younger than this is used as is; 0 means DefaultMaxAge, <0 means check now
	Force      bool          // rebuild even if the Release file is unchanged
	AptRoot    string        // where etc/apt lives; default "/"
}

// withDefaults fills the zero fields of o.
func (o Options) withDefaults() (Options, error) {
	if o.AptRoot == "" {
		o.AptRoot = "/"
	}
	if o.Suite == "" {
		o.Suite = hostSuite(o.AptRoot)
	}
	if o.Arch == "" {
		o.Arch = debArch(runtime.GOARCH)
	}
	if o.Mirror == "" {
		o.Mirror = HostMirror(o.AptRoot, o.Suite)
	}
	o.Mirror = strings.TrimRight(o.Mirror, "/")
	if o.CacheDir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return o, fmt.Errorf("find cache dir: %w", err)
		}
		o.CacheDir = filepath.Join(base, "heragent", "debindex")
	}
	if o.HTTPClient == nil {
		o.HTTPClient = http.DefaultClient
	}
	if o.MaxAge == 0 {
		o.MaxAge = DefaultMaxAge
	}
	return o, nil
}

// CachePath is where the index for o is cached.
func CachePath(o Options) (string, error) {
	o, err := o.withDefaults()
	if err != nil {
		return "", err
	}
	return cacheFile(o), nil
}

func cacheFile(o Options) string {
	return filepath.Join(o.CacheDir, fmt.Sprintf("%s-%s.idx", o.Suite, o.Arch))
}

// Load returns the index for o's suite and architecture. A cached index
// younger than MaxAge is used without any request. An older one is checked
// against the suite's Release file (about 150 kB): if the SHA-256 of the
// Contents files is unchanged only the check time is updated, otherwise the
// index is rebuilt from the Contents files. If the mirror cannot be
// reached, a cached index of any age is used; with no cache the error
// wraps ErrUnavailable.
func Load(ctx context.Context, o Options) (*Index, error) {
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	path := cacheFile(o)
	cached, cacheErr := Open(path)
	if cacheErr == nil && !o.Force && (o.Offline || (o.MaxAge > 0 && time.Since(cached.Meta.Checked) < o.MaxAge)) {
		return cached, nil
	}
	if o.Offline {
		return nil, fmt.Errorf("load index offline: %w: %v", ErrUnavailable, cacheErr)
	}
	rel, err := fetchRelease(ctx, o)
	if err != nil {
		if cacheErr == nil {
			cached.refreshErr = err // stale but usable
			return cached, nil
		}
		return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	srcs := rel.contents(o)
	if cacheErr == nil && !o.Force && sameSources(cached.Meta.Sources, srcs) {
		cached.Meta.Checked = time.Now().UTC()
		if err := cached.Save(path); err != nil {
			return nil, err
		}
		return cached, nil
	}
	ix, err := build(ctx, o, rel, srcs)
	if err != nil {
		if cacheErr == nil {
			cached.refreshErr = err
			return cached, nil
		}
		return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	if err := ix.Save(path); err != nil {
		return nil, err
	}
	return ix, nil
}

// build downloads and parses the Contents files, verifying each against
// the Release file's SHA-256 while it streams.
func build(ctx context.Context, o Options, rel release, srcs []Source) (*Index, error) {
	b := newBuilder()
	for i := range srcs {
		read := b.read
		if strings.HasSuffix(srcs[i].URL, "/Packages.gz") {
			read = b.readPackages
		}
		n, sum, err := streamGzip(ctx, o.HTTPClient, srcs[i].URL, read)
		if err != nil {
			return nil, err
		}
		if srcs[i].SHA256 != "" && sum != srcs[i].SHA256 {
			return nil, fmt.Errorf("verify %s: sha256 %s, Release says %s", srcs[i].URL, sum, srcs[i].SHA256)
		}
		srcs[i].Size = n
		srcs[i].SHA256 = sum
	}
	now := time.Now().UTC()
	return b.finish(Meta{Suite: o.Suite, Arch: o.Arch, Mirror: o.Mirror, ReleaseDate: rel.date, Built: now, Checked: now, Sources: srcs}), nil
}

// streamGzip feeds one gzip'd file to read, returning the compressed size
// and its SHA-256.
func streamGzip(ctx context.Context, c *http.Client, url string, read func(io.Reader) error) (int64, string, error) {
	body, err := get(ctx, c, url)
	if err != nil {
		return 0, "", err
	}
	defer body.Close()
	h := sha256.New()
	cr := &hashCounter{r: body, h: h}
	zr, err := gzip.NewReader(bufio.NewReaderSize(cr, 1<<20))
	if err != nil {
		return 0, "", fmt.Errorf("read %s: %w", url, err)
	}
	if err := read(zr); err != nil {
		return 0, "", fmt.Errorf("read %s: %w", url, err)
	}
	if _, err := io.Copy(io.Discard, cr); err != nil { // trailing bytes, for the hash
		return 0, "", fmt.Errorf("read %s: %w", url, err)
	}
	return cr.n, hex.EncodeToString(h.Sum(nil)), nil
}

type hashCounter struct {
	r io.Reader
	h hash.Hash
	n int64
}

func (hc *hashCounter) Read(p []byte) (int, error) {
	n, err := hc.r.Read(p)
	hc.h.Write(p[:n])
	hc.n += int64(n)
	return n, err
}

func get(ctx context.Context, c *http.Client, url string) (io.ReadCloser, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("fetch %s: %w", url, err)
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetch %s: %w", url, err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, fmt.Errorf("fetch %s: %s", url, resp.Status)
	}
	return resp.Body, nil
}

// release is what we use of a suite's Release file.
type release struct {
	date   string
	sha256 map[string]string // "main/Contents-amd64.gz" → hex
}

func fetchRelease(ctx context.Context, o Options) (release, error) {
	body, err := get(ctx, o.HTTPClient, o.Mirror+"/dists/"+o.Suite+"/Release")
	if err != nil {
		return release{}, err
	}
	defer body.Close()
	return parseRelease(body)
}

// parseRelease reads the Date field and the SHA256 section.
func parseRelease(r io.Reader) (release, error) {
	rel := release{sha256: map[string]string{}}
	sc := bufio.NewScanner(r)
	inSHA := false
	for sc.Scan() {
		line := sc.Text()
		if line != "" && line[0] != ' ' {
			inSHA = strings.HasPrefix(line, "SHA256:")
			if v, ok := strings.CutPrefix(line, "Date:"); ok {
				rel.date = strings.TrimSpace(v)
			}
			continue
		}
		if f := strings.Fields(line); inSHA && len(f) == 3 {
			rel.sha256[f[2]] = f[0]
		}
	}
	if err := sc.Err(); err != nil {
		return rel, fmt.Errorf("read Release: %w", err)
	}
	if len(rel.sha256) == 0 {
		return rel, errors.New("read Release: no SHA256 section")
	}
	return rel, nil
}

// contents lists the files to read: the architecture's Contents and, when
// the Release file lists them, its Packages and the arch-independent
// Contents-all.
func (r release) contents(o Options) []Source {
	var out []Source
	required := "main/Contents-" + o.Arch + ".gz"
	for _, name := range []string{"main/binary-" + o.Arch + "/Packages.gz", required, "main/Contents-all.gz"} {
		sum, ok := r.sha256[name]
		if !ok && name != required {
			continue
		}
		out = append(out, Source{URL: o.Mirror + "/dists/" + o.Suite + "/" + name, SHA256: sum})
	}
	return out
}

func sameSources(a, b []Source) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].URL != b[i].URL || a[i].SHA256 == "" || a[i].SHA256 != b[i].SHA256 {
			return false
		}
	}
	return true
}

// hostSuite reads VERSION_CODENAME from root/etc/os-release.
func hostSuite(root string) string {
	b, err := os.ReadFile(filepath.Join(root, "etc/os-release"))
	if err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "VERSION_CODENAME="); ok {
				if v = strings.Trim(strings.TrimSpace(v), `"'`); v != "" {
					return v
				}
			}
		}
	}
	return "bookworm"
}

// debArch maps a Go GOARCH to Debian's architecture name.
func debArch(goarch string) string {
	switch goarch {
	case "386":
		return "i386"
	case "arm":
		return "armhf"
	case "ppc64le":
		return "ppc64el"
	case "mips64le":
		return "mips64el"
	case "mipsle":
		return "mipsel"
	}
	return goarch
}
