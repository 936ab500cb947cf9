package pyramid

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A program that opens the files its arguments name is run on files of
// the kind its source reads (json.load → JSON), as many as it takes
// (argparse's two FileType positionals of a diff tool; fopen(argv[2])):
// a file of the repository of that kind when it takes one, else made-up
// ones; a small file of the repository when the kind is unknown.

// fileArgRun is the command that runs run on the files it opens, and why.
func fileArgRun(ctx context.Context, e *env, run, src string) (string, string) {
	in, kind := sampleInput(run + "\n" + src)
	ext := kindExt[kind]
	n := fileArgCount(src)
	if ext == "" {
		return run + " " + sampleFile(ctx, e, nil), "runs the program on a small file of the repository, which it opens from its arguments"
	}
	if n == 1 && kind != "shell script" { // a repository's script may install or delete: never run one
		if f := sampleFile(ctx, e, []string{"*" + ext}); f != "" {
			return run + " " + f, "runs the program on a small " + kind + " file of the repository, which it opens from its arguments"
		}
	}
	var writes, args []string
	for i := 1; i <= n; i++ {
		f := fmt.Sprintf("/tmp/heragent-input-%d%s", i, ext)
		writes = append(writes, "printf '"+in+"' > "+f)
		args = append(args, f)
	}
	what := "a small " + kind + " file"
	if n > 1 {
		what = strconv.Itoa(n) + " small " + kind + " files"
	}
	return strings.Join(writes, " && ") + " && " + run + " " + strings.Join(args, " "),
		"runs the program on " + what + ", which it opens from its arguments"
}

// kindExt is the file name extension of each input kind sampleInput
// knows but plain text.
var kindExt = map[string]string{"JSON": ".json", "XML": ".xml", "CSV": ".csv", "YAML": ".yaml", "Markdown": ".md", "TOML": ".toml", "shell script": ".sh"}

var (
	// argparsePosRe is an argparse positional argument (no leading dash);
	// its call's arguments may make it a file or optional (nargs).
	argparsePosRe = regexp.MustCompile(`add_argument\(\s*['"][^-'"][^'"]*['"]`)
	optionalNargs = regexp.MustCompile(`nargs\s*=\s*['"][?*]['"]`)
	// argvFileRe is a file opened from a numbered argument.
	argvFileRe = regexp.MustCompile(`(?:fopen|open|ifstream\s+\w+|os\.Open|ReadFile|readFileSync)\s*\(\s*(?:sys\.)?(?:argv|os\.Args|process\.argv)\s*\[\s*(\d)\s*\]`)
)

// maxFileArgs bounds the files a program is given.
const maxFileArgs = 3

// fileArgCount is how many files src's program takes: argparse's
// required FileType positionals, else the highest
// numbered argument it opens (process.argv counts node and the script),
// else one.
func fileArgCount(src string) int {
	n := 0
	for _, m := range argparsePosRe.FindAllStringIndex(src, -1) {
		call := src[m[0]:callEnd(src, m[0]+len("add_argument"))]
		if strings.Contains(call, "FileType") && !optionalNargs.MatchString(call) {
			n++
		}
	}
	if n == 0 {
		for _, m := range argvFileRe.FindAllStringSubmatch(src, -1) {
			k, _ := strconv.Atoi(m[1])
			if strings.Contains(m[0], "process.argv") {
				k--
			}
			n = max(n, k)
		}
	}
	return min(max(n, 1), maxFileArgs)
}

// callEnd is the offset after the parenthesis that closes the call whose
// opening parenthesis is at open (the end of src when none does).
func callEnd(src string, open int) int {
	depth := 0
	for i := open; i < len(src); i++ {
		switch src[i] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return len(src)
}

// sampleFile picks a small text file at the top of the repository
// matching one of globs (by default YAML, JSON, text, the README); ""
// when globs are given and none matches.
func sampleFile(ctx context.Context, e *env, globs []string) string {
	def := globs == nil
	if def {
		globs = []string{"*.yaml", "*.yml", "*.json", "*.txt", "README.md", "README*"}
	}
	for _, g := range globs {
		fs, _ := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: g})
		for _, f := range fs {
			if !strings.Contains(f.Path, "/") && f.Path != "expect.json" && f.Kind != "manifest" && !f.Lockfile && f.Size < 1<<20 {
				return f.Path
			}
		}
	}
	if def {
		return "README.md"
	}
	return ""
}
