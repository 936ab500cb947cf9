package pyramid

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

// Prototypes as the real projects' headers write them.
func TestVersionFuncsOnRealPrototypes(t *testing.T) {
	repo := fstest.MapFS{
		"include/uv.h":            {Data: []byte("UV_EXTERN unsigned int uv_version(void);\nUV_EXTERN const char* uv_version_string(void);\n")},
		"include/event2/event.h":  {Data: []byte("EVENT2_EXPORT_SYMBOL\nconst char *event_get_version(void);\n")},
		"zlib.h":                  {Data: []byte("ZEXTERN const char * ZEXPORT zlibVersion OF((void));\n")},
		"cJSON.h":                 {Data: []byte("CJSON_PUBLIC(const char*) cJSON_Version(void);\n")},
		"src/oniguruma.h":         {Data: []byte("ONIG_EXTERN\nconst char* onig_version P_((void));\nONIG_EXTERN\nint onig_error_code_to_str PV_((OnigUChar* s, int err_code, ...));\n")},
		"lib/lz4.h":               {Data: []byte("LZ4LIB_API int LZ4_versionNumber (void);  /**< library version number */\nLZ4LIB_API const char* LZ4_versionString (void);\n")},
		"json_c_version.h":        {Data: []byte("JSON_EXPORT const char *json_c_version(void); /* Returns ANSI string */\n")},
		"tests/helpers.h":         {Data: []byte("const char *test_version(void);\n")},
		"src/yyjson.h":            {Data: []byte("yyjson_api uint32_t yyjson_version(void);\nextern char const *yyjson_version_string(void);\n")},
		"include/uv/internal.h":   {Data: []byte("int uv_parse(const char *version);\n")}, // takes an argument
		"src/not-a-header.c":      {Data: []byte("const char *src_version(void);\n")},
		"third_party/dep/dep.h":   {Data: []byte("const char *dep_version(void);\n")},
		"include/event2/macros.h": {Data: []byte("#define EVENT_VERSION(x) x\n")},
	}
	got := map[string]VersionFunc{}
	for _, f := range VersionFuncs(repo, "libuv") {
		got[f.Name] = f
	}
	want := map[string]VersionFunc{
		"uv_version":        {Header: "include/uv.h", Name: "uv_version", String: false},
		"uv_version_string": {Header: "include/uv.h", Name: "uv_version_string", String: true},
		// (the map mixes projects: include/uv.h is the umbrella of libuv, the name asked for)
		"event_get_version":     {Header: "include/event2/event.h", Name: "event_get_version", String: true, Umbrella: "include/uv.h"},
		"zlibVersion":           {Header: "zlib.h", Name: "zlibVersion", String: true},
		"cJSON_Version":         {Header: "cJSON.h", Name: "cJSON_Version", String: true},
		"onig_version":          {Header: "src/oniguruma.h", Name: "onig_version", String: true},
		"LZ4_versionNumber":     {Header: "lib/lz4.h", Name: "LZ4_versionNumber", String: false},
		"LZ4_versionString":     {Header: "lib/lz4.h", Name: "LZ4_versionString", String: true},
		"json_c_version":        {Header: "json_c_version.h", Name: "json_c_version", String: true},
		"yyjson_version":        {Header: "src/yyjson.h", Name: "yyjson_version", String: false},
		"yyjson_version_string": {Header: "src/yyjson.h", Name: "yyjson_version_string", String: true},
	}
	if len(got) != len(want) {
		t.Errorf("found %v, want %v", got, want)
	}
	for n, w := range want {
		if !reflect.DeepEqual(got[n], w) {
			t.Errorf("%s: got %+v, want %+v", n, got[n], w)
		}
	}
}

func TestVersionFuncsUmbrella(t *testing.T) {
	repo := fstest.MapFS{
		"include/msgpack.h":         {Data: []byte("#include \"msgpack/version.h\"\n")},
		"include/msgpack/version.h": {Data: []byte("MSGPACK_DLLEXPORT\nconst char* msgpack_version(void);\n")},
	}
	fns := VersionFuncs(repo, "msgpack-c")
	if len(fns) != 1 || fns[0].Umbrella != "include/msgpack.h" {
		t.Fatalf("got %+v", fns)
	}
	ps := LinkProbes(fns, []string{"build/libmsgpack-c.so.2.0.0"}, nil, "msgpack-c")
	if len(ps) != 2 || !strings.Contains(ps[0].Text, `'#include <msgpack.h>' '#include <msgpack/version.h>'`) || strings.Contains(ps[1].Text, "<msgpack.h>") {
		t.Errorf("probes: %+v", ps)
	}
}

