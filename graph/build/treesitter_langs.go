package build

import (
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/heragent/heragent/graph"
)

func (w *walker) visitC(n *sitter.Node, parent string, depth int) bool {
	switch n.Type() {
	case "preproc_include":
		p := w.field(n, "path")
		system := strings.HasPrefix(p, "<")
		if target := strings.TrimSpace(strings.Trim(p, `<>"`)); target != "" {
			w.facts.decls = append(w.facts.decls, decl{kind: "include", target: target, system: system, line: row(n), platform: w.foreignGuard(n)})
		}
		return false
	case "function_definition":
		name := w.cDeclName(n.ChildByFieldName("declarator"))
		method := parent != "" || strings.Contains(name, "::")
		w.addSym(n, name, w.funcKind(name, method), parent)
		return false
	case "struct_specifier", "class_specifier", "union_specifier", "enum_specifier":
		body := n.ChildByFieldName("body")
		name := w.field(n, "name")
		if body == nil || name == "" {
			return false
		}
		w.addSym(n, name, graph.SymClass, parent)
		if n.Type() == "class_specifier" || n.Type() == "struct_specifier" {
			w.walk(body, name, depth+1)
		}
		return false
	case "preproc_ifdef", "preproc_if", "preproc_else", "preproc_elif", "linkage_specification", "declaration_list",
		"namespace_definition", "template_declaration", "field_declaration_list", "type_definition", "declaration":
		return true
	}
	return false
}

func (w *walker) visitPython(n *sitter.Node, parent string, depth int) bool {
	switch n.Type() {
	case "import_statement":
		for i := 0; i < int(n.NamedChildCount()); i++ {
			ch := n.NamedChild(i)
			if ch.Type() == "aliased_import" {
				ch = ch.ChildByFieldName("name")
			}
			w.addDecl(n, "import", w.text(ch), false)
		}
		return false
	case "import_from_statement":
		w.addDecl(n, "import", w.field(n, "module_name"), false)
		return false
	case "function_definition":
		name := w.field(n, "name")
		w.addSym(n, name, w.funcKind(name, parent != ""), parent)
		return false
	case "class_definition":
		name := w.field(n, "name")
		w.addSym(n, name, graph.SymClass, parent)
		if b := n.ChildByFieldName("body"); b != nil {
			w.walk(b, name, depth+1)
		}
		return false
	case "if_statement":
		cond := w.field(n, "condition")
		if parent == "" && strings.Contains(cond, "__name__") && strings.Contains(cond, "__main__") {
			w.addSym(n, "__main__", graph.SymMain, "")
		}
		return false
	case "decorated_definition":
		return true
	}
	return false
}

func (w *walker) visitJS(n *sitter.Node, parent string, depth int) bool {
	switch n.Type() {
	case "import_statement", "export_statement":
		if s := n.ChildByFieldName("source"); s != nil {
			w.addDecl(n, "import", strings.Trim(w.text(s), "'\"`"), false)
			return false
		}
		return n.Type() == "export_statement"
	case "function_declaration", "generator_function_declaration":
		name := w.field(n, "name")
		w.addSym(n, name, w.funcKind(name, false), parent)
		return false
	case "class_declaration", "interface_declaration", "abstract_class_declaration":
		name := w.field(n, "name")
		w.addSym(n, name, graph.SymClass, parent)
		if b := n.ChildByFieldName("body"); b != nil {
			w.walk(b, name, depth+1)
		}
		return false
	case "method_definition":
		w.addSym(n, w.field(n, "name"), graph.SymMethod, parent)
		return false
	case "lexical_declaration", "variable_declaration", "variable_declarator", "expression_statement", "await_expression":
		return true
	case "call_expression":
		fn := w.field(n, "function")
		args := n.ChildByFieldName("arguments")
		if args == nil || args.NamedChildCount() == 0 {
			return false
		}
		first := args.NamedChild(0)
		switch {
		case fn == "require" && first.Type() == "string":
			w.addDecl(n, "import", strings.Trim(w.text(first), "'\"`"), false)
		case (fn == "test" || fn == "it" || fn == "describe" || fn == "test.describe") && (first.Type() == "string" || first.Type() == "template_string"):
			w.addSym(n, strings.Trim(w.text(first), "'\"`"), graph.SymTest, parent)
		}
		return false
	}
	return false
}

// goIgnoredRe is the build constraint of a Go file the go tool leaves
// out of its package unless the file is named.
var goIgnoredRe = regexp.MustCompile(`(?m)^//\s*(?:go:build|\+build)\s+ignore\s*$`)

