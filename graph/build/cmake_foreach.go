package build

import (
	"regexp"
	"slices"
	"strings"
)

// CMake projects declare their programs in loops as often as one by one:
// libyaml's tests/CMakeLists.txt builds run-parser, example-reformatter
// and eight more with `foreach(name IN ITEMS …) add_executable(${name}
// ${name}.c) endforeach()`, rapidjson's and CLI11's examples likewise.
// Read command by command, each is one target named "${name}", which no
// one can run — and libyaml's loop calls a function of its own that
// declares the program. expandForeach unrolls a loop over items the file
// spells out (directly, or in a list set() before it), substituting the
// loop variable in the commands of its body; a loop over a range or over
// what only configuring knows is left as written. A call of a function or
// macro the file defines adds the targets its body declares, its
// parameters substituted (the definition itself is read as before).

// maxForeachItems bounds an unrolled loop (and so a file's growth).
const maxForeachItems = 64

// cmakeVarRe is a variable reference, ${NAME}.
var cmakeVarRe = regexp.MustCompile(`\$\{(\w+)\}`)

// expandForeach returns cmds with each foreach loop it can read unrolled
// and the targets of the calls of the file's own functions added.
func expandForeach(cmds []cmakeCommand) []cmakeCommand {
	return expand(cmds, definitions(cmds), map[string][]string{}, 0)
}

// cmakeFunction is a function or macro a file defines.
type cmakeFunction struct {
	params []string
	body   []cmakeCommand
}

// definitions are the functions and macros cmds define, by lower-case name.
func definitions(cmds []cmakeCommand) map[string]cmakeFunction {
	defs := map[string]cmakeFunction{}
	for i := 0; i < len(cmds); i++ {
		c := cmds[i]
		if (c.name != "function" && c.name != "macro") || len(c.args) == 0 {
			continue
		}
		for j := i + 1; j < len(cmds); j++ {
			if cmds[j].name == "end"+c.name {
				defs[strings.ToLower(c.args[0])] = cmakeFunction{params: c.args[1:], body: cmds[i+1 : j]}
				i = j
				break
			}
		}
	}
	return defs
}

// targetCommands declare what a call of a function adds: targets, and
// what the build does with a program (installs it, puts it in a
// directory of its own — expat_install(TARGETS xmlwf …) wraps install()).
var targetCommands = map[string]bool{"add_executable": true, "add_library": true, "add_test": true,
	"install": true, "set_property": true, "set_target_properties": true}

// call is the target declarations of fn's body for a call with args.
func call(fn cmakeFunction, args []string, defs map[string]cmakeFunction, depth int) []cmakeCommand {
	var out []cmakeCommand
	for _, b := range expand(fn.body, defs, map[string][]string{}, depth+1) {
		if !targetCommands[b.name] {
			continue
		}
		for i, p := range fn.params {
			if i < len(args) {
				b = substitute(b, p, args[i])
			}
		}
		if len(args) >= len(fn.params) {
			b = splice(b, "ARGN", args[len(fn.params):])
		}
		out = append(out, splice(b, "ARGV", args))
	}
	return out
}

// maxCallDepth stops a function that calls itself.
const maxCallDepth = 4

func expand(cmds []cmakeCommand, defs map[string]cmakeFunction, lists map[string][]string, depth int) []cmakeCommand {
	var out []cmakeCommand
	for i := 0; i < len(cmds); i++ {
		c := cmds[i]
		switch c.name {
		case "set":
			if len(c.args) > 1 {
				lists[c.args[0]] = literalItems(c.args[1:], lists)
			}
		case "foreach":
			end := matchingEnd(cmds, i)
			items, ok := foreachItems(c.args, lists)
			if !ok || end < 0 {
				break
			}
			body := expand(cmds[i+1:end], defs, lists, depth)
			for _, it := range items {
				for _, b := range body {
					out = append(out, substitute(b, c.args[0], it))
				}
			}
			i = end
			continue
		case "add_executable", "add_custom_target":
			c = spliceLists(c, lists) // add_executable(xmlwf ${xmlwf_SRCS}): its sources; a target's commands
		default:
			if fn, ok := defs[c.name]; ok && depth < maxCallDepth {
				out = append(out, c)
				out = append(out, call(fn, c.args, defs, depth)...)
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

// matchingEnd is the index of the endforeach closing the foreach at i, -1
// when there is none.
func matchingEnd(cmds []cmakeCommand, i int) int {
	depth := 0
	for j := i; j < len(cmds); j++ {
		switch cmds[j].name {
		case "foreach":
			depth++
		case "endforeach":
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return -1
}

// foreachItems are the values a foreach's arguments give its variable;
// ok is false for a range, or for items only configuring knows.
func foreachItems(args []string, lists map[string][]string) ([]string, bool) {
	if len(args) < 2 || args[1] == "RANGE" {
		return nil, false
	}
	rest := args[1:]
	if rest[0] == "IN" {
		var items []string
		mode := ""
		for _, a := range rest[1:] {
			switch a {
			case "ITEMS", "LISTS", "ZIP_LISTS":
				mode = a
				continue
			}
			switch mode {
			case "ITEMS":
				items = append(items, a)
			case "LISTS":
				l, ok := lists[a]
				if !ok {
					return nil, false
				}
				items = append(items, l...)
			default:
				return nil, false
			}
		}
		return checked(literalItems(items, lists))
	}
	return checked(literalItems(rest, lists))
}

// checked refuses items that still hold a variable, or too many.
func checked(items []string) ([]string, bool) {
	if len(items) == 0 || len(items) > maxForeachItems {
		return nil, false
	}
	for _, it := range items {
		if strings.Contains(it, "${") || strings.Contains(it, "$<") {
			return nil, false
		}
	}
	return items, true
}

// literalItems expands each argument that is a whole list reference
// (${NAME} of a known list) into its items and splits ;-separated ones.
func literalItems(args []string, lists map[string][]string) []string {
	var out []string
	for _, a := range args {
		if m := cmakeVarRe.FindStringSubmatch(a); m != nil && m[0] == a {
			if l, ok := lists[m[1]]; ok {
				out = append(out, l...)
				continue
			}
		}
		if a == "PARENT_SCOPE" || a == "CACHE" {
			break
		}
		out = append(out, strings.Split(a, ";")...)
	}
	return out
}

// substitute replaces ${name} by value in a command's arguments.
func substitute(c cmakeCommand, name, value string) cmakeCommand {
	args := make([]string, len(c.args))
	ref := "${" + name + "}"
	for i, a := range c.args {
		args[i] = strings.ReplaceAll(a, ref, value)
	}
	return cmakeCommand{name: c.name, args: args, line: c.line}
}

// splice replaces an argument that is exactly ${name} by the items.
func splice(c cmakeCommand, name string, items []string) cmakeCommand {
	ref := "${" + name + "}"
	if !slices.Contains(c.args, ref) {
		return c
	}
	var args []string
	for _, a := range c.args {
		if a == ref {
			args = append(args, items...)
			continue
		}
		args = append(args, a)
	}
	return cmakeCommand{name: c.name, args: args, line: c.line}
}

// spliceLists replaces each argument that is exactly a list the file set
// by the list's items.
func spliceLists(c cmakeCommand, lists map[string][]string) cmakeCommand {
	for _, a := range c.args {
		if m := cmakeVarRe.FindStringSubmatch(a); m != nil && m[0] == a {
			if l, ok := lists[m[1]]; ok {
				c = splice(c, m[1], l)
			}
		}
	}
	return c
}
