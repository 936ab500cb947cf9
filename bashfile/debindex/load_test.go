package debindex

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeMirror serves a Release file and gzip'd Contents files and counts
// requests per path.
type fakeMirror struct {
	mu    sync.Mutex
	files map[string][]byte
	hits  map[string]int
}

const fakePackages = "Package: libboost-dev\nDepends: libboost1.74-dev\nSection: libdevel\n\nPackage: zlib1g-dev\nSection: libdevel\n"

func newFakeMirror(t *testing.T, amd64, all string) (*fakeMirror, *httptest.Server) {
	m := &fakeMirror{hits: map[string]int{}}
	m.set(t, amd64, all)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m.mu.Lock()
		defer m.mu.Unlock()
		m.hits[r.URL.Path]++
		b, ok := m.files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write(b)
	}))
	t.Cleanup(srv.Close)
	return m, srv
}

func (m *fakeMirror) set(t *testing.T, amd64, all string) {
	gz := func(s string) []byte {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Write([]byte(s))
		zw.Close()
		return b.Bytes()
	}
	files := map[string][]byte{
		"/debian/dists/bookworm/main/Contents-amd64.gz":        gz(amd64),
		"/debian/dists/bookworm/main/Contents-all.gz":          gz(all),
		"/debian/dists/bookworm/main/binary-amd64/Packages.gz": gz(fakePackages),
	}
	var rel strings.Builder
	rel.WriteString("Origin: Debian\nCodename: bookworm\nDate: Sat, 11 Jul 2026 10:16:37 UTC\nMD5Sum:\n 0 0 main/Contents-all.gz\nSHA256:\n")
	for _, name := range []string{"main/Contents-all.gz", "main/Contents-amd64.gz", "main/binary-amd64/Packages.gz"} {
		b := files["/debian/dists/bookworm/"+name]
		sum := sha256.Sum256(b)
		fmt.Fprintf(&rel, " %s %8d %s\n", hex.EncodeToString(sum[:]), len(b), name)
	}
	files["/debian/dists/bookworm/Release"] = []byte(rel.String())
	m.mu.Lock()
	m.files = files
	m.mu.Unlock()
}

func (m *fakeMirror) count(path string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.hits[path]
}

