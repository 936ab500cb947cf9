package pyramid

import (
	"context"
	"path"
	"regexp"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A C library's README often shows its use as a function rather than a
// program: `void persistence_example(void) { … json_parse_file(…) … }`,
// without its #include lines. cFunctionProgram makes it a program: the
// project's header named like it (parson.h), the C standard headers the
// function body uses, the function, and a main that calls it. The first
// function taking nothing is the one; its answers to a prompt come on
// stdin like every example's.

// cNullaryFuncRe is a top-level definition of a function taking nothing.
var cNullaryFuncRe = regexp.MustCompile(`(?m)^(?:static\s+)?(?:void|int)\s+(\w+)\s*\(\s*(?:void)?\s*\)\s*\{`)

// cStdHeaders are the standard headers a README function leaves out.
var cStdHeaders = []string{"stdio.h", "stdlib.h", "string.h"}

// cFunctionProgram is code as a program calling its function, or "" when
// code is no nullary function of the project's API.
func cFunctionProgram(ctx context.Context, e *env, lang, code string) string {
	if l := strings.ToLower(lang); l != "c" || cMainRe.MatchString(code) {
		return ""
	}
	m := cNullaryFuncRe.FindStringSubmatch(code)
	if m == nil {
		return ""
	}
	var head strings.Builder
	for _, h := range cStdHeaders {
		if !strings.Contains(code, "<"+h+">") {
			head.WriteString("#include <" + h + ">\n")
		}
	}
	if !cIncludeRe.MatchString(code) {
		h := e.projectHeader(ctx)
		if h == "" {
			return ""
		}
		head.WriteString("#include \"" + h + "\"\n")
	}
	return head.String() + "\n" + strings.TrimRight(code, "\n") + "\n\nint main(void) {\n    " + m[1] + "();\n    return 0;\n}\n"
}

// projectHeader is the repository's public header named like the project
// (parson.h, include/zstd.h), by the name it is included with; "".
func (e *env) projectHeader(ctx context.Context) string {
	name := strings.ToLower(e.ix.ProjectName(ctx))
	fs, err := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: "**/*.h"})
	if err != nil {
		return ""
	}
	for _, f := range fs {
		base := strings.TrimSuffix(path.Base(f.Path), ".h")
		dir := path.Dir(f.Path)
		if (dir == "." || dir == "include" || dir == "src") && base != "" && (strings.Contains(name, strings.ToLower(base)) || strings.Contains(strings.ToLower(base), name)) {
			return path.Base(f.Path)
		}
	}
	return ""
}

// A README may show its use as statements under the #include line, the
// rest elided: "#include \"cglm/cglm.h\"\n\n// ...\n\nvec2 vector;\nglm_vec2_zero(vector);".
// cStatementsProgram makes them a main: the block's #include lines and
// the C standard headers first, its statements the body. A block that
// defines a function or names nothing of the project's headers is not.

var (
	// cCallRe is a statement calling something.
	cCallRe = regexp.MustCompile(`\w\s*\([^;]*\)\s*;`)
	// cProtoRe is a function's declaration: a type, the name, the
	// parameters and no body (curl_easy_cleanup's in its docs).
	cProtoRe = regexp.MustCompile(`^[\w\s*]+[\s*]\w+\s*\([^=]*\)\s*;$`)
	// cParamDeclRe are a declaration's parameters, where a call has
	// arguments: a typed name (`const char *fmt`) or `...` (rxi/log.c's
	// README lists `log_trace(const char *fmt, ...);`).
	cParamDeclRe = regexp.MustCompile(`[(,]\s*(?:const\s+)?(?:(?:unsigned|signed|struct|enum)\s+)?(?:void|char|int|long|short|float|double|size_t|bool|[a-z]\w*_t)[\s*]+\w+\s*[,)]|,\s*\.\.\.\s*\)`)
	// cBareCallRe is a line that is one call, assigning nothing.
	cBareCallRe = regexp.MustCompile(`^\w+\s*\([^=]*\)\s*;?$`)
	// cCallEndRe is a call its block leaves without the semicolon a
	// reader adds (rxi/log.c's `log_trace("Hello %s", "world")`).
	cCallEndRe = regexp.MustCompile(`^\w+\s*\(.*\)$`)
	// cBlockHeadRe opens a block after a call: a function's head, or a
	// test framework's macro (TEST_CASE("a") {); cOneLineDefRe a whole
	// function on one line; cControlRe a statement's head.
	cBlockHeadRe  = regexp.MustCompile(`^[A-Za-z_][^;=]*\)\s*(?:const\s*)?\{?\s*$`)
	cOneLineDefRe = regexp.MustCompile(`^[A-Za-z_][\w\s*]*\b\w+\s*\([^;]*\)\s*\{`)
	cControlRe    = regexp.MustCompile(`^(?:if|for|while|switch|else|do)\b`)
	cKeywordRe    = regexp.MustCompile(`^(?:return|else|case|goto|sizeof)\b`)
	// cTopLevelRe is what only a file's top level holds.
	cTopLevelRe = regexp.MustCompile(`(?m)^\s*(?:#\s*define|typedef|struct\s+\w+\s*\{|class\s|namespace\s|template\s*<|using\s+namespace|extern\s)`)
)

// cDefinition reports a line that defines or declares rather than runs:
// a function's head or one-line body, a test macro's block, a prototype.
func cDefinition(t string) bool {
	return (cBlockHeadRe.MatchString(t) || cOneLineDefRe.MatchString(t)) && !cControlRe.MatchString(t) ||
		cProtoRe.MatchString(t) && !cKeywordRe.MatchString(t) || cBareCallRe.MatchString(t) && cParamDeclRe.MatchString(t) && !cControlRe.MatchString(t)
}

