package pyramid

import (
	"context"
	"path"
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/heragent/heragent/internal/shellprint"
)

// A CI step that runs a script the CI keeps (wren's `script: ./.travis.sh`,
// `run: ci/test.sh`, `tools/ci.sh unix_build`) is dropped by the
// classification: the script assumes the CI machine. What it runs is how
// the CI builds and tests the project, though, and often the only place
// that says so (wren's `make -C projects/make` and `python3
// ./util/test.py`). ciScriptCommands reads the script and gives its
// commands as the step's own: the variables it sets from literals
// (`WREN_WD="projects/make"`, `${WREN_PY_BINARY:-python3}`) expanded, the
// functions it defines and calls inlined, the one function a step names
// (`tools/ci.sh unix_build`) run. Each command is then classified like any
// CI step's: what needs the CI machine (its package manager, its
// variables, its other platforms) is dropped there. Conditionals and
// loops are left out: their branches are other machines' (wren's `if [
// -n "$WREN_TARGET_MAC" ]`).

// ciScriptRunRe is a step line running a shell script of the repository,
// with at most one word after it (a function of the script to run).
var ciScriptRunRe = regexp.MustCompile(`^(?:(?:bash|sh)\s+)?(?:\./)?(\.?[\w][\w./-]*?\.(?:sh|bash))(?:\s+([A-Za-z_]\w*))?\s*$`)

// maxCIScript bounds the script read (bytes) and the function calls
// inlined into each other.
const (
	maxCIScript      = 64 << 10
	maxCIScriptDepth = 3
)

// ciScriptCommands mines the scripts that the lines of a CI step's text run
// and the classification drops (as the CI's own scripts, or as no command
// it knows).
func ciScriptCommands(ctx context.Context, e *env, text, stepFile, note string) []Command {
	var out []Command
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		m := ciScriptRunRe.FindStringSubmatch(l)
		if m == nil || strings.Contains(m[1], "..") || classify(l).Drop == "" {
			continue
		}
		src, err := e.ix.ReadFile(ctx, path.Clean(m[1]), 0, 0, true)
		if err != nil || src == "" || len(src) > maxCIScript {
			continue
		}
		block, lines := ciScriptBody(src, m[2])
		if block == "" {
			continue
		}
		n := strings.TrimSpace(note + "; run by " + stepFile)
		cmds := fromShell(e, block, "ci", path.Clean(m[1]), 1, n)
		for i := range cmds {
			if w := &cmds[i].Why[0]; w.Line >= 1 && w.Line <= len(lines) {
				w.Line = lines[w.Line-1]
			}
		}
		out = append(out, cmds...)
	}
	return out
}

// ciScriptBody is the script's commands, one a line, with their lines in
// the script; "" when it does not parse or fn is not one of its functions.
func ciScriptBody(src, fn string) (string, []int) {
	f, err := syntax.NewParser(syntax.KeepComments(false)).Parse(strings.NewReader(src), "")
	if err != nil {
		return "", nil
	}
	s := &scriptReader{vars: map[string]string{}, funcs: map[string]*syntax.Stmt{}}
	for _, st := range f.Stmts {
		if fd, ok := st.Cmd.(*syntax.FuncDecl); ok {
			s.funcs[fd.Name.Value] = fd.Body
		}
	}
	if fn == "" {
		s.read(f.Stmts, 0)
	} else {
		body, ok := s.funcs[fn]
		if !ok {
			return "", nil
		}
		for _, st := range f.Stmts { // the top level's settings, not its calls
			s.assign(st)
		}
		s.read([]*syntax.Stmt{body}, 1)
	}
	return strings.Join(s.out, "\n"), s.lines
}

// scriptReader walks a script's statements in order, keeping what they set.
type scriptReader struct {
	vars  map[string]string // set from literals; absent: unknown
	funcs map[string]*syntax.Stmt
	out   []string
	lines []int
}

func (s *scriptReader) read(stmts []*syntax.Stmt, depth int) {
	for _, st := range stmts {
		if s.assign(st) || st.Background || st.Coprocess {
			continue
		}
		switch c := st.Cmd.(type) {
		case *syntax.Block:
			s.read(c.Stmts, depth)
			continue
		case *syntax.CallExpr:
			if len(c.Args) > 0 {
				if body, ok := s.funcs[c.Args[0].Lit()]; ok {
					if depth < maxCIScriptDepth {
						s.read([]*syntax.Stmt{body}, depth+1)
					}
					continue
				}
			}
		case *syntax.BinaryCmd:
		default:
			continue // a conditional, a loop, a function's declaration
		}
		switch s.kind(st) {
		case otherTree:
			return // what follows works on another repository or directory
		case skipped:
			continue
		}
		syntax.Walk(st, s.substitute)
		if text, ok := shellprint.OneLine(st); ok {
			s.out, s.lines = append(s.out, text), append(s.lines, int(st.Pos().Line()))
		}
	}
}

