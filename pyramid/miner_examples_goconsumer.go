package pyramid

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/retrieval"
)

// A Go library without a documented example still has an API a consumer
// calls: goConsumer writes the smallest one — main calls the root
// package's exported functions that take nothing, or values of basic
// types it makes up, and return a value (uuid.NewString, a Version, a
// Default constructor, humanize.Bytes(82854982)) and prints what they
// return, the way a C library's version function is called (LinkProbes).
// It is a probe heragent made up, graded as one.

// goConsumerSkip are function names that change state or wait rather
// than answer.
var goConsumerSkip = []string{"Must", "Set", "Reset", "Enable", "Disable", "Init", "Register", "Main", "Run", "Serve", "Listen", "Exit", "Close", "Start", "Wait", "Lock", "Unlock", "Clear", "Flush",
	"Open", "Quit", "Interrupt", "Kill", "Suspend", "Exec", "Print", "Log", "Fatal", "Panic", "Read", "Write", "Stop", "Shutdown"}

// goConsumerFirst are names that answer with what the library is: its
// version, a default value, a new instance.
var goConsumerFirst = regexp.MustCompile(`^(Version|New|Default|Get|Current|Now)`)

// goConsumer is the probe program for the module's root package, or "".
func goConsumer(ctx context.Context, e *env, mod string) string {
	fs, err := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: "*.go"})
	if err != nil {
		return ""
	}
	pkg := ""
	var calls []string
	for _, f := range fs {
		if strings.HasSuffix(f.Path, "_test.go") || strings.Contains(f.Path, "/") {
			continue
		}
		src, err := e.ix.ReadFile(ctx, f.Path, 0, 0, true)
		if err != nil {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f.Path, src, parser.SkipObjectResolution)
		if err != nil || af.Name.Name == "main" || strings.HasSuffix(af.Name.Name, "_test") || hasBuildConstraint(path.Base(f.Path), src) {
			continue
		}
		pkg = af.Name.Name
		for _, d := range af.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || !fd.Name.IsExported() || fd.Type.TypeParams != nil ||
				fd.Type.Results.NumFields() == 0 || skipConsumerCall(fd.Name.Name) || onlyError(fd.Type.Results) {
				continue
			}
			if args, ok := literalArgs(fd.Type.Params); ok {
				calls = append(calls, fd.Name.Name+"("+args+")")
			}
		}
	}
	if pkg == "" || len(calls) == 0 {
		return ""
	}
	sort.SliceStable(calls, func(i, j int) bool { // nullary first, then the preferred names
		ni, nj := strings.HasSuffix(calls[i], "()"), strings.HasSuffix(calls[j], "()")
		if ni != nj {
			return ni
		}
		fi, fj := goConsumerFirst.MatchString(calls[i]), goConsumerFirst.MatchString(calls[j])
		if fi != fj {
			return fi
		}
		return calls[i] < calls[j]
	})
	calls = calls[:min(len(calls), 3)]
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n")
	b.WriteString("\t\"fmt\"\n")
	for _, im := range literalImports {
		if strings.Contains(strings.Join(calls, " "), im.name+".") {
			b.WriteString("\t" + im.name + " " + strconv.Quote(im.path) + "\n")
		}
	}
	b.WriteString("\n\t" + pkg + " " + strconv.Quote(mod) + "\n)\n\nfunc main() {\n")
	for _, c := range calls {
		b.WriteString("\tfmt.Println(" + strconv.Quote(c+":") + ", fmt.Sprint(" + pkg + "." + c + "))\n")
	}
	b.WriteString("}\n")
	return b.String()
}

// basicLiterals are arguments of the basic types a consumer can make up.
var basicLiterals = map[string]string{"string": `"heragent"`, "int": "1234567", "int64": "1234567", "int32": "12345", "uint": "1234567", "uint64": "82854982",
	"uint32": "12345", "float64": "3.14159", "float32": "2.5", "bool": "true", "byte": "'h'", "rune": "'h'", "[]byte": `[]byte("heragent")`,
	// an error and a duration are values a caller makes too (go-multierror's
	// Append(err error, errs ...error), go-cache's New(d, cleanup time.Duration))
	"error": `stderrors.New("heragent")`, "time.Duration": "1500 * stdtime.Millisecond",
	// a request a handler's helper reads (realip's FromRequest(r
	// *http.Request) string): a GET from httptest's client address
	"*http.Request": `stdhttptest.NewRequest("GET", "http://127.0.0.1/heragent?q=1", nil)`}

// literalImports are the packages basicLiterals' values use, by the names
// they use (a library named errors or time is imported by its own).
var literalImports = []struct{ name, path string }{{"stderrors", "errors"}, {"stdtime", "time"}, {"stdhttptest", "net/http/httptest"}}

// literalArgs are arguments for params when each is of a basic type (a
// trailing variadic one gets none); false otherwise.
func literalArgs(params *ast.FieldList) (string, bool) {
	var args []string
	for i, f := range params.List {
		if _, variadic := f.Type.(*ast.Ellipsis); variadic && i == len(params.List)-1 {
			break
		}
		lit := basicLiterals[types.ExprString(f.Type)]
		if lit == "" {
			return "", false
		}
		n := max(len(f.Names), 1)
		for j := 0; j < n; j++ {
			args = append(args, lit)
		}
	}
	return strings.Join(args, ", "), true
}

func skipConsumerCall(name string) bool {
	for _, p := range goConsumerSkip {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// onlyError: a function whose one result is an error answers nothing.
func onlyError(res *ast.FieldList) bool {
	if res.NumFields() != 1 {
		return false
	}
	id, ok := res.List[0].Type.(*ast.Ident)
	return ok && id.Name == "error"
}

// hasBuildConstraint: a file built only for other systems or tags than
// the sandbox's (bashfile.GoFileExcluded).
func hasBuildConstraint(name, src string) bool { return bashfile.GoFileExcluded(name, src) }
