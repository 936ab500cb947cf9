package pyramid

import (
	"regexp"
	"strings"
	"sync"
)

// A Python README example often uses a standard module the page imported
// in an earlier block, or never: xmltodict's first example prints
// `json.dumps(xmltodict.parse(…))` under only `import xmltodict`, and died
// "NameError: name 'json' is not defined". withPyStdlib imports each such
// module the code uses as NAME.member and never binds itself — Python's
// form of withBuiltins.

// implicitPyStdlib are the standard modules examples use by their own name
// (astpretty's README pretty-prints `ast.parse(…)` importing only itself).
var implicitPyStdlib = []string{"json", "os", "sys", "re", "time", "datetime", "math", "random", "pprint", "collections",
	"itertools", "functools", "logging", "io", "tempfile", "subprocess", "shutil", "base64", "hashlib", "uuid", "decimal", "operator", "textwrap", "asyncio",
	"ast", "pathlib", "string", "struct", "socket", "threading", "typing", "dataclasses", "enum", "copy", "fractions", "statistics", "zlib", "gzip", "csv", "sqlite3", "platform", "traceback", "inspect", "warnings", "contextlib", "heapq", "bisect", "array", "unicodedata", "tokenize", "html", "secrets", "getpass", "locale", "calendar", "shlex", "glob", "fnmatch", "codecs", "binascii", "zipfile", "tarfile", "pickle", "dis"}

// pyStdlibRes are, per module, the regexps finding its use as NAME.member
// and any binding of the name: an import of it (plain, from-import or as),
// an assignment, a parameter, a loop or with target; compiled on first
// use, not at every start of the program.
var pyStdlibRes = sync.OnceValues(func() (map[string]*regexp.Regexp, map[string]*regexp.Regexp) {
	use, bound := map[string]*regexp.Regexp{}, map[string]*regexp.Regexp{}
	for _, m := range implicitPyStdlib {
		use[m] = regexp.MustCompile(`(?:^|[^\w.])` + m + `\.\w`)
		bound[m] = regexp.MustCompile(`(?m)^\s*import\s+[\w., ]*\b` + m + `\b|\bimport\s+[^\n]*\bas\s+` + m + `\b|^\s*from\s+\S+\s+import\s+[^\n]*\b` + m + `\b|(?:^|[^\w.=!<>])` + m +
			`\s*(?:,[^=\n]*)?=[^=]|\b(?:def|class|for|lambda)\s+[^\n:]*\b` + m + `\b|\bas\s+` + m + `\b|[(,]\s*` + m + `\s*[,)=:]`)
	}
	return use, bound
})

// pyCommentRe is a comment to the end of its line.
var pyCommentRe = regexp.MustCompile(`(?m)#.*$`)

// withPyStdlib is code with an import of each standard module it uses
// and never binds, before its first line.
func withPyStdlib(code string) string {
	use, bound := pyStdlibRes()
	var head []string
	uncommented := pyCommentRe.ReplaceAllString(code, "") // jsonschema's "# … like what we'd get from json.load()"
	for _, m := range implicitPyStdlib {
		if use[m].MatchString(uncommented) && !bound[m].MatchString(code) {
			head = append(head, "import "+m)
		}
	}
	if len(head) == 0 {
		return code
	}
	return strings.Join(head, "\n") + "\n" + code
}
