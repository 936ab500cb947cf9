package pyramid

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func TestBuiltProbesRanksTheProductFirst(t *testing.T) {
	tests := []struct {
		repo  string
		bins  []string
		first string
	}{
		{"lz4", []string{"tests/frametest", "programs/lz4", "lz4", "examples/simple_buffer"}, "./lz4"},
		{"cJSON", []string{"build/cJSON_test", "build/tests/parse_examples", "build/fuzzing/afl"}, "./build/cJSON_test"},
		{"zstd", []string{"programs/zstd", "tests/fuzzer", "contrib/pzstd/pzstd"}, "./programs/zstd"},
		{"json-c", []string{"build/apps/json_parse", "build/CMakeFiles/3.25.1/CompilerIdC/a.out", "build/tests/test1"}, "./build/apps/json_parse"},
		{"libevent", []string{"build/bin/regress", "build/bin/event-read-fifo", "build/bin/bench"}, "./build/bin/event-read-fifo"},
		{"fmt", []string{"build/bin/args-test", "build/bin/format-test", "build/bin/os-test", "build/bin/printf"}, "./build/bin/printf"},
		// numbered test programs beside the tools (lmdb's mtest, mtest2 … mtest6)
		{"lmdb", []string{"libraries/liblmdb/mtest", "libraries/liblmdb/mtest2", "libraries/liblmdb/mtest3", "libraries/liblmdb/mdb_stat"}, "./libraries/liblmdb/mdb_stat"},
	}
	for _, tt := range tests {
		t.Run(tt.repo, func(t *testing.T) {
			cs := BuiltProbes(tt.bins, tt.repo, FixtureInput{}, nil)
			if len(cs) == 0 {
				t.Fatal("no probes")
			}
			if !strings.HasSuffix(cs[0].Text, "timeout 10 "+tt.first) {
				t.Fatalf("first probe %q, want one of %s", cs[0].Text, tt.first)
			}
			for _, c := range cs {
				if c.Level != Runnable || !c.Synth || strings.Contains(c.Text, "CMakeFiles") || strings.Contains(c.Text, "/tests/") {
					t.Fatalf("bad probe %+v", c)
				}
			}
		})
	}
}

func TestBuiltProbesNothingBuilt(t *testing.T) {
	if cs := BuiltProbes([]string{"build/tests/t1", "x/CMakeFiles/a.out", "build/meson-private/sanitycheckc.exe", "build/bin/a-test", "build/bin/b-test", "build/bin/test-c", "x86_64-pc-linux-gnu/a.out", "conftest"}, "foo", FixtureInput{}, nil); len(cs) != 0 {
		t.Fatalf("probes for test binaries only: %+v", cs)
	}
	// Google-style test programs (gflags' build/bin: *_unittest_main and
	// *_unittest-main beside *_test): the suite's, not the product.
	if cs := BuiltProbes([]string{"build/bin/gflags_strip_flags_test", "build/bin/gflags_unittest", "build/bin/gflags_unittest-main", "build/bin/gflags_unittest_main"}, "gflags", FixtureInput{}, nil); len(cs) != 0 {
		t.Fatalf("probes for test binaries only: %+v", cs)
	}
}

// The test suite's input goes to the first programs before the stdin probe.
func TestBuiltProbesTakeTheFixture(t *testing.T) {
	cs := BuiltProbes([]string{"src/flex", "src/stage1flex", "tools/x"}, "flex", FixtureInput{Path: "tests/scanner.l"}, nil)
	if len(cs) < 3 || cs[0].Text != "timeout 10 ./src/flex tests/scanner.l" || !strings.Contains(cs[1].Text, "printf") {
		t.Fatalf("probes %q", texts(cs))
	}
	for _, c := range cs {
		if strings.Contains(c.Text, "./tools/x tests/scanner.l") {
			t.Fatalf("the third program got the fixture: %q", c.Text)
		}
	}
}

func texts(cs []Command) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Text)
	}
	return out
}