func (w *walker) visitGo(n *sitter.Node) bool {
	switch n.Type() {
	case "package_clause":
		// a file built only when named (//go:build ignore: go-farm's
		// asm.go, a generator run with go run asm.go) is no program of
		// its directory, whose package is the library's
		w.goMainPkg = strings.TrimSpace(strings.TrimPrefix(w.text(n), "package")) == "main" && !goIgnoredRe.Match(w.src[:n.StartByte()])
	case "import_declaration", "import_spec_list":
		return true
	case "import_spec":
		w.addDecl(n, "import", strings.Trim(w.field(n, "path"), "\"`"), false)
	case "function_declaration":
		name := w.field(n, "name")
		w.addSym(n, name, w.funcKind(name, false), "")
	case "method_declaration":
		recv := strings.Trim(w.field(n, "receiver"), "()")
		if f := strings.Fields(recv); len(f) > 0 {
			recv = strings.TrimPrefix(f[len(f)-1], "*")
		}
		w.addSym(n, w.field(n, "name"), graph.SymMethod, recv)
	case "type_declaration":
		for i := 0; i < int(n.NamedChildCount()); i++ {
			if ch := n.NamedChild(i); ch.Type() == "type_spec" {
				w.addSym(ch, w.field(ch, "name"), graph.SymClass, "")
			}
		}
	}
	return false
}

func (w *walker) visitJava(n *sitter.Node, parent string, depth int) bool {
	switch n.Type() {
	case "import_declaration":
		t := strings.TrimSuffix(strings.TrimSpace(strings.TrimPrefix(w.text(n), "import")), ";")
		w.addDecl(n, "import", strings.TrimSpace(strings.TrimPrefix(t, "static ")), false)
	case "class_declaration", "interface_declaration", "enum_declaration", "record_declaration":
		name := w.field(n, "name")
		w.addSym(n, name, graph.SymClass, parent)
		if b := n.ChildByFieldName("body"); b != nil {
			w.walk(b, name, depth+1)
		}
	case "method_declaration":
		name := w.field(n, "name")
		mods := ""
		for i := 0; i < int(n.NamedChildCount()); i++ {
			if ch := n.NamedChild(i); ch.Type() == "modifiers" {
				mods = w.text(ch)
			}
		}
		kind := graph.SymMethod
		switch {
		case name == "main" && strings.Contains(mods, "static"):
			kind = graph.SymMain
		case strings.Contains(mods, "@Test") || strings.Contains(mods, "@ParameterizedTest"):
			kind = graph.SymTest
		}
		w.addSym(n, name, kind, parent)
	}
	return false
}

func (w *walker) visitRust(n *sitter.Node, parent string, depth int) bool {
	switch n.Type() {
	case "use_declaration":
		w.addDecl(n, "use", w.field(n, "argument"), false)
	case "mod_item":
		if n.ChildByFieldName("body") == nil {
			w.addDecl(n, "mod", w.field(n, "name"), false)
			return false
		}
		return true
	case "declaration_list":
		return true
	case "function_item":
		name := w.field(n, "name")
		kind := w.funcKind(name, parent != "")
		if prev := n.PrevNamedSibling(); prev != nil && prev.Type() == "attribute_item" && strings.Contains(w.text(prev), "test") {
			kind = graph.SymTest
		}
		if name == "main" && parent != "" {
			kind = graph.SymMethod
		}
		w.addSym(n, name, kind, parent)
	case "struct_item", "enum_item", "trait_item", "union_item":
		w.addSym(n, w.field(n, "name"), graph.SymClass, parent)
	case "impl_item":
		if b := n.ChildByFieldName("body"); b != nil {
			w.walk(b, w.field(n, "type"), depth+1)
		}
	}
	return false
}

func (w *walker) visitBash(n *sitter.Node) bool {
	switch n.Type() {
	case "function_definition":
		w.addSym(n, w.field(n, "name"), graph.SymFunction, "")
		return true
	case "command":
		name := w.field(n, "name")
		if name == "source" || name == "." {
			if arg := n.ChildByFieldName("argument"); arg != nil {
				w.addDecl(n, "source", strings.Trim(w.text(arg), "'\""), false)
			}
		}
		return false
	case "compound_statement", "if_statement", "for_statement", "while_statement", "else_clause", "elif_clause", "list", "subshell", "case_statement", "case_item":
		return true
	}
	return false
}