func TestLinkProbes(t *testing.T) {
	fns := []VersionFunc{
		{Header: "include/uv.h", Name: "uv_version", String: false},
		{Header: "include/uv.h", Name: "uv_version_string", String: true},
		{Header: "src/unix/internal.h", Name: "uv__kernel_version", String: false},
	}
	libs := []string{"build/libuv.a", "build/libuv.so.1.0.0", "build/libuv_test.so", "build/_deps/gtest/libgtest.a"}
	ps := LinkProbes(fns, libs, []string{"build/gen/uv/uv-config.h", "build/gen/uv/more.h", "third_party/googletest/googletest/include/gtest/gtest.h"}, "libuv")
	if len(ps) != 2 {
		t.Fatalf("%d probes, want 2", len(ps))
	}
	c := ps[0]
	for _, s := range []string{
		`'#include <uv.h>'`, `uv_version_string()`, `-Iinclude -Ibuild/gen/uv -Ibuild/gen`,
		`./build/libuv.so.1.0.0 -Wl,-rpath,"$PWD/build"`, `timeout 10 /tmp/heragent-consumer`,
	} {
		if !strings.Contains(c.Text, s) {
			t.Errorf("probe lacks %q:\n%s", s, c.Text)
		}
	}
	if c.Level != Runnable || !c.Synth || len(c.Expect) == 0 || c.Reason == "" {
		t.Errorf("probe %+v", c)
	}
	if !strings.Contains(ps[1].Text, "uv_version()") || !strings.Contains(ps[1].Text, `%lu`) {
		t.Errorf("second probe: %s", ps[1].Text)
	}

	// A header outside include/ is included by name from its directory; a
	// static library links with the usual system libraries.
	ps = LinkProbes([]VersionFunc{{Header: "zlib.h", Name: "zlibVersion", String: true}}, []string{"libz.a"}, nil, "zlib")
	if len(ps) != 1 || !strings.Contains(ps[0].Text, `'#include "zlib.h"'`) || !strings.Contains(ps[0].Text, "-I. ./libz.a -lm") {
		t.Errorf("zlib probe: %+v", ps)
	}
	// An archive links the C++ runtime when its objects need it (a C API
	// over C++ code); a shared library names it itself.
	if !strings.Contains(ps[0].Text, `-ldl $(nm ./libz.a 2>/dev/null | grep ' U _Z' >/dev/null && echo -lstdc++) `) {
		t.Errorf("archive probe does not check for C++ objects: %s", ps[0].Text)
	}
	// and with the libraries the project's programs were linked with
	// after it (CMake's link.txt): leveldb's archive needs snappy.
	if !strings.Contains(ps[0].Text, `grep -lF libz.a $(find . -path '*CMakeFiles*' -name link.txt`) || !strings.Contains(ps[0].Text, `sed -n 's|.*libz\.a||p'`) {
		t.Errorf("archive probe does not add the archive's own dependencies: %s", ps[0].Text)
	}
	if strings.Contains(c.Text, "nm ./") || strings.Contains(c.Text, "third_party") {
		t.Errorf("shared-library probe checks for C++ objects or includes a dependency's headers: %s", c.Text)
	}
	// Nothing to link, or nothing to call: no probe.
	if ps := LinkProbes(fns, []string{"build/uv-bench"}, nil, "libuv"); len(ps) != 0 {
		t.Errorf("probes without a library: %+v", ps)
	}
	if ps := LinkProbes(nil, libs, nil, "libuv"); len(ps) != 0 {
		t.Errorf("probes without a version function: %+v", ps)
	}
}

func TestProductBuilt(t *testing.T) {
	if !ProductBuilt([]string{"src/x", "jq"}, "jq") || !ProductBuilt([]string{"build/ccache"}, "ccache") {
		t.Error("the project's program not seen")
	}
	if ProductBuilt([]string{"build/ringbuf-echo-server", "tests/uv"}, "libuv") {
		t.Error("a sample or test program taken for the product")
	}
}

func TestLastResort(t *testing.T) {
	ps := BuiltProbes([]string{"build/tool"}, "tool", FixtureInput{}, nil)
	if len(ps) != 3 || ps[0].LastResort() || !ps[1].LastResort() || !ps[2].LastResort() {
		t.Errorf("probes %+v", ps)
	}
	if (Command{Reason: "last resort: x"}).LastResort() {
		t.Error("a mined command is never a last resort")
	}
}

// A public header the build makes from a template (libffi's
// include/ffi.h.in, written to a host-triplet tree by configure) is read
// from the template and included from where the build wrote it; when the
// build wrote no such header there is no probe.
func TestLinkProbesGeneratedHeader(t *testing.T) {
	repo := fstest.MapFS{
		"include/ffi.h.in":     {Data: []byte("/* Return a version string. */\nFFI_API const char *ffi_get_version (void);\n")},
		"include/ffi_common.h": {Data: []byte("int x;\n")},
	}
	fns := VersionFuncs(repo, "libffi")
	if len(fns) != 1 || fns[0].Header != "include/ffi.h" || !fns[0].Generated || fns[0].Name != "ffi_get_version" {
		t.Fatalf("version functions: %+v", fns)
	}
	libs := []string{"x86_64-pc-linux-gnu/.libs/libffi.so.8.1.4"}
	gen := []string{"x86_64-pc-linux-gnu/fficonfig.h", "x86_64-pc-linux-gnu/include/ffi.h", "x86_64-pc-linux-gnu/include/ffitarget.h"}
	ps := LinkProbes(fns, libs, gen, "libffi")
	if len(ps) != 1 {
		t.Fatalf("%d probes: %+v", len(ps), ps)
	}
	for _, s := range []string{`'#include <ffi.h>'`, `-Ix86_64-pc-linux-gnu/include`, `ffi_get_version()`, `./x86_64-pc-linux-gnu/.libs/libffi.so.8.1.4`} {
		if !strings.Contains(ps[0].Text, s) {
			t.Errorf("probe lacks %q:\n%s", s, ps[0].Text)
		}
	}
	if ps := LinkProbes(fns, libs, gen[:1], "libffi"); len(ps) != 0 {
		t.Errorf("probe of a header the build did not write: %+v", ps)
	}
}

