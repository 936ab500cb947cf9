package repair

import "regexp"

// compileError: the compiler rejected the project's own code. Rules know
// no fix; the proposal abstains (ActionNone) so a hybrid asks the LLM.
type compileError struct{}

var compileMatches = []match{
	// gcc/clang: main.c:3:19: error: expected ';' before 'return'
	{CompileError, regexp.MustCompile(`^(/?(?:\./|[\w-]+/)*[\w.+-]+\.(?:c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|m|mm|java|kt|ts|tsx|cs|swift|f90)):(\d+)(?::\d+)?: (?:fatal )?error: `)},
	// javac via maven: [ERROR] /repo/src/Foo.java:[12,5] cannot find symbol
	{CompileError, regexp.MustCompile(`^\[ERROR\] (\S+\.java):\[\d+,\d+\] `)},
	// go: ./main.go:6:17: cannot range over 3 (untyped int constant)
	{CompileError, regexp.MustCompile(`^((?:\./)?[\w./-]+\.go):\d+:\d+: `)},
	// rustc: error[E0425]: cannot find value `x` in this scope
	{CompileError, regexp.MustCompile(`^error\[(E\d+)\]: `)},
}

func (compileError) Name() string { return "compile-error" }

func (compileError) Diagnose(f Failure) []Diagnosis {
	ds := scan(f.Log, compileMatches, nil)
	if len(ds) > 1 {
		ds = ds[:1] // the first error; the rest usually follow from it
	}
	return ds
}

func (compileError) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != CompileError {
		return Proposal{}, false
	}
	return none(d, "a compile error in the project's code: no environment rule applies"), true
}
