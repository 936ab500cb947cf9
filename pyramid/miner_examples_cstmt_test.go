package pyramid

import (
	"context"
	"strings"
	"testing"
)

// cglm's README shows statements under its #include, the rest elided:
// they run in a main.
func TestCStatementsProgram(t *testing.T) {
	got := cStatementsProgram("c", "#include \"cglm/cglm.h\"\n\n// ...\n\nvec2 vector;\nglm_vec2_zero(vector);\n")
	want := "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include \"cglm/cglm.h\"\n\nint main(void) {\n    vec2 vector;\n    glm_vec2_zero(vector);\n    return 0;\n}\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, code := range []string{
		"#include \"x.h\"\n\nint helper(int a) {\n  return x_do(a);\n}\n",   // a function of its own
		"vec2 vector;\nglm_vec2_zero(vector);\n",                            // no include
		"#include \"x.h\"\n#define X 1\nx_do(X);\n",                         // a file's top level
		"#include \"x.h\"\nint a = 1;\n",                                    // calls nothing
		"#include \"x.h\"\nx_do(1,\n",                                       // cut off
		"#include \"x.h\"\nint add(int a, int b) { return x_add(a, b); }\n", // a one-line definition
	} {
		if got := cStatementsProgram("c", code); got != "" {
			t.Errorf("%q made\n%s", code, got)
		}
	}
	for _, code := range []string{
		"#include <curl/curl.h>\nvoid curl_easy_cleanup(CURL *handle);\n",                          // a declaration
		"#include \"log.h\"\nlog_trace(const char *fmt, ...);\nlog_debug(const char *fmt, ...);\n", // declarations without a return type
		"#include \"x.h\"\nx_open(size_t n, struct x_opts *o);\n",
		"#include \"xxhash.h\"\n(...)\nXXH64_hash_t hash = XXH64(buffer, size, seed);\n",
		"#include <catch2/catch_test_macros.hpp>\n  TEST_CASE(\"a\") {\n    CHECK_THROWS(throw 3);\n  }\n",
	} {
		if got := cStatementsProgram("c", code); got != "" {
			t.Errorf("%q made\n%s", code, got)
		}
	}
	// a block's last call without its semicolon (rxi/log.c), and a cast
	// is no parameter
	for code, want := range map[string]string{
		"#include \"log.h\"\nlog_trace(\"Hello %s\", \"world\")\n": "    log_trace(\"Hello %s\", \"world\");\n",
		"#include \"x.h\"\nx_write((char *)buf, n);\n":             "    x_write((char *)buf, n);\n",
	} {
		if got := cStatementsProgram("c", code); !strings.Contains(got, want) {
			t.Errorf("%q made\n%s", code, got)
		}
	}
	if got := cStatementsProgram("cpp", "#include <fmt/core.h>\nfmt::print(\"hi\");\n"); got != "" {
		t.Errorf("C++: %s", got)
	}
}

// tiny-regex-c's README shows statements under no #include, calling what
// re.h declares; its library is only re.c (a Makefile builds the tests):
// the example includes re.h and compiles re.c with it.
func TestCFragmentOfASourceLibrary(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"re.h":          "typedef struct regex_t* re_t;\nre_t re_compile(const char* pattern);\nint re_matchp(re_t p, const char* t, int* n);\n",
		"re.c":          "#include \"re.h\"\nre_t re_compile(const char* p) { return 0; }\nint re_matchp(re_t p, const char* t, int* n) { return -1; }\n",
		"tests/test1.c": "#include \"re.h\"\nint main(void) { return 0; }\n",
		"testhelp.h":    "#define test_cond(d, c) do { printf(\"%s\\n\", d); } while (0)\nstatic inline int hl(const char *s) {\n    return strlen(s);\n}\n",
		"README.md":     "# tiny-regex-c\n\n```C\nint n;\nre_t p = re_compile(\"[Hh]ello\");\nint i = re_matchp(p, \"hello\", &n);\nprintf(\"%i\\n\", i);\n```\n",
	})
	if got := apiIncludes(context.Background(), e, "re_t p = re_compile(\"x\");\nprintf(\"%p\", p);\nstrlen(\"x\");\n"); got != "#include \"re.h\"\n" {
		t.Errorf("apiIncludes: %q", got)
	}
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || !strings.Contains(cs[0].Text, `#include "re.h"`) || !strings.Contains(cs[0].Text, " re.c -lm; }") || strings.Contains(cs[0].Text, "test1.c") {
		t.Fatalf("commands %+v", cs)
	}
}

// An export macro may wrap a declaration's return type.
func TestCDeclares(t *testing.T) {
	for src, want := range map[string]bool{
		"CJSON_PUBLIC(cJSON *) cJSON_Parse(const char *value);\n":                               true,
		"YYJSON_API yyjson_doc *yyjson_read(const char *d);\n":                                  true,
		"re_t re_compile(const char* pattern);\n":                                               true,
		"static inline int f(void) {\n    return cJSON_Parse(x);\n}\n":                          false,
		"#define X(d) do { cJSON_Parse(d); } while (0)\n":                                       false,
		"#define vec_push(v, val) (vec_expand_(v), val)\n":                                      true,
		"/* Like printf(\n * but it works */\nsds sdscatprintf(sds s, const char *fmt, ...);\n": false, // printf: in a comment
	} {
		n := cCalledRe.FindAllStringSubmatch(src, -1)[0][1]
		for _, api := range []string{"cJSON_Parse", "yyjson_read", "re_compile", "vec_push", "printf"} {
			if strings.Contains(src, api) {
				n = api
			}
		}
		if got := cDeclares(src, n); got != want {
			t.Errorf("%q declares %s: %v, want %v", src, n, got, want)
		}
	}
}

// A call in a macro's body, after an if, declares nothing (sds's
// testhelp.h: `if(_c) printf("PASSED\n"); else …`).
func TestCDeclaresNotInAMacroBody(t *testing.T) {
	if cDeclares("#define t(c) do { \\\n    if(c) printf(\"ok\"); \\\n} while (0)\n", "printf") {
		t.Error("printf declared by a macro's body")
	}
}

// A block ending in a control head gets no semicolon (it would loop on
// nothing): it is no run of statements.
func TestCStatementsControlHeadLast(t *testing.T) {
	for _, code := range []string{"#include \"ev.h\"\nev_init();\nwhile (ev_run())\n", "#include \"ev.h\"\nev_init();\nfor (;;)\n"} {
		if got := cStatementsProgram("c", code); strings.Contains(got, ");\n    return 0;") && (strings.Contains(got, "while (ev_run());") || strings.Contains(got, "for (;;);")) {
			t.Errorf("%q made\n%s", code, got)
		}
	}
}
