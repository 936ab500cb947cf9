package pyramid

import (
	"strings"
	"testing"
	"testing/fstest"
)

// libfuse's headers, abridged: fuse_common.h declares the version
// functions but refuses direct inclusion, and asks for an API version.
func TestVersionFuncsGuardedHeader(t *testing.T) {
	repo := fstest.MapFS{
		"include/fuse.h":          {Data: []byte("#ifndef FUSE_H_\n#define FUSE_H_\n\n#include \"fuse_common.h\"\n#endif\n")},
		"include/fuse_lowlevel.h": {Data: []byte("#ifndef FUSE_LOWLEVEL_H_\n#define FUSE_LOWLEVEL_H_\n#ifndef FUSE_USE_VERSION\n#error FUSE_USE_VERSION not defined\n#endif\n#include \"fuse_common.h\"\n#endif\n")},
		"include/cuse_lowlevel.h": {Data: []byte("#ifndef FUSE_USE_VERSION\n#define FUSE_USE_VERSION 30\n#endif\n#include \"fuse_lowlevel.h\"\n")},
		"include/fuse_common.h": {Data: []byte(`#if !defined(FUSE_H_) && !defined(FUSE_LOWLEVEL_H_)
#error "Never include <fuse_common.h> directly; use <fuse.h> or <fuse_lowlevel.h> instead."
#endif
#ifndef FUSE_COMMON_H_
#define FUSE_COMMON_H_
#include "libfuse_config.h"
#ifdef _WIN32
#error "no Windows"
#endif
#ifndef __linux__
/* only Linux */
#error "Linux only"
#endif
int fuse_version(void);
const char *fuse_pkgversion(void);

#if !defined(FUSE_USE_VERSION) || FUSE_USE_VERSION < 30
#  error only API version 30 or greater is supported
#endif
#endif
`)},
	}
	fns := VersionFuncs(repo, "libfuse")
	if len(fns) != 2 {
		t.Fatalf("got %+v", fns)
	}
	for _, f := range fns {
		if f.Umbrella != "include/fuse.h" || !f.Guarded || strings.Join(f.Defines, " ") != "FUSE_USE_VERSION=30" {
			t.Errorf("%s: umbrella %q guarded %v defines %v", f.Name, f.Umbrella, f.Guarded, f.Defines)
		}
	}
	ps := LinkProbes(fns, []string{"build/lib/libfuse3.so.3.19.0"}, []string{"build/libfuse_config.h"}, "libfuse")
	if len(ps) != 2 {
		t.Fatalf("a guarded header gets only the umbrella's consumer: %+v", ps)
	}
	for _, p := range ps {
		if !strings.Contains(p.Text, `'#include <fuse.h>' '#include <fuse_common.h>'`) || !strings.Contains(p.Text, "-DFUSE_USE_VERSION=30") || !strings.Contains(p.Text, "-Ibuild") {
			t.Errorf("probe: %s", p.Text)
		}
	}
}

// A header whose guards are only platform tests asks nothing of its
// consumer, and an ordinary include guard is no #error guard.
func TestGuardNeedsPlatformOnly(t *testing.T) {
	guards := map[string]headerGuard{
		"zstd.h": readGuard("#ifndef ZSTD_H\n#define ZSTD_H\n#if !defined(_WIN32) && !defined(ZSTD_LINUX)\n#error unsupported\n#endif\n#if !defined(CHAR_BIT) || CHAR_BIT != 8\n#error odd bytes\n#endif\n#ifdef ZSTD_FREESTANDING\n#ifndef ZSTD_memcpy\n#error needs ZSTD_memcpy\n#endif\n#endif\nunsigned ZSTD_versionNumber(void);\n#endif\n"),
	}
	if u, defs := guardNeeds("zstd.h", "ZSTD", guards); u != "" || len(defs) != 0 {
		t.Errorf("umbrella %q defines %v", u, defs)
	}
}
