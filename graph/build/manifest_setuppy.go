package build

import (
	"context"
	"fmt"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/python"
)

// parseSetupPy reads the literal arguments of setup(...) in a setup.py
// through the Python grammar (nothing is executed): name,
// python_requires, install_requires / setup_requires / tests_require /
// extras_require, and entry_points' console_scripts. Arguments computed at
// run time are not seen.
func parseSetupPy(rel string, src []byte, f *fileFacts) error {
	p := sitter.NewParser()
	defer p.Close()
	p.SetLanguage(python.GetLanguage())
	tree, err := p.ParseCtx(context.Background(), nil, src)
	if err != nil {
		return fmt.Errorf("parse %s: %w", rel, err)
	}
	defer tree.Close()
	var visit func(n *sitter.Node, depth int)
	visit = func(n *sitter.Node, depth int) {
		if depth > 40 {
			return
		}
		if n.Type() == "call" {
			fn := n.ChildByFieldName("function").Content(src)
			if fn == "setup" || strings.HasSuffix(fn, ".setup") {
				setupArgs(n.ChildByFieldName("arguments"), src, f)
				return
			}
		}
		for i := 0; i < int(n.NamedChildCount()); i++ {
			visit(n.NamedChild(i), depth+1)
		}
	}
	visit(tree.RootNode(), 0)
	return nil
}

// pyStrings returns the string literals of a list/tuple (or one string).
func pyStrings(n *sitter.Node, src []byte) []string {
	if n == nil {
		return nil
	}
	if n.Type() == "string" {
		return []string{strings.Trim(n.Content(src), "\"'")}
	}
	var out []string
	if n.Type() == "list" || n.Type() == "tuple" {
		for i := 0; i < int(n.NamedChildCount()); i++ {
			if c := n.NamedChild(i); c.Type() == "string" {
				out = append(out, strings.Trim(c.Content(src), "\"'"))
			}
		}
	}
	return out
}

func setupArgs(args *sitter.Node, src []byte, f *fileFacts) {
	if args == nil {
		return
	}
	for i := 0; i < int(args.NamedChildCount()); i++ {
		kw := args.NamedChild(i)
		if kw.Type() != "keyword_argument" {
			continue
		}
		name := kw.ChildByFieldName("name").Content(src)
		val := kw.ChildByFieldName("value")
		line := int(val.StartPoint().Row) + 1
		switch name {
		case "name", "python_requires":
			if v := pyStrings(val, src); len(v) == 1 && val.Type() == "string" {
				f.fact(name, v[0])
			}
		case "install_requires", "setup_requires", "tests_require":
			scope := map[string]string{"install_requires": "runtime", "setup_requires": "build", "tests_require": "test"}[name]
			for _, r := range pyStrings(val, src) {
				if n, c, ok := pep508(r); ok {
					f.deps = append(f.deps, dependency{ecosystem: "pypi", name: n, constraint: c, scope: scope, line: line, required: true})
				}
			}
		case "extras_require":
			if val.Type() != "dictionary" {
				continue
			}
			for j := 0; j < int(val.NamedChildCount()); j++ {
				if pair := val.NamedChild(j); pair.Type() == "pair" {
					for _, r := range pyStrings(pair.ChildByFieldName("value"), src) {
						if n, c, ok := pep508(r); ok {
							f.deps = append(f.deps, dependency{ecosystem: "pypi", name: n, constraint: c, scope: "optional", line: int(pair.StartPoint().Row) + 1})
						}
					}
				}
			}
		case "scripts":
			for _, sc := range pyStrings(val, src) {
				addScriptFile(f, sc, line)
			}
		case "entry_points":
			for _, pair := range entryGroups(val, src) {
				if !strings.Contains(pair.key, "console_scripts") {
					continue
				}
				for _, spec := range pyStrings(pair.value, src) {
					if n, cmd, ok := strings.Cut(spec, "="); ok {
						f.targets = append(f.targets, target{kind: "bin", name: strings.TrimSpace(n), command: strings.TrimSpace(cmd), line: int(pair.value.StartPoint().Row) + 1})
					}
				}
			}
		}
	}
}

// entryGroup is one group of entry_points: its key and its value.
type entryGroup struct {
	key   string
	value *sitter.Node
}

// entryGroups reads entry_points written as a dictionary literal
// ({'console_scripts': [...]}) or as a dict() call
// (dict(console_scripts=[...]), humanfriendly's setup.py).
func entryGroups(val *sitter.Node, src []byte) []entryGroup {
	var out []entryGroup
	switch {
	case val.Type() == "dictionary":
		for j := 0; j < int(val.NamedChildCount()); j++ {
			if pair := val.NamedChild(j); pair.Type() == "pair" {
				out = append(out, entryGroup{pair.ChildByFieldName("key").Content(src), pair.ChildByFieldName("value")})
			}
		}
	case val.Type() == "call" && val.ChildByFieldName("function").Content(src) == "dict":
		args := val.ChildByFieldName("arguments")
		for j := 0; args != nil && j < int(args.NamedChildCount()); j++ {
			if kw := args.NamedChild(j); kw.Type() == "keyword_argument" {
				out = append(out, entryGroup{kw.ChildByFieldName("name").Content(src), kw.ChildByFieldName("value")})
			}
		}
	}
	return out
}
