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
