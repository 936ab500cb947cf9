package pyramid

import (
	"path"
	"slices"
	"strings"
)

// buildSystemTools names, per C/C++ build system, the programs whose
// commands belong to it. The Bash File builds a C/C++ project with one of
// them; a pyramid command of another one (json-c's CI runs meson, its
// Bash File uses CMake) would need a toolchain the script does not install
// and a build directory it did not make.
var buildSystemTools = map[string][]string{
	"cmake":     {"cmake", "ctest", "cpack"},
	"meson":     {"meson", "muon"},
	"autotools": {"configure", "autoreconf", "autogen.sh", "bootstrap", "bootstrap.sh", "autoconf", "automake"},
	"bazel":     {"bazel", "bazelisk"},
	"scons":     {"scons"},
	"xmake":     {"xmake"},
	"premake":   {"premake4", "premake5"},
	"waf":       {"waf"},
}

// Align drops the commands of C/C++ build systems other than the ones in
// chosen (the Bash File's stacks) and returns them. With no C/C++ build
// system among chosen it changes nothing.
func (p *Pyramid) Align(chosen []string) []Command {
	var picked []string
	for _, s := range chosen {
		if _, ok := buildSystemTools[s]; ok || s == "make" {
			picked = append(picked, s)
		}
	}
	if len(picked) == 0 {
		return nil
	}
	var dropped []Command
	p.Commands = slices.DeleteFunc(p.Commands, func(c Command) bool {
		sys := buildSystemOf(c.Text)
		if sys == "" || slices.Contains(picked, sys) || len(c.Expect) > 0 {
			return false // user goals are never dropped
		}
		dropped = append(dropped, c)
		return true
	})
	return dropped
}

// buildSystemOf names the build system whose tool a command starts with.
func buildSystemOf(text string) string {
	for _, w := range strings.Fields(text) {
		if strings.Contains(w, "=") && !strings.HasPrefix(w, "-") || w == "sudo" || w == "env" || w == "sh" || w == "bash" {
			continue // VAR=value, wrappers
		}
		tool := path.Base(w)
		for sys, tools := range buildSystemTools {
			if slices.Contains(tools, tool) {
				return sys
			}
		}
		return ""
	}
	return ""
}
