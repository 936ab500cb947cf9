package build

import (
	"bytes"
	"context"
	"fmt"
	"path"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/bash"
	"github.com/smacker/go-tree-sitter/c"
	"github.com/smacker/go-tree-sitter/cpp"
	"github.com/smacker/go-tree-sitter/golang"
	"github.com/smacker/go-tree-sitter/java"
	"github.com/smacker/go-tree-sitter/javascript"
	"github.com/smacker/go-tree-sitter/python"
	"github.com/smacker/go-tree-sitter/rust"
	"github.com/smacker/go-tree-sitter/typescript/tsx"
	"github.com/smacker/go-tree-sitter/typescript/typescript"

	"github.com/heragent/heragent/graph"
)

// tsLang names the grammar used for a go-enry language ("" when none).
func tsLang(lang, rel string) string {
	switch lang {
	case "C":
		return "c"
	case "C++":
		return "cpp"
	case "Objective-C": // .h files the classifier is unsure about
		if path.Ext(rel) == ".h" {
			return "c"
		}
	case "Python":
		return "python"
	case "JavaScript":
		return "javascript"
	case "TypeScript":
		return "typescript"
	case "TSX":
		return "tsx"
	case "Go":
		return "go"
	case "Java":
		return "java"
	case "Rust":
		return "rust"
	case "Shell":
		return "bash"
	}
	return ""
}

func grammar(name string) *sitter.Language {
	switch name {
	case "c":
		return c.GetLanguage()
	case "cpp":
		return cpp.GetLanguage()
	case "python":
		return python.GetLanguage()
	case "javascript":
		return javascript.GetLanguage()
	case "typescript":
		return typescript.GetLanguage()
	case "tsx":
		return tsx.GetLanguage()
	case "go":
		return golang.GetLanguage()
	case "java":
		return java.GetLanguage()
	case "rust":
		return rust.GetLanguage()
	case "bash":
		return bash.GetLanguage()
	}
	return nil
}

// parsers holds one tree-sitter parser per grammar for one worker.
type parsers map[string]*sitter.Parser

func (ps parsers) get(name string) *sitter.Parser {
	if p, ok := ps[name]; ok {
		return p
	}
	p := sitter.NewParser()
	p.SetLanguage(grammar(name))
	ps[name] = p
	return p
}

func (ps parsers) close() {
	for _, p := range ps {
		p.Close()
	}
}

// codeFacts are what tree-sitter finds in one source file.
type codeFacts struct {
	symbols []symbol
	decls   []decl
}

type symbol struct {
	name, kind, parent string
	line, endLine      int
}

type decl struct {
	kind, target string
	system       bool
	line         int
	platform     string // the other platform a preprocessor condition limits it to (platform_guard.go)
}

// parseCode parses src with the grammar gname and extracts symbols and
// declarations.
func parseCode(ctx context.Context, ps parsers, gname, rel string, src []byte) (codeFacts, error) {
	p := ps.get(gname)
	tree, err := p.ParseCtx(ctx, nil, src)
	if err != nil {
		return codeFacts{}, fmt.Errorf("parse %s: %w", rel, err)
	}
	defer tree.Close()
	w := &walker{lang: gname, rel: rel, src: src, isTest: isTestPath(rel)}
	w.walk(tree.RootNode(), "", 0)
	if gname == "c" || gname == "cpp" {
		w.testMacros()
	}
	return w.facts, nil
}

// cTestMacroRe starts a Catch2 or doctest test case at file scope
// (TEST_CASE("name"), SCENARIO, TEMPLATE_TEST_CASE…): a macro with a
// string argument, which the C++ grammar does not read as a function.
var cTestMacroRe = regexp.MustCompile(`(?m)^[ \t]*(TEST_CASE|TEST_CASE_METHOD|SCENARIO|TEMPLATE_TEST_CASE|TEMPLATE_PRODUCT_TEST_CASE|TEST_CASE_TEMPLATE|TEST_CASE_FIXTURE)\s*\(\s*("(?:[^"\\]|\\.)*"|\w+)`)

// testMacros adds the Catch2/doctest test cases of the file as tests.
func (w *walker) testMacros() {
	for _, m := range cTestMacroRe.FindAllSubmatchIndex(w.src, -1) {
		line := bytes.Count(w.src[:m[0]], []byte("\n")) + 1
		name := string(w.src[m[2]:m[3]]) + "(" + string(w.src[m[4]:m[5]]) + ")"
		w.facts.symbols = append(w.facts.symbols, symbol{name: name, kind: string(graph.SymTest), line: line, endLine: line})
	}
}