// The kinds of a script's statement the reader does not print as it is.
const (
	printed   = iota
	otherTree // `git clone`, `popd`: the rest of its list works elsewhere
	skipped   // another script's run, a call of the script's own function in a chain (`|| die "…"`)
)

// kind says how the reader takes a statement: a clone (pyyaml's
// packaging script builds libyaml in its clone, FunctionalPlus's ci.sh
// installs doctest from one) and a popd end the list the reader is in —
// what follows works on a directory it cannot follow; a pushd is a cd;
// a run of another script (libsodium's android-aar.sh runs one per
// architecture) is the CI's orchestration, not a command of the project.
func (s *scriptReader) kind(st *syntax.Stmt) int {
	k := printed
	syntax.Walk(st, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok || len(call.Args) == 0 || k == otherTree {
			return k != otherTree
		}
		name := call.Args[0].Lit()
		switch {
		case name == "git" && len(call.Args) > 1 && call.Args[1].Lit() == "clone", name == "popd":
			k = otherTree
		case name == "pushd":
			call.Args[0] = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: call.Args[0].Pos(), ValueEnd: call.Args[0].End(), Value: "cd"}}}
		case s.funcs[name] != nil || ciScriptRunRe.MatchString(name):
			k = skipped
		}
		return true
	})
	return k
}

// assign records a statement that only sets variables (`X=lit`, `export
// X=lit`), and reports whether it was one.
func (s *scriptReader) assign(st *syntax.Stmt) bool {
	var as []*syntax.Assign
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) > 0 || len(c.Assigns) == 0 {
			return false
		}
		as = c.Assigns
	case *syntax.DeclClause:
		if c.Variant.Value != "export" && c.Variant.Value != "readonly" && c.Variant.Value != "declare" && c.Variant.Value != "local" {
			return false
		}
		as = c.Args
	default:
		return false
	}
	for _, a := range as {
		if a.Name == nil {
			continue
		}
		delete(s.vars, a.Name.Value)
		if a.Value == nil || a.Append || a.Array != nil || a.Index != nil {
			continue
		}
		syntax.Walk(a.Value, s.substitute)
		if v, ok := literal(a.Value); ok {
			s.vars[a.Name.Value] = v
		}
	}
	return true
}

// substitute replaces in words the parameters whose values are known: a
// variable the script set from a literal, or the default of one it did
// not set (`${PY:-python3}`: the CI machine's environment is not this).
func (s *scriptReader) substitute(n syntax.Node) bool {
	switch w := n.(type) {
	case *syntax.Word:
		w.Parts = s.parts(w.Parts, false)
	case *syntax.DblQuoted:
		w.Parts = s.parts(w.Parts, true)
	}
	return true
}

func (s *scriptReader) parts(ps []syntax.WordPart, quoted bool) []syntax.WordPart {
	for i, p := range ps {
		pe, ok := p.(*syntax.ParamExp)
		if !ok {
			continue
		}
		v, ok := s.value(pe)
		if !ok || strings.ContainsAny(v, "\"$`\\") || !quoted && strings.ContainsAny(v, " \t\n'*?[]{}()<>|&;#~") {
			continue
		}
		ps[i] = &syntax.Lit{ValuePos: pe.Pos(), ValueEnd: pe.End(), Value: v}
	}
	return ps
}

// value is what a parameter expansion gives, when the script says.
func (s *scriptReader) value(pe *syntax.ParamExp) (string, bool) {
	if pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Names != 0 {
		return "", false
	}
	v, set := s.vars[pe.Param.Value]
	if pe.Exp == nil {
		return v, set
	}
	switch pe.Exp.Op {
	case syntax.DefaultUnsetOrNull, syntax.DefaultUnset:
		if set && (v != "" || pe.Exp.Op == syntax.DefaultUnset) {
			return v, true
		}
		if pe.Exp.Word == nil {
			return "", true
		}
		syntax.Walk(pe.Exp.Word, s.substitute)
		return literal(pe.Exp.Word)
	}
	return "", false
}

// literal is a word's value when nothing in it expands (no parameter,
// command substitution or arithmetic left).
func literal(w *syntax.Word) (string, bool) {
	pure := true
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst, *syntax.ExtGlob:
			pure = false
		}
		return pure
	})
	if !pure {
		return "", false
	}
	v, err := expand.Literal(nil, w)
	return v, err == nil
}
