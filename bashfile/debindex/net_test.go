package debindex

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// The tests and benchmarks in this file use the real Debian mirror of the
// host's apt sources. They run only with HERAGENT_DEBINDEX_NET=1:
//
//	HERAGENT_DEBINDEX_NET=1 go test -run Net -v ./bashfile/debindex
//	HERAGENT_DEBINDEX_NET=1 go test -run '^$' -bench . -benchtime 3x ./bashfile/debindex
func needNet(tb testing.TB) {
	tb.Helper()
	if os.Getenv("HERAGENT_DEBINDEX_NET") != "1" {
		tb.Skip("set HERAGENT_DEBINDEX_NET=1 to use the real Debian mirror")
	}
}

// netCacheDir is shared by the tests of one run so the index is built once.
var netCacheDir = sync.OnceValue(func() string {
	if d := os.Getenv("HERAGENT_DEBINDEX_CACHE"); d != "" {
		return d
	}
	d, err := os.MkdirTemp("", "debindex-net")
	if err != nil {
		panic(err)
	}
	return d
})

func TestNetRealMirror(t *testing.T) {
	needNet(t)
	ctx := context.Background()
	o := Options{Suite: "bookworm", Arch: "amd64", CacheDir: netCacheDir(), Force: true}
	start := time.Now()
	ix, err := Load(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	build := time.Since(start)
	path, _ := CachePath(o)
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	var dl int64
	for _, s := range ix.Meta.Sources {
		dl += s.Size
		t.Logf("source %s  %d bytes  sha256 %s", s.URL, s.Size, s.SHA256)
	}
	start = time.Now()
	back, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	load := time.Since(start)
	t.Logf("mirror %s, Release date %s", ix.Meta.Mirror, ix.Meta.ReleaseDate)
	t.Logf("download %.1f MB, download+build %v, index %s %.1f MB, load %v", float64(dl)/1e6, build.Round(time.Millisecond), path, float64(st.Size())/1e6, load.Round(time.Microsecond))
	t.Logf("counts %v", back.Counts())

	tests := []struct {
		kind Kind
		name string
		want string
	}{
		{KindHeader, "zlib.h", "zlib1g-dev"},
		{KindHeader, "event2/event.h", "libevent-dev"},
		{KindHeader, "json-c/json.h", "libjson-c-dev"},
		{KindHeader, "openssl/ssl.h", "libssl-dev"},
		{KindHeader, "curl/curl.h", "libcurl4-openssl-dev"},
		{KindHeader, "glib.h", "libglib2.0-dev"},
		{KindHeader, "Python.h", "python3-dev"},
		{KindHeader, "ffi.h", "libffi-dev"},
		{KindHeader, "boost/asio.hpp", "libboost1.74-dev"}, // the default version, via libboost-dev
		{KindHeader, "jpeglib.h", "libjpeg62-turbo-dev"},
		{KindHeader, "omp.h", "libgcc-12-dev"},
		{KindHeader, "jni.h", "openjdk-17-jdk-headless"},
		{KindPkgConfig, "libevent", "libevent-dev"},
		{KindPkgConfig, "libcurl", "libcurl4-openssl-dev"},
		{KindPkgConfig, "glib-2.0", "libglib2.0-dev"},
		{KindLibrary, "ssl", "libssl-dev"},
		{KindLibrary, "-lz", "zlib1g-dev"},
		{KindLibrary, "libssl.so.3", "libssl3"},
		{KindExecutable, "xxd", "xxd"},
		{KindExecutable, "cmake", "cmake"},
		{KindExecutable, "ninja", "ninja-build"},
		{KindExecutable, "pkg-config", "pkgconf"}, // bookworm: pkgconf ships usr/bin/pkg-config,
		{KindExecutable, "make", "make"},
		{KindExecutable, "node", "nodejs"},
		{KindCMake, "GTest", "libgtest-dev"},
		{KindCMake, "nlohmann_json", "nlohmann-json3-dev"},
		{KindCMake, "fmt", "libfmt-dev"},
		{KindCMake, "ZLIB", "zlib1g-dev"},
		{KindPython, "yaml", "python3-yaml"},
		{KindPython, "numpy", "python3-numpy"},
		{KindPython, "google.protobuf", "python3-protobuf"},
		{KindPyPI, "PyYAML", "python3-yaml"},
		{KindPyPI, "Pillow", "python3-pil"},
		{KindPyPI, "beautifulsoup4", "python3-bs4"},
		{KindPyPI, "scikit-learn", "python3-sklearn"},
		{KindPyPI, "requests", "python3-requests"},
		{KindNode, "express", "node-express"},
	}
	for _, tt := range tests {
		t.Run(tt.kind.String()+"/"+tt.name, func(t *testing.T) {
			c := back.Lookup(tt.kind, tt.name)
			best, ok := Best(c)
			if !ok || best.Package != tt.want {
				t.Errorf("Best(%s %q) = %q, want %q (all: %v)", tt.kind, tt.name, best.Package, tt.want, packages(c))
			}
		})
	}
}

// TestNetOverridesExist checks that every package the override list names
// exists in the suite.
func TestNetOverridesExist(t *testing.T) {
	needNet(t)
	ix, err := Load(context.Background(), Options{Suite: "bookworm", Arch: "amd64", CacheDir: netCacheDir()})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []map[string][]string{cmakeFindModules, pypiOverrides, executableOverrides, headerOverrides} {
		for key, pkgs := range m {
			for _, p := range pkgs {
				if !ix.HasPackage(p) {
					t.Errorf("override %q → %q: no such package in %s", key, p, ix.Meta.Suite)
				}
			}
		}
	}
}

// BenchmarkNetBuild parses the real Contents files from memory (downloaded
// once), so it measures gunzip + classification + freezing, not the network.
func BenchmarkNetBuild(b *testing.B) {
	needNet(b)
	o, err := Options{Suite: "bookworm", Arch: "amd64"}.withDefaults()
	if err != nil {
		b.Fatal(err)
	}
	var blobs [][]byte
	for _, name := range []string{"binary-amd64/Packages.gz", "Contents-amd64.gz", "Contents-all.gz"} {
		resp, err := http.Get(o.Mirror + "/dists/bookworm/main/" + name)
		if err != nil {
			b.Fatal(err)
		}
		blob, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			b.Fatal(err)
		}
		blobs = append(blobs, blob)
	}
	b.ResetTimer()
	for b.Loop() {
		var rs []io.Reader
		for _, blob := range blobs {
			zr, err := gzip.NewReader(bytes.NewReader(blob))
			if err != nil {
				b.Fatal(err)
			}
			rs = append(rs, zr)
		}
		if _, err := Parse(Meta{}, rs[0], rs[1:]...); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNetOpen loads the real cached index (built by Load if needed).
func BenchmarkNetOpen(b *testing.B) {
	needNet(b)
	o := Options{Suite: "bookworm", Arch: "amd64", CacheDir: netCacheDir()}
	if _, err := Load(context.Background(), o); err != nil {
		b.Fatal(err)
	}
	path, _ := CachePath(o)
	for b.Loop() {
		if _, err := Open(path); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpenExcerpt loads the small test index; it runs without network.
func BenchmarkOpenExcerpt(b *testing.B) {
	path := filepath.Join(b.TempDir(), "x.idx")
	if err := excerptIndex(b).Save(path); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Open(path); err != nil {
			b.Fatal(err)
		}
	}
}