func TestLoad(t *testing.T) {
	excerpt, err := os.ReadFile("testdata/Contents-excerpt")
	if err != nil {
		t.Fatal(err)
	}
	// Split the excerpt the way the archive does: python and nodejs files
	// (arch: all in real life) go to Contents-all.
	var amd64, all strings.Builder
	for _, line := range strings.SplitAfter(string(excerpt), "\n") {
		if strings.Contains(line, "nodejs/") || strings.Contains(line, "nlohmann") {
			all.WriteString(line)
		} else {
			amd64.WriteString(line)
		}
	}
	m, srv := newFakeMirror(t, amd64.String(), all.String())
	ctx := context.Background()
	o := Options{Suite: "bookworm", Arch: "amd64", Mirror: srv.URL + "/debian/", CacheDir: t.TempDir(), AptRoot: t.TempDir()}
	const rel, c64, call = "/debian/dists/bookworm/Release", "/debian/dists/bookworm/main/Contents-amd64.gz", "/debian/dists/bookworm/main/Contents-all.gz"

	ix, err := Load(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	if got := packages(ix.CMakePackage("nlohmann_json")); len(got) != 1 || got[0] != "nlohmann-json3-dev" {
		t.Errorf("CMakePackage(nlohmann_json) = %v (Contents-all not read?)", got)
	}
	if got := packages(ix.Header("zlib.h")); len(got) != 1 || got[0] != "zlib1g-dev" {
		t.Errorf("Header(zlib.h) = %v", got)
	}
	if len(ix.Meta.Sources) != 3 || ix.Meta.Sources[0].SHA256 == "" || ix.Meta.ReleaseDate == "" || !ix.HasPackage("libboost-dev") {
		t.Errorf("meta = %+v", ix.Meta)
	}
	if m.count(rel) != 1 || m.count(c64) != 1 || m.count(call) != 1 {
		t.Errorf("first load hits: %v", m.hits)
	}

	t.Run("fresh cache: no request", func(t *testing.T) {
		if _, err := Load(ctx, o); err != nil {
			t.Fatal(err)
		}
		if m.count(rel) != 1 {
			t.Errorf("Release fetched again: %v", m.hits)
		}
	})
	t.Run("stale cache, same Release: no rebuild", func(t *testing.T) {
		o := o
		o.MaxAge = -1
		ix, err := Load(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		if m.count(rel) != 2 || m.count(c64) != 1 {
			t.Errorf("hits: %v", m.hits)
		}
		if time.Since(ix.Meta.Checked) > time.Minute {
			t.Errorf("Checked not updated: %v", ix.Meta.Checked)
		}
	})
	t.Run("Release changed: rebuild", func(t *testing.T) {
		m.set(t, amd64.String()+"usr/bin/newtool                       devel/newtool\n", all.String())
		o := o
		o.MaxAge = -1
		ix, err := Load(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		if m.count(c64) != 2 || len(ix.Executable("newtool")) != 1 {
			t.Errorf("no rebuild: hits %v", m.hits)
		}
	})
	t.Run("checksum mismatch", func(t *testing.T) {
		m.mu.Lock()
		m.files[c64] = append([]byte(nil), m.files[c64]...)
		m.files[c64][len(m.files[c64])-1] ^= 1 // corrupt the gzip trailer
		m.mu.Unlock()
		o := o
		o.Force = true
		o.CacheDir = t.TempDir()
		if _, err := Load(ctx, o); !errors.Is(err, ErrUnavailable) {
			t.Errorf("err = %v, want ErrUnavailable", err)
		}
	})
	t.Run("mirror down, cache present", func(t *testing.T) {
		o := o
		o.MaxAge = -1
		o.Mirror = "http://127.0.0.1:1/debian"
		ix, err := Load(ctx, o)
		if err != nil || len(ix.Executable("newtool")) != 1 || ix.RefreshError() == nil {
			t.Errorf("Load = %v, %v", ix, err)
		}
	})
	t.Run("mirror down, no cache", func(t *testing.T) {
		o := o
		o.Mirror = "http://127.0.0.1:1/debian"
		o.CacheDir = t.TempDir()
		if _, err := Load(ctx, o); !errors.Is(err, ErrUnavailable) {
			t.Errorf("err = %v, want ErrUnavailable", err)
		}
	})
	t.Run("offline, no cache", func(t *testing.T) {
		o := o
		o.Offline = true
		o.CacheDir = t.TempDir()
		if _, err := Load(ctx, o); !errors.Is(err, ErrUnavailable) {
			t.Errorf("err = %v, want ErrUnavailable", err)
		}
	})
}

func TestParseRelease(t *testing.T) {
	in := "Date: Sat, 11 Jul 2026 10:16:37 UTC\nMD5Sum:\n abc 12 main/Contents-amd64.gz\nSHA256:\n def 12 main/Contents-amd64.gz\n 123 9 main/Contents-all.gz\nSHA512:\n fff 1 x\n"
	r, err := parseRelease(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if r.date != "Sat, 11 Jul 2026 10:16:37 UTC" || r.sha256["main/Contents-amd64.gz"] != "def" || r.sha256["main/Contents-all.gz"] != "123" || len(r.sha256) != 2 {
		t.Errorf("parseRelease = %+v", r)
	}
	if _, err := parseRelease(strings.NewReader("Date: x\n")); err == nil {
		t.Error("want error without SHA256")
	}
}

func TestReleaseContents(t *testing.T) {
	o := Options{Suite: "bullseye", Arch: "arm64", Mirror: "http://m/debian"}
	r := release{sha256: map[string]string{"main/Contents-arm64.gz": "aa"}}
	got := r.contents(o)
	if len(got) != 1 || got[0].URL != "http://m/debian/dists/bullseye/main/Contents-arm64.gz" || got[0].SHA256 != "aa" {
		t.Errorf("contents = %+v", got)
	}
	r.sha256["main/binary-arm64/Packages.gz"] = "bb"
	r.sha256["main/Contents-all.gz"] = "cc"
	if got := r.contents(o); len(got) != 3 || got[0].SHA256 != "bb" || got[2].SHA256 != "cc" {
		t.Errorf("contents = %+v", got)
	}
}