// cFragmentExamples are the README's C statement blocks as programs
// (at most maxExamples), for a library whose documents hold no whole
// program.
func cFragmentExamples(ctx context.Context, e *env, secs []retrieval.DocSection, n int) []Command {
	var out []Command
	for _, s := range secs {
		if docSource(s.Path) != "readme" {
			continue
		}
		for _, cb := range s.Code {
			if len(out) >= maxExamples {
				return out
			}
			code := cb.Code
			if !cIncludeRe.MatchString(code) {
				code = apiIncludes(ctx, e, code) + code // tiny-regex-c's README: re_compile(…) under no #include
			}
			prog := cStatementsProgram(cb.Lang, code)
			if prog == "" {
				continue
			}
			if text, ok := cExample(ctx, e, cb.Lang, prog, n+len(out)); ok {
				out = append(out, Command{Text: exampleInputs(ctx, e, prog, docShown(secs, s, cb)) + text, Bucket: Entry,
					Reason: "compiles and runs the README's example statements in a main, against the repository's headers",
					Why:    []Provenance{{Source: "readme", File: s.Path, Line: int(cb.Line), Note: "code example (statements)"}}})
			}
		}
	}
	return out
}

// cStatementsProgram is code as a main running its statements, or ""
// when code is not #include lines and C statements that call something.
func cStatementsProgram(lang, code string) string {
	if strings.ToLower(lang) != "c" || cMainRe.MatchString(code) || !cIncludeRe.MatchString(code) || cTopLevelRe.MatchString(code) ||
		strings.Contains(code, "(...)") || strings.Contains(code, "…") {
		return ""
	}
	var head, body []string
	lines := strings.Split(strings.TrimRight(code, " \t\n"), "\n")
	if last := len(lines) - 1; cCallEndRe.MatchString(strings.TrimSpace(lines[last])) && !cControlRe.MatchString(strings.TrimSpace(lines[last])) {
		lines[last] += ";" // the block's last call, not a function's head: nothing follows it
	}
	for _, l := range lines {
		switch t := strings.TrimSpace(l); {
		case cIncludeRe.MatchString(l):
			head = append(head, t)
		case t == "" || ellipsisLine.MatchString(l):
		default:
			if cDefinition(t) {
				return ""
			}
			body = append(body, "    "+t)
		}
	}
	stmts := strings.Join(body, "\n")
	if len(body) == 0 || !cCallRe.MatchString(stmts) || !strings.HasSuffix(stmts, ";") && !strings.HasSuffix(stmts, "}") {
		return ""
	}
	var b strings.Builder
	for _, h := range cStdHeaders {
		if !strings.Contains(code, "<"+h+">") {
			b.WriteString("#include <" + h + ">\n")
		}
	}
	b.WriteString(strings.Join(head, "\n") + "\n\nint main(void) {\n" + stmts + "\n    return 0;\n}\n")
	return b.String()
}

// cCommentRe is a C comment.
var cCommentRe = regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`)

// cCalledRe is a function a statement calls.
var cCalledRe = regexp.MustCompile(`\b([A-Za-z_]\w*)\s*\(`)

// apiIncludes are the #include lines of the project's headers (at the
// top, in include/ or src/) that declare a function code calls; "" when
// none does.
func apiIncludes(ctx context.Context, e *env, code string) string {
	fs, err := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: "**/*.h"})
	if err != nil {
		return ""
	}
	var out []string
	for _, f := range fs {
		if dir := path.Dir(f.Path); dir != "." && dir != "include" && dir != "src" {
			continue
		}
		src, err := e.ix.ReadFile(ctx, f.Path, 0, 0, true)
		if err != nil {
			continue
		}
		for _, m := range cCalledRe.FindAllStringSubmatch(code, -1) {
			// declared there: a return type before the name at a line's
			// start (`re_t re_compile(const char* pattern);`), not a call
			// in a macro's body (testhelp.h's printf)
			if cKeywordRe.MatchString(m[1]) || cControlRe.MatchString(m[1]) || !cDeclares(src, m[1]) {
				continue
			}
			out = append(out, "#include \""+path.Base(f.Path)+"\"\n")
			break
		}
	}
	return strings.Join(out, "")
}

// cDeclares reports whether a header's line declares function name: a
// return type, then the name (`re_t re_compile(const char* pattern);`);
// `return name(…)` in an inline body is a call.
func cDeclares(src, name string) bool {
	src = cCommentRe.ReplaceAllString(src, "") // "similar to printf(…)" in a comment declares nothing
	// the type's words may be an export macro's call: cJSON's
	// `CJSON_PUBLIC(cJSON *) cJSON_Parse(const char *value);`
	for _, m := range regexp.MustCompile(`(?m)^[ \t]*((?:[A-Za-z_]\w*(?:\([^()\n]*\))?[ \t*]+)+)`+regexp.QuoteMeta(name)+`[ \t]*\(`).FindAllStringSubmatch(src, -1) {
		if !cKeywordRe.MatchString(m[1]) && !cControlRe.MatchString(m[1]) && !strings.HasSuffix(strings.TrimSpace(m[0]), "\\") {
			return true // not `if(c) name(` in a macro's body (sds's testhelp.h)
		}
	}
	// or a function-like macro of the API (rxi/vec's vec_push)
	return regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+` + regexp.QuoteMeta(name) + `\(`).MatchString(src)
}