// A C++ library's version function inside a namespace (gflags'
// VersionString in GFLAGS_NAMESPACE, from its gflags.h.in) is called
// qualified from a C++ consumer; one in a C header's extern "C" block is not.
func TestLinkProbeCxxNamespace(t *testing.T) {
	repo := fstest.MapFS{
		"src/gflags.h.in": {Data: []byte("#include <string>\n#include \"gflags_declare.h\"\nnamespace GFLAGS_NAMESPACE {\n" +
			"struct FlagSaver { int x() { return 1; } };\nextern GFLAGS_DLL_DECL const char* VersionString();\n}  // namespace\n")},
		"c/api.h": {Data: []byte("#ifdef __cplusplus\nextern \"C\" {\n#endif\nconst char *api_version(void);\n#ifdef __cplusplus\n}\n#endif\n")},
	}
	bench := VersionFuncs(fstest.MapFS{"include/benchmark/benchmark_api.h": {Data: []byte("namespace benchmark {\nBENCHMARK_EXPORT std::string GetBenchmarkVersion();\n}\n")}}, "benchmark")
	if len(bench) != 1 || bench[0].Namespace != "benchmark" || !bench[0].StdString {
		t.Errorf("google-benchmark's std::string version: %+v", bench)
	} else if cs := LinkProbes(bench, []string{"build/src/libbenchmark.a"}, nil, "benchmark"); len(cs) != 1 || !strings.Contains(cs[0].Text, "benchmark::GetBenchmarkVersion().c_str()") {
		t.Errorf("probes %+v", cs)
	}
	ns := map[string]string{}
	for _, f := range VersionFuncs(repo, "gflags") {
		ns[f.Name] = f.Namespace
	}
	if ns["VersionString"] != "GFLAGS_NAMESPACE" || ns["api_version"] != "" || len(ns) != 2 {
		t.Fatalf("namespaces %v", ns)
	}
	text := "namespace a {\nnamespace b::c {\nint f();\n}\nint g();\n}\n"
	if got := namespaceAt(text, strings.Index(text, "int f")); got != "a::b::c" {
		t.Errorf("inside the inner namespace: %q", got)
	}
	if got := namespaceAt(text, strings.Index(text, "int g")); got != "a" {
		t.Errorf("after the inner namespace closed: %q", got)
	}
	delete(repo, "c/api.h")
	cs := LinkProbes(VersionFuncs(repo, "gflags"), []string{"build/lib/libgflags.a"}, []string{"build/include/gflags/gflags.h"}, "gflags")
	if len(cs) != 1 || !strings.Contains(cs[0].Text, "GFLAGS_NAMESPACE::VersionString()") || !strings.Contains(cs[0].Text, "c++ -o /tmp/heragent-consumer -x c++ /tmp/heragent-consumer.c -x none") ||
		!strings.Contains(cs[0].Text, "#include <cstdio>") {
		t.Fatalf("probes %+v", cs)
	}
}

// A version function taking the version its caller requires (libssh2's
// int, libgcrypt's string) is called with 0 or NULL, which asks for none
// and returns the library's version; another argument is not a
// requirement.
func TestVersionFuncsRequiredVersion(t *testing.T) {
	repo := fstest.MapFS{
		"include/libssh2.h": {Data: []byte("LIBSSH2_API const char *libssh2_version(int req_version_num);\nLIBSSH2_API const char *libssh2_session_version(int flags);\n")},
		"src/gcrypt.h":      {Data: []byte("const char *gcry_check_version (const char *req_version);\n")},
	}
	got := map[string]string{}
	for _, f := range VersionFuncs(repo, "libssh2-libssh2") {
		got[f.Name] = f.Arg
	}
	if want := map[string]string{"libssh2_version": "0", "gcry_check_version": "NULL"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	c := linkProbe(VersionFunc{Header: "include/libssh2.h", Name: "libssh2_version", String: true, Arg: "0"}, "", "build/src/libssh2.a", nil)
	if !strings.Contains(c.Text, `printf("%s\n", libssh2_version(0));`) {
		t.Errorf("consumer: %s", c.Text)
	}
}
