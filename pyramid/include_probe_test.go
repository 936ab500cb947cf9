package pyramid

import (
	"strings"
	"testing"
	"testing/fstest"
)

// A library with nothing to run gets its header compiled into a program as
// the last resort: smaz.h (the checkout's name carries its owner) in C,
// function2.hpp in C++; headers of its tests or several unnamed ones give
// none.
func TestIncludeProbe(t *testing.T) {
	smaz := fstest.MapFS{"smaz.h": {Data: []byte("int smaz_compress(char *in, int inlen, char *out, int outlen);\n")}, "smaz.c": {Data: []byte("")},
		"tests/helper.h": {Data: []byte("")}}
	cs := IncludeProbe(smaz, nil, "antirez-smaz")
	if len(cs) != 1 || !cs[0].LastResort() || GradeRunnable(cs[0]) != EvidenceLastResort ||
		!strings.Contains(cs[0].Text, `'#include "smaz.h"'`) || !strings.Contains(cs[0].Text, "&& cc -o /tmp/heragent-include /tmp/heragent-include.c -I. &&") {
		t.Errorf("smaz: %+v", cs)
	}
	f2 := fstest.MapFS{"include/function2/function2.hpp": {Data: []byte("namespace fu2 {}\n")}, "test/playground.cpp": {Data: []byte("")}}
	if cs := IncludeProbe(f2, nil, "function2"); len(cs) != 1 || !strings.Contains(cs[0].Text, "'#include <function2/function2.hpp>'") || !strings.Contains(cs[0].Text, "c++ -o") {
		t.Errorf("function2: %+v", cs)
	}
	// a header including its siblings through its directory's name
	// (tau/tau.h: #include <tau/types.h>) is included from the parent
	tau := fstest.MapFS{"tau/tau.h": {Data: []byte("#include <tau/types.h>\n#include <tau/misc.h>\n")}, "tau/types.h": {Data: []byte("")}, "tau/misc.h": {Data: []byte("")}}
	if cs := IncludeProbe(tau, nil, "jasmcaus-tau"); len(cs) != 1 || !strings.Contains(cs[0].Text, "'#include <tau/tau.h>'") || !strings.Contains(cs[0].Text, "/tmp/heragent-include.c -I. &&") {
		t.Errorf("tau: %+v", cs)
	}
	city := fstest.MapFS{"src/city.h": {Data: []byte("#include <stdint.h>\n#include <utility>\ntypedef std::pair<uint64, uint64> uint128;\n")}, "src/citycrc.h": {Data: []byte("")}, "src/config.h": {Data: []byte("")}}
	if cs := IncludeProbe(city, nil, "google-cityhash"); len(cs) != 1 || !strings.Contains(cs[0].Text, `'#include "city.h"'`) || !strings.Contains(cs[0].Text, "c++ -o") {
		t.Errorf("cityhash: %+v", cs)
	}
	gsl := fstest.MapFS{"include/gsl/gsl": {Data: []byte("#include <gsl/span>\n")}, "include/gsl/span": {Data: []byte("")}, "include/gsl/byte": {Data: []byte("")}}
	if cs := IncludeProbe(gsl, nil, "microsoft-gsl"); len(cs) != 1 || !strings.Contains(cs[0].Text, "'#include <gsl/gsl>'") || !strings.Contains(cs[0].Text, "c++ -o") {
		t.Errorf("GSL: %+v", cs)
	}
	two := fstest.MapFS{"a.h": {Data: []byte("")}, "b.h": {Data: []byte("")}}
	if cs := IncludeProbe(two, nil, "other"); cs != nil {
		t.Errorf("two unnamed headers: %+v", cs)
	}
}

// A library whose build generates its header (jemalloc's configure writes
// include/jemalloc/jemalloc.h; the checkout has only templates) gets that
// header's probe, with the generated headers' directory on the include
// path; a generated header not named as the project gives none.
func TestGeneratedLibraryHeader(t *testing.T) {
	gen := []string{"include/jemalloc/internal/private_namespace.h", "include/jemalloc/jemalloc.h", "include/jemalloc/jemalloc_defs.h"}
	h := GeneratedLibraryHeader(gen, "jemalloc-jemalloc")
	cs := h.Probe(gen)
	if h.Path != "include/jemalloc/jemalloc.h" || h.Cxx || len(cs) != 1 || !cs[0].LastResort() ||
		!strings.Contains(cs[0].Text, `'#include <jemalloc/jemalloc.h>'`) || !strings.Contains(cs[0].Text, "cc -o /tmp/heragent-include /tmp/heragent-include.c -Iinclude -Iinclude/jemalloc") {
		t.Errorf("jemalloc: %+v %+v", h, cs)
	}
	if h := GeneratedLibraryHeader([]string{"src/config.h", "build/version.h"}, "other-lib"); h.Path != "" {
		t.Errorf("a generated header not the project's: %+v", h)
	}
}