type walker struct {
	lang, rel string
	src       []byte
	isTest    bool
	goMainPkg bool
	facts     codeFacts
}

func row(n *sitter.Node) int    { return int(n.StartPoint().Row) + 1 }
func endRow(n *sitter.Node) int { return int(n.EndPoint().Row) + 1 }

func (w *walker) text(n *sitter.Node) string {
	if n == nil {
		return ""
	}
	return n.Content(w.src)
}

func (w *walker) field(n *sitter.Node, f string) string { return w.text(n.ChildByFieldName(f)) }

func (w *walker) addSym(n *sitter.Node, name string, kind graph.SymbolKind, parent string) {
	if name == "" {
		return
	}
	w.facts.symbols = append(w.facts.symbols, symbol{name: name, kind: string(kind), parent: parent, line: row(n), endLine: endRow(n)})
}

func (w *walker) addDecl(n *sitter.Node, kind, target string, system bool) {
	target = strings.TrimSpace(target)
	if target == "" {
		return
	}
	w.facts.decls = append(w.facts.decls, decl{kind: kind, target: target, system: system, line: row(n)})
}

// funcKind decides whether a function is a main, a test or plain.
func (w *walker) funcKind(name string, method bool) graph.SymbolKind {
	switch {
	case name == "main" && !method && w.lang != "javascript" && w.lang != "typescript" && w.lang != "python" && w.lang != "bash":
		if w.lang == "go" && !w.goMainPkg {
			return graph.SymFunction
		}
		return graph.SymMain
	case w.lang == "go" && strings.HasSuffix(w.rel, "_test.go") && (strings.HasPrefix(name, "Test") || strings.HasPrefix(name, "Benchmark") || strings.HasPrefix(name, "Example") || strings.HasPrefix(name, "Fuzz")):
		return graph.SymTest
	case (w.lang == "python" || w.isTest) && strings.HasPrefix(name, "test_"):
		return graph.SymTest
	case w.lang == "python" && w.isTest && strings.HasPrefix(name, "test"):
		return graph.SymTest
	case (w.lang == "c" || w.lang == "cpp") && (strings.HasPrefix(name, "TEST(") || strings.HasPrefix(name, "TEST_F(") || strings.HasPrefix(name, "TEST_P(")):
		return graph.SymTest
	}
	if method {
		return graph.SymMethod
	}
	return graph.SymFunction
}

// cDeclName digs the identifier out of a C/C++ declarator chain; gtest's
// TEST(Suite, Name) macros are named after their arguments.
func (w *walker) cDeclName(n *sitter.Node) string {
	var fd *sitter.Node
	for d := 0; n != nil && d < 16; d++ {
		switch n.Type() {
		case "identifier", "field_identifier", "qualified_identifier", "destructor_name", "operator_name", "type_identifier":
			name := w.text(n)
			if fd != nil && (name == "TEST" || name == "TEST_F" || name == "TEST_P") {
				params := strings.Trim(w.field(fd, "parameters"), "()")
				return name + "(" + strings.Join(strings.Fields(params), "") + ")"
			}
			return name
		case "function_declarator":
			if fd == nil {
				fd = n
			}
		}
		n = n.ChildByFieldName("declarator")
	}
	return ""
}

func (w *walker) walk(n *sitter.Node, parent string, depth int) {
	if depth > 64 {
		return
	}
	cnt := int(n.NamedChildCount())
	for i := 0; i < cnt; i++ {
		ch := n.NamedChild(i)
		if w.visit(ch, parent, depth) {
			w.walk(ch, parent, depth+1)
		}
	}
}

// visit records what ch defines or declares and says whether to descend.
func (w *walker) visit(n *sitter.Node, parent string, depth int) bool {
	switch w.lang {
	case "c", "cpp":
		return w.visitC(n, parent, depth)
	case "python":
		return w.visitPython(n, parent, depth)
	case "javascript", "typescript", "tsx":
		return w.visitJS(n, parent, depth)
	case "go":
		return w.visitGo(n)
	case "java":
		return w.visitJava(n, parent, depth)
	case "rust":
		return w.visitRust(n, parent, depth)
	case "bash":
		return w.visitBash(n)
	}
	return false
}
