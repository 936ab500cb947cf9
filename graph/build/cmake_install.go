package build

import (
	"strings"
)

// What a build does with the programs it declares says which are the
// project's own tools: c-ares keeps ahost and adig in src/tools — a
// directory name maintenance scripts use too — and installs them
// (install(TARGETS ahost …)); expat puts xmlwf in a directory of its own
// under the build tree (set_property(TARGET xmlwf PROPERTY
// RUNTIME_OUTPUT_DIRECTORY xmlwf)). Both are facts of the file that says
// them: "installs" lists the programs it installs, "output_names" the
// file name a program is given when it is not the target's
// ("target=name"), "runtime_dirs" the output directory each program is given ("name=dir", dir relative to
// the file's directory in the build tree, or "name=/dir" from the build
// tree's top). The same facts come from meson (install: true) and
// automake (bin_PROGRAMS).

// cmakeInstallFacts records install(TARGETS …) and per-target
// RUNTIME_OUTPUT_DIRECTORY properties of one command.
func cmakeInstallFacts(c cmakeCommand, f *fileFacts) {
	switch c.name {
	case "install":
		if len(c.args) > 1 && c.args[0] == "TARGETS" {
			var names []string
			for _, a := range c.args[1:] {
				if cmakeKeyword(a) {
					break
				}
				names = append(names, a)
			}
			addListFact(f, "installs", names...)
		}
	case "set_property":
		// set_property(TARGET a b PROPERTY RUNTIME_OUTPUT_DIRECTORY dir)
		if len(c.args) < 5 || c.args[0] != "TARGET" {
			return
		}
		for i, a := range c.args {
			if a != "PROPERTY" || i+2 >= len(c.args) {
				continue
			}
			switch c.args[i+1] {
			case "RUNTIME_OUTPUT_DIRECTORY":
				runtimeDirs(f, c.args[1:i], c.args[i+2])
			case "OUTPUT_NAME", "RUNTIME_OUTPUT_NAME":
				outputNames(f, c.args[1:i], c.args[i+2])
			}
			return
		}
	case "set_target_properties":
		// set_target_properties(a b PROPERTIES RUNTIME_OUTPUT_DIRECTORY dir …)
		for i, a := range c.args {
			if a != "PROPERTIES" {
				continue
			}
			for j := i + 1; j+1 < len(c.args); j += 2 {
				switch c.args[j] {
				case "RUNTIME_OUTPUT_DIRECTORY":
					runtimeDirs(f, c.args[:i], c.args[j+1])
				case "OUTPUT_NAME", "RUNTIME_OUTPUT_NAME":
					outputNames(f, c.args[:i], c.args[j+1])
				}
			}
			return
		}
	}
}

// runtimeDirs records dir as the output directory of each target, when
// it can be known without configuring.
func runtimeDirs(f *fileFacts, targets []string, dir string) {
	if d, ok := binaryDirRel(dir); ok {
		dir = "/" + strings.TrimPrefix(d, ".")
	} else if d, ok := sourceDirRel(dir, false); ok {
		dir = "/" + d
	} else if strings.ContainsAny(dir, "$<>") || strings.HasPrefix(dir, "/") || dir == "" {
		return
	}
	var pairs []string
	for _, t := range targets {
		if !strings.ContainsAny(t, "$<>") {
			pairs = append(pairs, t+"="+strings.TrimSuffix(dir, "/"))
		}
	}
	addListFact(f, "runtime_dirs", pairs...)
}

// outputNames records name as the file name each target's program is
// given (cmark's set_target_properties(cmark_exe PROPERTIES OUTPUT_NAME
// "cmark")), when it can be known without configuring.
func outputNames(f *fileFacts, targets []string, name string) {
	if name == "" || strings.ContainsAny(name, "$<>/ ") {
		return
	}
	var pairs []string
	for _, t := range targets {
		if !strings.ContainsAny(t, "$<>") {
			pairs = append(pairs, t+"="+name)
		}
	}
	addListFact(f, "output_names", pairs...)
}

// cmakeKeyword is an all-capitals word (EXPORT, RUNTIME, DESTINATION …)
// or a variable: where install()'s target names end.
func cmakeKeyword(a string) bool {
	return strings.Contains(a, "${") || a == strings.ToUpper(a) && strings.ToUpper(a) != strings.ToLower(a)
}

// addListFact appends words to a space-separated string fact.
func addListFact(f *fileFacts, key string, words ...string) {
	if len(words) == 0 {
		return
	}
	old, _ := f.props[key].(string)
	f.fact(key, strings.TrimSpace(old+" "+strings.Join(words, " ")))
}

// customKeywords end add_custom_target's commands.
var customKeywords = map[string]bool{"DEPENDS": true, "BYPRODUCTS": true, "WORKING_DIRECTORY": true, "COMMENT": true,
	"JOB_POOL": true, "VERBATIM": true, "USES_TERMINAL": true, "COMMAND_EXPAND_LISTS": true, "SOURCES": true}

// customTarget is a named step of the build (add_custom_target(test
// ./run_tests.sh …)): its commands, joined by " && "; the pyramid runs a
// test-named one with `cmake --build DIR --target NAME`.
func customTarget(c cmakeCommand) (target, bool) {
	if len(c.args) == 0 || strings.Contains(c.args[0], "${") {
		return target{}, false
	}
	var cmds, cur []string
	flush := func() {
		if len(cur) > 0 {
			cmds = append(cmds, strings.Join(cur, " "))
		}
		cur = nil
	}
	args := c.args[1:]
	if len(args) > 0 && args[0] == "ALL" {
		args = args[1:]
	}
	for _, a := range args {
		if customKeywords[a] {
			break // what follows the commands
		}
		if a == "COMMAND" {
			flush()
			continue
		}
		cur = append(cur, a)
	}
	flush()
	return target{kind: "custom", name: c.args[0], command: strings.Join(cmds, " && "), line: c.line}, true
}
