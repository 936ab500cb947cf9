package pyramid

import (
	"strings"
	"testing"
	"testing/fstest"
)

// A library's example programs the build does not compile — at the top
// of the checkout or in an examples directory — are compiled against its
// own headers and run; unit tests, fuzzers, sources without a main and
// programs in test directories are not examples.
func TestExamplePrograms(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	fsys := fstest.MapFS{
		"re2/re2.h":            file("class RE2 {};\n"),
		"re2/filtered_re2.h":   file("class FilteredRE2 {};\n"),
		"re2/re2.cc":           file("#include \"re2/re2.h\"\nint helper() { return 0; }\n"),
		"testinstall.cc":       file("#include <stdio.h>\n#include <re2/filtered_re2.h>\n#include <re2/re2.h>\n\nint main() {\n  printf(\"PASS\\n\");\n  return 0;\n}\n"),
		"re2/testing/t.cc":     file("#include \"re2/re2.h\"\nint main() { return 0; }\n"),
		"unit.cc":              file("#include <gtest/gtest.h>\n#include \"re2/re2.h\"\nint main() { return RUN_ALL_TESTS(); }\n"),
		"fuzz_re2.cc":          file("#include \"re2/re2.h\"\nint main() { return 0; }\n"),
		"examples/hello.c":     file("#include <stdio.h>\nint main(void) { puts(\"no header of the project\"); }\n"),
		"examples/big/match.c": file("#include \"re2/re2.h\"\nint main(void) { return 0; }\n"),
	}
	cs := ExamplePrograms(fsys, nil, "", nil)
	if len(cs) != 1 {
		t.Fatalf("examples: %v", texts(cs))
	}
	want := "{ c++ -o /tmp/heragent-example-file-1 testinstall.cc -I. -pthread 2>/dev/null || {"
	if c := cs[0]; !strings.HasPrefix(c.Text, want) || !strings.HasSuffix(c.Text, "&& timeout 60 /tmp/heragent-example-file-1") || c.Synth || c.Level != Runnable || GradeRunnable(c) != EvidenceDocumented {
		t.Fatalf("example command %q (synth %v, level %s, evidence %s)", c.Text, c.Synth, c.Level, GradeRunnable(c))
	}
}

// An example whose project headers include one the build writes
// (libfuse's printcap.c: fuse_lowlevel.h → fuse_common.h →
// libfuse_config.h, made in build/) is compiled with the build's
// generated-header directories after the checkout's; a dependency's are
// not searched.
func TestExampleProgramsGeneratedHeaders(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	fsys := fstest.MapFS{
		"include/fuse_lowlevel.h": file("#include \"libfuse_config.h\"\n"),
		"example/printcap.c":      file("#define FUSE_USE_VERSION 31\n#include <fuse_lowlevel.h>\nint main(void) { return 0; }\n"),
	}
	cs := ExamplePrograms(fsys, []string{"build/subprojects/gtest/gtest-config.h", "build/libfuse_config.h", "build/lib/fuse_config.h"}, "", nil)
	if len(cs) != 1 || !strings.Contains(cs[0].Text, "example/printcap.c -Iinclude -Iexample -Ibuild -Ibuild/lib -pthread") || strings.Contains(cs[0].Text, "gtest") {
		t.Fatalf("examples: %v", texts(cs))
	}
}

// Examples that need another library (hiredis's example-libev.c, through
// its adapters/libev.h, includes <ev.h>) are tried after those that need
// only the project's and the system's headers, however small they are;
// another system's header under its #ifdef does not count.
func TestExampleProgramsNeedingAnotherLibraryLast(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	fsys := fstest.MapFS{
		"hiredis.h":                file("#include <sys/time.h>\n#include \"read.h\"\n"),
		"read.h":                   file("#include <stdio.h>\n"),
		"async.h":                  file("#include \"hiredis.h\"\n"),
		"adapters/libev.h":         file("#include <ev.h>\n#include \"../hiredis.h\"\n#include \"../async.h\"\n"),
		"examples/example-libev.c": file("#include <stdio.h>\n#include <hiredis.h>\n#include <async.h>\n#include <adapters/libev.h>\nint main(void) { return 0; }\n"),
		"examples/example-glib.c":  file("#include <glib.h>\n#include <hiredis.h>\nint main(void) { return 0; }\n"),
		"examples/example.c":       file("#include <stdio.h>\n#include <hiredis.h>\n#ifdef _MSC_VER\n#include <winsock2.h>\n#endif\nint main(void) {\n  /* a longer program than the others */\n  return 0;\n}\n"),
	}
	cs := ExamplePrograms(fsys, nil, "", nil)
	if len(cs) != 2 || !strings.Contains(cs[0].Text, "examples/example.c") {
		t.Fatalf("examples: %v", texts(cs))
	}
}

// An example reading its first argument (json-parser's test_json.c:
// "USAGE: ./test_json <json_file>") runs on the suite's input, and a
// link against the built libraries ends with the math library
// (libjsonparser.a calls pow).
func TestExampleProgramsArgument(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	fsys := fstest.MapFS{
		"json.h":                 file("int json_parse(const char *);\n"),
		"examples/test_json.c":   file("#include <stdio.h>\n#include \"json.h\"\nint main(int argc, char **argv) {\n  FILE *f = fopen(argv[1], \"r\");\n  return f == NULL;\n}\n"),
		"examples/no_argument.c": file("#include \"json.h\"\nint main(void) { return json_parse(\"[]\"); }\n"),
	}
	cs := ExamplePrograms(fsys, nil, "tests/valid-0000.json", nil)
	if len(cs) != 2 {
		t.Fatalf("examples: %v", texts(cs))
	}
	for _, c := range cs {
		if !strings.Contains(c.Text, "-Wl,--end-group $R $D $X -lm -fopenmp;") {
			t.Errorf("no C++ runtime (when an archive needs it), -lm and OpenMP after the built libraries: %s", c.Text)
		}
		reads := strings.Contains(c.Text, "test_json.c")
		if got := strings.HasSuffix(c.Text, "{ timeout 60 /tmp/heragent-example-file-2 || timeout 60 /tmp/heragent-example-file-2 tests/valid-0000.json; }") || strings.HasSuffix(c.Text, "{ timeout 60 /tmp/heragent-example-file-1 || timeout 60 /tmp/heragent-example-file-1 tests/valid-0000.json; }"); got != reads {
			t.Errorf("argument given %v, want %v: %s", got, reads, c.Text)
		}
	}
}