// Fixture: the most common input kind of the test directories, its
// smallest file of some substance, not one meant to fail.
func TestFixture(t *testing.T) {
	fsys := fstest.MapFS{
		"tests/a.l":           {Data: []byte(strings.Repeat("x", 40))},
		"tests/b.l":           {Data: []byte(strings.Repeat("x", 80))},
		"tests/bad-input.l":   {Data: []byte(strings.Repeat("x", 33))},
		"tests/tiny.l":        {Data: []byte("x")},
		"tests/c.c":           {Data: []byte("int main(){}")},
		"tests/d.c":           {Data: []byte("int main(){}")},
		"tests/e.c":           {Data: []byte("int main(){}")},
		"tests/e.c.expected":  {Data: []byte("ok")},
		"tests/f.expected":    {Data: []byte("ok")},
		"src/g.l":             {Data: []byte(strings.Repeat("x", 40))},
		"node_modules/t/x.l":  {Data: []byte(strings.Repeat("x", 35))},
		"tests/with space.pc": {Data: []byte("x")},
	}
	if got := Fixture(fsys); got != "tests/a.l" {
		t.Fatalf("Fixture = %q, want tests/a.l", got)
	}
	// Visual Studio projects beside the tests are build files, not input.
	vs := fstest.MapFS{"tests/vs/odr_test.vcxproj": {Data: []byte(strings.Repeat("x", 40))}, "tests/vs/a.vcxproj": {Data: []byte(strings.Repeat("x", 40))},
		"tests/vs/b.vcxproj": {Data: []byte(strings.Repeat("x", 40))}, "tests/vs/c.vcxproj.filters": {Data: []byte(strings.Repeat("x", 40))}}
	if got := Fixture(vs); got != "" {
		t.Fatalf("Fixture of IDE project files = %q, want none", got)
	}
	if got := Fixture(fstest.MapFS{"tests/a.c": {Data: []byte("x")}, "README": {Data: []byte("x")}}); got != "" {
		t.Fatalf("Fixture of a suite of code = %q, want none", got)
	}
	// A codec's conformance streams under res/; a mobile example's icons
	// under android/…/res are no input of the project's programs.
	big := []byte(strings.Repeat("x", 64))
	codec := fstest.MapFS{"res/a.264": {Data: big}, "res/b.264": {Data: big}, "res/c.264": {Data: big},
		"examples/app/android/src/main/res/i1.png": {Data: big}, "examples/app/android/src/main/res/i2.png": {Data: big},
		"examples/app/android/src/main/res/i3.png": {Data: big}, "examples/app/android/src/main/res/i4.png": {Data: big}}
	if got := Fixture(codec); got != "res/a.264" {
		t.Fatalf("Fixture of a codec = %q, want res/a.264", got)
	}
	// Inputs kept to crash the program are not its real input, though
	// only their directory says so (libpng's testpngs/crashers/).
	png := fstest.MapFS{"testpngs/crashers/a_chunk.png": {Data: big}, "testpngs/rgb-8.png": {Data: append(big, big...)},
		"testpngs/gray-8.png": {Data: append(big, big...)}, "testpngs/palette-8.png": {Data: append(big, big...)}, "testpngs/crashers/b_chunk.png": {Data: big}}
	if got := Fixture(png); got != "testpngs/gray-8.png" {
		t.Fatalf("Fixture beside crashers = %q, want testpngs/gray-8.png", got)
	}
}

// An interpreter the build produced runs a one-line program of its
// language first; other programs do not.
func TestBuiltProbesRunInterpreters(t *testing.T) {
	cs := BuiltProbes([]string{"src/lua", "src/luac"}, "lua", FixtureInput{}, nil)
	if len(cs) == 0 || cs[0].Text != "timeout 10 ./src/lua -e 'print(1+2)'" {
		t.Fatalf("probes %q", texts(cs))
	}
	for _, tc := range []struct{ run, want string }{
		{"./ports/unix/build-standard/micropython", "./ports/unix/build-standard/micropython -c 'print(1+2)'"},
		{"./tclsh8.6", `printf 'puts [expr {1+2}]\n' | ./tclsh8.6`},
		{"./src/luac", ""},
		{"./build/zstd", ""},
	} {
		if got := interpreterRun(tc.run); got != tc.want {
			t.Errorf("interpreterRun(%q) = %q, want %q", tc.run, got, tc.want)
		}
	}
}

// A codec's suite keeps its images in testimages/: the images are the
// input kind, and the programs named for that format read one first.
func TestFixtureProbesProgramsOfItsFormat(t *testing.T) {
	fsys := fstest.MapFS{
		"testimages/testorig.jpg": {Data: []byte(strings.Repeat("\xff\xd8", 20))},
		"testimages/monkey.jpg":   {Data: []byte(strings.Repeat("\xff\xd8", 30))},
		"testimages/int.jpg":      {Data: []byte(strings.Repeat("\xff\xd8", 40))},
		"testimages/orig.ppm":     {Data: []byte("P6 1 1 255 xxx")},
	}
	fx := Fixture(fsys)
	if fx != "testimages/testorig.jpg" {
		t.Fatalf("Fixture = %q", fx)
	}
	cs := BuiltProbes([]string{"build/example-static", "build/tjbench", "build/wrjpgcom", "build/jpegtran", "build/djpeg"}, "libjpeg-turbo", FixtureInput{Path: fx}, nil)
	var withFixture []string
	for _, c := range cs {
		if strings.HasSuffix(c.Text, " "+fx) {
			withFixture = append(withFixture, c.Text)
		}
	}
	want := []string{"timeout 10 ./build/wrjpgcom " + fx, "timeout 10 ./build/jpegtran " + fx, "timeout 10 ./build/djpeg " + fx}
	if !slices.Equal(withFixture, want) {
		t.Errorf("probes with the fixture:\n%q\nwant\n%q", withFixture, want)
	}
}
