package build

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
)

func TestParseCode(t *testing.T) {
	cases := []struct {
		grammar, rel, src string
		syms              []string // kind:name[:parent]@line
		decls             []string // kind:target[:sys]@line
	}{
		{"c", "src/a.c", "#include <zlib.h>\n#include \"a.h\"\n#ifdef X\n#include <x/y.h>\n#endif\nstruct pt { int x; };\nstatic int *f(int a) { return 0; }\nint main(void) { return 0; }\n",
			[]string{"class:pt@6", "function:f@7", "main:main@8"}, []string{"include:zlib.h:sys@1", "include:a.h@2", "include:x/y.h:sys@4"}},
		{"cpp", "t/shapes_test.cpp", "#include <gtest/gtest.h>\nnamespace s {\nclass R {\n public:\n  int area() const { return 1; }\n};\n}\nint s::R2::f() { return 0; }\nTEST(R, Area) { }\n",
			[]string{"class:R@3", "method:area:R@5", "method:s::R2::f@8", "test:TEST(R,Area)@9"}, []string{"include:gtest/gtest.h:sys@1"}},
		{"cpp", "tests/unit-x.cpp", "#include \"doctest.h\"\nTEST_CASE(\"algorithms\")\n{\n  SECTION(\"x\") {}\n}\nSCENARIO(\"sized\") { }\n",
			[]string{`test:TEST_CASE("algorithms")@2`, `test:SCENARIO("sized")@6`}, []string{"include:doctest.h@1"}},
		{"python", "tests/test_x.py", "import os, sys as system\nfrom .mod import a\nclass C:\n    def m(self): pass\n    def test_m(self): pass\ndef test_f():\n    pass\n@dec\ndef g(): pass\nif __name__ == \"__main__\":\n    g()\n",
			[]string{"class:C@3", "method:m:C@4", "test:test_m:C@5", "test:test_f@6", "function:g@9", "main:__main__@10"}, []string{"import:os@1", "import:sys@1", "import:.mod@2"}},
		{"javascript", "lib/a.js", "import x from './x.js';\nconst fs = require('fs');\nfunction go() {}\nclass K { run() {} }\ntest('adds', () => {});\nexport { go };\n",
			[]string{"function:go@3", "class:K@4", "method:run:K@4", "test:adds@5"}, []string{"import:./x.js@1", "import:fs@2"}},
		{"typescript", "src/a.ts", "import { A } from \"./a\";\nexport interface I { x: number }\nexport function f(): void {}\nexport class C { m(): void {} }\n",
			[]string{"class:I@2", "function:f@3", "class:C@4", "method:m:C@4"}, []string{"import:./a@1"}},
		{"go", "cmd/x/main.go", "package main\n\nimport (\n\t\"fmt\"\n\tm \"example.com/m\"\n)\n\ntype T struct{}\n\nfunc (t *T) M() {}\n\nfunc main() { fmt.Println(m.X) }\n",
			[]string{"class:T@8", "method:M:T@10", "main:main@12"}, []string{"import:fmt@4", "import:example.com/m@5"}},
		{"go", "x_test.go", "package x\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {}\nfunc main() {}\n",
			[]string{"test:TestA@5", "function:main@6"}, []string{"import:testing@3"}},
		{"go", "asm.go", "// +build ignore\n\npackage main\n\nfunc main() {}\n", []string{"function:main@5"}, nil},
		{"go", "gen.go", "//go:build ignore\n\npackage main\n\nfunc main() {}\n", []string{"function:main@5"}, nil},
		{"java", "src/test/java/AppTest.java", "import org.junit.Test;\nimport static org.junit.Assert.*;\npublic class AppTest {\n  @Test public void works() {}\n  public static void main(String[] a) {}\n  void helper() {}\n}\n",
			[]string{"class:AppTest@3", "test:works:AppTest@4", "main:main:AppTest@5", "method:helper:AppTest@6"}, []string{"import:org.junit.Test@1", "import:org.junit.Assert.*@2"}},
		{"rust", "src/main.rs", "use std::io;\nmod util;\nstruct S;\nimpl S { fn new() -> S { S } }\nfn main() {}\n#[test]\nfn it_works() {}\n",
			[]string{"class:S@3", "method:new:S@4", "main:main@5", "test:it_works@7"}, []string{"use:std::io@1", "mod:util@2"}},
		{"bash", "scripts/run.sh", "#!/bin/bash\n. ./lib.sh\nsource \"$HOME/x\"\nsetup() {\n  source helpers.sh\n}\n",
			[]string{"function:setup@4"}, []string{"source:./lib.sh@2", "source:$HOME/x@3", "source:helpers.sh@5"}},
	}
	ps := parsers{}
	defer ps.close()
	for _, c := range cases {
		t.Run(c.grammar+"/"+c.rel, func(t *testing.T) {
			cf, err := parseCode(context.Background(), ps, c.grammar, c.rel, []byte(c.src))
			if err != nil {
				t.Fatal(err)
			}
			var syms, decls []string
			for _, s := range cf.symbols {
				x := s.kind + ":" + s.name
				if s.parent != "" {
					x += ":" + s.parent
				}
				syms = append(syms, fmt.Sprintf("%s@%d", x, s.line))
			}
			for _, d := range cf.decls {
				x := d.kind + ":" + d.target
				if d.system {
					x += ":sys"
				}
				decls = append(decls, fmt.Sprintf("%s@%d", x, d.line))
			}
			sort.Strings(syms)
			sort.Strings(decls)
			want := append([]string(nil), c.syms...)
			sort.Strings(want)
			wantD := append([]string(nil), c.decls...)
			sort.Strings(wantD)
			if strings.Join(syms, " ") != strings.Join(want, " ") {
				t.Errorf("symbols\n got %v\nwant %v", syms, want)
			}
			if strings.Join(decls, " ") != strings.Join(wantD, " ") {
				t.Errorf("declarations\n got %v\nwant %v", decls, wantD)
			}
		})
	}
}

