package debindex

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func excerptIndex(t testing.TB) *Index {
	t.Helper()
	f, err := os.Open("testdata/Contents-excerpt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pf, err := os.Open("testdata/Packages-excerpt")
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	ix, err := Parse(Meta{Suite: "bookworm", Arch: "amd64"}, pf, f)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

func packages(c []Candidate) []string {
	out := make([]string, len(c))
	for i, x := range c {
		out[i] = x.Package
	}
	return out
}

func TestLookup(t *testing.T) {
	ix := excerptIndex(t)
	tests := []struct {
		kind Kind
		name string
		want []string
	}{
		{KindHeader, "zlib.h", []string{"zlib1g-dev"}},
		{KindHeader, "<zlib.h>", []string{"zlib1g-dev"}},
		{KindHeader, "/usr/include/zlib.h", []string{"zlib1g-dev"}},
		{KindHeader, "openssl/ssl.h", []string{"libssl-dev"}},
		{KindHeader, "openssl/opensslconf.h", []string{"libssl-dev"}}, // multiarch dir stripped
		{KindHeader, "event2/event.h", []string{"libevent-dev"}},
		{KindHeader, "json-c/json.h", []string{"libjson-c-dev"}},
		{KindHeader, "nlohmann/json.hpp", []string{"nlohmann-json3-dev"}},
		{KindHeader, "curl/curl.h", []string{"libcurl4-openssl-dev", "libcurl4-nss-dev", "libcurl4-gnutls-dev"}},
		{KindHeader, "glib.h", []string{"libglib2.0-dev", "libhiredis-dev"}}, // suffix match, related name first
		{KindHeader, "nosuch.h", nil},
		{KindHeader, "omp.h", []string{"libgcc-12-dev", "libgcc-11-dev"}}, // gcc's own include dir, not mingw or cross
		{KindHeader, "jni.h", []string{"openjdk-17-jdk-headless"}},
		{KindHeader, "jni_md.h", []string{"openjdk-17-jdk-headless"}},
		{KindHeader, "lua.h", []string{"liblua5.4-dev", "liblua5.3-dev", "liblua5.2-dev"}},
		{KindHeader, "boost/version.hpp", []string{"libboost1.74-dev", "libboost1.81-dev"}}, // libboost-dev depends on 1.74
		{KindPkgConfig, "libevent", []string{"libevent-dev"}},
		{KindPkgConfig, "libevent.pc", []string{"libevent-dev"}},
		{KindPkgConfig, "zlib >= 1.2", []string{"zlib1g-dev"}},
		{KindPkgConfig, "nlohmann_json", []string{"nlohmann-json3-dev"}}, // usr/share/pkgconfig
		{KindPkgConfig, "libcurl", []string{"libcurl4-openssl-dev", "libcurl4-nss-dev", "libcurl4-gnutls-dev"}},
		{KindLibrary, "ssl", []string{"libssl-dev"}},
		{KindLibrary, "-lssl", []string{"libssl-dev"}},
		{KindLibrary, "libssl.so", []string{"libssl-dev"}},
		{KindLibrary, "libz.a", []string{"zlib1g-dev"}},
		{KindLibrary, "libssl.so.3", []string{"libssl3"}},
		{KindLibrary, "libevent.so.9", []string{"libevent-dev"}}, // unknown soname → link name
		{KindLibrary, "mysqlclient", []string{"libmariadb-dev-compat"}},
		{KindLibrary, "stdc++", []string{"libstdc++-12-dev", "libstdc++-11-dev"}},                                                 // gcc's private lib dir
		{KindLibrary, "/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.profile-x86_64.a", []string{"libclang-rt-14-dev"}}, // clang's runtime, by its path
		{KindLibrary, "libclang_rt.profile-x86_64.a", nil},                                                                        // not by its name: one per LLVM version
		{KindExecutable, "xxd", []string{"xxd"}},
		{KindExecutable, "/usr/bin/cmake", []string{"cmake"}},
		{KindExecutable, "busybox", []string{"busybox", "busybox-static"}},
		{KindExecutable, "cc", []string{"gcc"}},                        // override: update-alternatives
		{KindExecutable, "python3", []string{"python3"}},               // python3-minimal ships it, without most of the stdlib
		{KindCMake, "GTest", []string{"libgtest-dev", "libgmock-dev"}}, // c-ares: "GoogleTest found but the GMock component was not found"
		{KindCMake, "ZLIB", []string{"zlib1g-dev"}},                    // override: CMake's FindZLIB
		{KindCMake, "Threads", []string{"libc6-dev"}},
		{KindCMake, "nlohmann_json", []string{"nlohmann-json3-dev"}},
		{KindCMake, "json-c", []string{"libjson-c-dev"}},
		{KindCMake, "NoSuchPkg", nil},
		{KindPython, "yaml", []string{"python3-yaml"}},
		{KindPython, "_yaml", []string{"python3-yaml"}},
		{KindPython, "numpy", []string{"python3-numpy"}},
		{KindPython, "PIL", []string{"python3-pil"}},
		{KindPython, "cv2", []string{"python3-opencv"}},
		{KindPython, "six", []string{"python3-six"}},
		{KindPython, "google.protobuf", []string{"python3-protobuf"}}, // namespace package
		{KindPython, "google.protobuf.message", []string{"python3-protobuf"}},
		{KindPython, "tkinter", []string{"python3-tk"}}, // versioned stdlib dir
		{KindPyPI, "PyYAML", []string{"python3-yaml"}},
		{KindPyPI, "pyyaml>=5", []string{"python3-yaml"}},
		{KindPyPI, "Pillow", []string{"python3-pil"}},
		{KindPyPI, "scikit_learn", []string{"python3-sklearn"}},
		{KindPyPI, "opencv-python", []string{"python3-opencv"}}, // override
		{KindPyPI, "six", []string{"python3-six"}},              // python3-<name> exists
		{KindPyPI, "nosuchdist", nil},
		{KindNode, "express", []string{"node-express"}},
		{KindNode, "@babel/core", []string{"node-babel7"}},
		{KindNode, "@types/iconv", []string{"node-iconv"}},        // usr/lib/<multiarch>/nodejs
		{KindPerl, "XML::Parser", []string{"libxml-parser-perl"}}, // usr/lib/<multiarch>/perl5/<version>
		{KindPerl, "XML/Parser.pm", []string{"libxml-parser-perl"}},
		{KindPerl, "Test::Deep", []string{"libtest-deep-perl"}},
		{KindPerl, "File::Basename", []string{"perl-modules-5.36"}},
		{KindPerl, "README", nil}, // a documentation file named .pm is no module
	}
	for _, tt := range tests {
		t.Run(tt.kind.String()+"/"+tt.name, func(t *testing.T) {
			got := packages(ix.Lookup(tt.kind, tt.name))
			if len(got) == 0 && len(tt.want) == 0 {
				return
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Lookup(%s, %q) = %v, want %v", tt.kind, tt.name, got, tt.want)
			}
		})
	}
}

func TestBest(t *testing.T) {
	ix := excerptIndex(t)
	if c, ok := Best(ix.Header("curl/curl.h")); !ok || c.Package != "libcurl4-openssl-dev" || c.Via != ViaContents {
		t.Errorf("Best(curl/curl.h) = %+v, %v", c, ok)
	}
	if c, ok := Best(ix.Header("glib.h")); !ok || c.Key != "glib-2.0/glib.h" || c.Via != ViaSuffix {
		t.Errorf("Best(glib.h) = %+v, %v", c, ok)
	}
	// CPython's header is in a versioned directory python3-config names
	for _, h := range []string{"Python.h", `"Python.h"`} {
		if c, ok := Best(ix.Header(h)); !ok || c.Package != "python3-dev" || c.Via != ViaOverride || !HeaderOverridden(h) {
			t.Errorf("Best(%s) = %+v, %v", h, c, ok)
		}
	}
	if _, ok := Best(ix.Header("nosuch.h")); ok {
		t.Error("Best of no candidates reported ok")
	}
	if p, ok := ix.Best(KindLibrary, "-lssl"); !ok || p != "libssl-dev" {
		t.Errorf("ix.Best(library, -lssl) = %q, %v", p, ok)
	}
}

func TestNotIndexed(t *testing.T) {
	ix := excerptIndex(t)
	// Paths no kind keeps must not show up anywhere.
	for k := range numKinds {
		for _, line := range ix.tables[k] {
			if strings.Contains(line, "README") || strings.Contains(line, "FindZLIB") {
				t.Errorf("%s table holds %q", k, line)
			}
		}
	}
	if !ix.HasPackage("libjpeg-dev") || !ix.HasPackage("python3-six") || ix.HasPackage("cmake-data") {
		t.Error("HasPackage: want the packages of the Packages file and those shipping an indexed file")
	}
}

func TestRank(t *testing.T) {
	tests := []struct {
		kind Kind
		key  string
		in   []string
		want []string
	}{
		{KindHeader, "curl/curl.h", []string{"libcurl4-gnutls-dev", "libcurl4-nss-dev", "libcurl4-openssl-dev"}, []string{"libcurl4-openssl-dev", "libcurl4-nss-dev", "libcurl4-gnutls-dev"}},
		{KindHeader, "foo.h", []string{"libfoo1", "libfoo-dev"}, []string{"libfoo-dev", "libfoo1"}},
		{KindHeader, "foo.h", []string{"libbar-dev", "libfoo-dev"}, []string{"libfoo-dev", "libbar-dev"}},
		{KindHeader, "foo.h", []string{"libfoo-dev-mingw-w64", "libfoo-dev"}, []string{"libfoo-dev", "libfoo-dev-mingw-w64"}},
		{KindSharedLib, "libfoo.so.1", []string{"libfoo-dev", "libfoo1"}, []string{"libfoo1", "libfoo-dev"}},
		{KindExecutable, "sh", []string{"busybox", "dash"}, []string{"dash", "busybox"}},
		{KindPython, "yaml", []string{"pypy-yaml", "python3-yaml"}, []string{"python3-yaml", "pypy-yaml"}},
		{KindHeader, "x.h", []string{"b-dev", "a-dev"}, []string{"a-dev", "b-dev"}}, // deterministic tie-break
		{KindHeader, "lua.h", []string{"liblua5.2-dev", "liblua5.10-dev", "liblua5.4-dev"}, []string{"liblua5.10-dev", "liblua5.4-dev", "liblua5.2-dev"}},
		{KindHeader, "omp.h", []string{"libgcc-9-dev", "libgcc-12-dev"}, []string{"libgcc-12-dev", "libgcc-9-dev"}},
	}
	for _, tt := range tests {
		t.Run(tt.kind.String()+"/"+tt.key, func(t *testing.T) {
			c := make([]Candidate, len(tt.in))
			for i, p := range tt.in {
				c[i] = Candidate{Package: p, Key: tt.key, Via: ViaContents}
			}
			rank(tt.kind, tt.key, c)
			if got := packages(c); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("rank = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestCacheRoundTrip(t *testing.T) {
	ix := excerptIndex(t)
	path := filepath.Join(t.TempDir(), "sub", "bookworm-amd64.idx")
	if err := ix.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.pkgs, ix.pkgs) || !reflect.DeepEqual(back.tables, ix.tables) {
		t.Fatal("tables differ after round trip")
	}
	if !reflect.DeepEqual(back.Meta.Counts, ix.Counts()) {
		t.Errorf("counts %v, want %v", back.Meta.Counts, ix.Counts())
	}
	if got := packages(back.Header("zlib.h")); !reflect.DeepEqual(got, []string{"zlib1g-dev"}) {
		t.Errorf("Header(zlib.h) after round trip = %v", got)
	}
	var a, b bytes.Buffer
	ix.WriteTo(&a)
	back.WriteTo(&b)
	if a.String() != b.String() {
		t.Error("re-encoding differs")
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("cache dir holds %d files, want 1 (temp file left behind?)", len(entries))
	}
}

func TestOpenRejects(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"empty":     "",
		"magic":     "something else\n",
		"truncated": "heragent-debindex 1\n{}\nP 3\na/b\n",
	} {
		t.Run(name, func(t *testing.T) {
			p := filepath.Join(dir, name)
			os.WriteFile(p, []byte(body), 0o644)
			if _, err := Open(p); err == nil {
				t.Error("Open accepted a bad file")
			}
		})
	}
}

func TestNormalizeDist(t *testing.T) {
	for in, want := range map[string]string{"PyYAML": "pyyaml", "scikit_learn": "scikit-learn", "zope.interface": "zope-interface", "A__b--c": "a-b-c"} {
		if got := NormalizeDist(in); got != want {
			t.Errorf("NormalizeDist(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseKind(t *testing.T) {
	for _, k := range Kinds() {
		if got, err := ParseKind(k.String()); err != nil || got != k {
			t.Errorf("ParseKind(%q) = %v, %v", k, got, err)
		}
	}
	if _, err := ParseKind("nope"); err == nil {
		t.Error("ParseKind(nope) succeeded")
	}
}