// A source the build made a program of beside it (rax's rax-oom-test.c,
// a test its Makefile builds) is not compiled again; the next one is.
func TestExampleProgramsNotWhatTheBuildMade(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	fsys := fstest.MapFS{
		"rax.h":           file("void *raxNew(void);\n"),
		"rax-oom-test.c":  file("#include \"rax.h\"\nint main(void) { raxNew(); return 0; }\n"),
		"rax-test.c":      file("#include \"rax.h\"\nint main(void) { raxNew(); return 0; }\n"),
		"examples/demo.c": file("#include \"rax.h\"\nint main(void) { raxNew(); return 0; }\n"),
	}
	cs := ExamplePrograms(fsys, nil, "", []string{"rax-oom-test", "rax-test", "tests/demo"})
	if len(cs) != 1 || !strings.Contains(cs[0].Text, "examples/demo.c") {
		t.Fatalf("examples: %v", texts(cs))
	}
}

// A demo that includes the library by its path from the demo's directory
// (sj.h's demo/rect.c: #include "../sj.h") is compiled with that
// directory on the include path.
func TestExampleProgramsRelativeInclude(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	fsys := fstest.MapFS{
		"sj.h":         file("typedef struct { char *start; } sj_Value;\n"),
		"demo/rect.c":  file("#include <stdio.h>\n#define SJ_IMPL\n#include \"../sj.h\"\n\nint main(void) {\n  puts(\"rect\");\n  return 0;\n}\n"),
		"demo/other.c": file("#include <stdio.h>\nint main(void) { return 0; }\n"),
	}
	cs := ExamplePrograms(fsys, nil, "", nil)
	if len(cs) != 1 || !strings.HasPrefix(cs[0].Text, "{ cc -o /tmp/heragent-example-file-1 demo/rect.c -Idemo -pthread") {
		t.Fatalf("examples: %v", texts(cs))
	}
}

// An example program listening on a socket (libmill's tutorial: tcplisten
// on port 5555) is started in the background and proved by a connection,
// not run in the foreground until its 60 s are up.
func TestCServerExample(t *testing.T) {
	code := "#include <libmill.h>\nint main(int argc, char *argv[]) {\n    int port = 5555;\n    tcpsock ls = tcplisten(iplocal(NULL, port, 0), 10);\n    return 0;\n}\n"
	text, ok := cFileExample([]string{"libmill.h"}, nil, "tutorial/step1.c", code, "", 1, false)
	if !ok || !cServerSrc.MatchString(code) {
		t.Fatalf("no example: %q", text)
	}
	c := cServerExample(Command{Text: text}, code)
	if !c.Background || !strings.Contains(c.Text, "/dev/tcp/127.0.0.1/5555") || strings.Contains(c.Text, "timeout 60") ||
		!strings.HasSuffix(c.Serve, "&& /tmp/heragent-example-file-1") {
		t.Fatalf("server probe %+v", c)
	}
}

// fann's examples read "../datasets/scaling.data": run from their own
// directory, where that path lands in the checkout, and with their own
// first argument's path (a fixture) written from there.
func TestExampleProgramClimbingToTheCheckoutRunsBeside(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	fsys := fstest.MapFS{
		"src/include/fann.h":         file("struct fann;\n"),
		"datasets/scaling.data":      file("4 2 1\n"),
		"examples/scaling_train.c":   file("#include \"fann.h\"\nint main(int argc, char **argv) {\n  return fann_read(\"../datasets/scaling.data\") == 0;\n}\n"),
		"examples/elsewhere_reads.c": file("#include \"fann.h\"\nint main(void) {\n  return fann_read(\"../nowhere/x.data\") == 0;\n}\n"),
	}
	cs := ExamplePrograms(fsys, nil, "", nil)
	if len(cs) != 2 {
		t.Fatalf("examples: %v", texts(cs))
	}
	for _, c := range cs {
		beside := strings.Contains(c.Text, "&& cd examples && timeout 60 /tmp/heragent-example-file-")
		if want := strings.Contains(c.Text, "scaling_train.c"); beside != want {
			t.Errorf("runs from examples/ = %v, want %v: %s", beside, want, c.Text)
		}
	}
}

// A port's replacement of a system header in the checkout (libssh2's
// os400/include/sys/socket.h and assert.h) is not an include directory of
// an example including <sys/socket.h>: only the library's own headers are.
func TestExampleProgramSkipsAPortsSystemHeaders(t *testing.T) {
	code := "#include <libssh2.h>\n#include <sys/socket.h>\n#include <assert.h>\nint main(void) { return libssh2_init(0); }\n"
	text, ok := cFileExample([]string{"include/libssh2.h", "os400/include/sys/socket.h", "os400/include/assert.h"}, nil, "example/ssh2.c", code, "", 1, false)
	if !ok || strings.Contains(text, "os400") || !strings.Contains(text, "-Iinclude -Iexample") {
		t.Fatalf("example: %q", text)
	}
}