// Includes under a preprocessor condition naming another platform carry
// it; those Linux reads (an #else of it, beside linux, negated) do not.
func TestIncludePlatformGuard(t *testing.T) {
	src := `#include <stdio.h>
#if defined(ANDROID) || defined(__ANDROID__)
#  include <jni.h>
#endif
#ifdef _WIN32
#include <winsock2.h>
#else
#include <sys/socket.h>
#endif
#ifndef _WIN32
#include <unistd.h>
#else
#include <io.h>
#endif
#if defined(__APPLE__) || defined(__linux__)
#include <pthread.h>
#endif
#if !defined(_WIN32) && defined(HAVE_ZLIB)
#include <zlib.h>
#endif
#if defined(_MSC_VER)
#include <intrin.h>
#elif defined(__FreeBSD__)
#include <sys/capsicum.h>
#else
#include <sys/prctl.h>
#endif
#ifdef HAVE_OPENSSL
#include <openssl/ssl.h>
#endif
`
	ps := parsers{}
	defer ps.close()
	cf, err := parseCode(context.Background(), ps, "c", "src/a.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, d := range cf.decls {
		got[d.target] = d.platform
	}
	want := map[string]string{"stdio.h": "", "jni.h": "ANDROID", "winsock2.h": "_WIN32", "sys/socket.h": "", "unistd.h": "", "io.h": "_WIN32",
		"pthread.h": "", "zlib.h": "", "intrin.h": "_MSC_VER", "sys/capsicum.h": "__FreeBSD__", "sys/prctl.h": "", "openssl/ssl.h": ""}
	for h, w := range want {
		if g, ok := got[h]; !ok || g != w {
			t.Errorf("%s: platform %q (found %v), want %q", h, g, ok, w)
		}
	}
	// A source file of another platform: every include is that platform's.
	for rel, want := range map[string]string{"pcap-hurd.c": "hurd", "src/os_win32.c": "win32", "pcap-linux.c": "", "window.c": "", "dosomething.c": ""} {
		cf, err := parseCode(context.Background(), ps, "c", rel, []byte("#include <device/device_types.h>\n"))
		if err != nil || len(cf.decls) != 1 || cf.decls[0].platform != want {
			t.Errorf("%s: %+v %v, want platform %q", rel, cf.decls, err, want)
		}
	}
}
