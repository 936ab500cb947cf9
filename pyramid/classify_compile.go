package pyramid

import (
	"path"
	"strings"
)

// A project without a build system documents its build as the compiler
// call (rswier/c4's README: `gcc -o c4 c4.c`): a Build command when it
// makes a program (-o) from sources the checkout has (absentProgram
// drops a reader's own `gcc -o app main.c`).

// cCompilerCmds are the C and C++ compilers a document calls.
var cCompilerCmds = set("gcc", "g++", "cc", "c++", "clang", "clang++", "tcc")

// compilesProgram says whether a compiler's arguments make a program:
// an output (-o) and a C/C++ source, not -c (an object) or -E/-S.
func compilesProgram(args []string) bool {
	out, src := false, false
	for _, a := range args {
		switch {
		case a == "-o" || strings.HasPrefix(a, "-o") && len(a) > 2:
			out = true
		case a == "-c" || a == "-E" || a == "-S" || a == "-fsyntax-only":
			return false
		case cSourceExt[path.Ext(a)] != "" && !strings.HasPrefix(a, "-"):
			src = true
		}
	}
	return out && src
}

// absentSource is the first file a compiler's arguments name (a source,
// or a file an option names: -fmodule-file=name=build/x.pcm) that the
// checkout lacks in dir, "" when it has them all; the output (-o) is
// not looked for.
func absentSource(e *env, args []string, dir string) string {
	for i, a := range args {
		if i > 0 && args[i-1] == "-o" || strings.HasPrefix(a, "-o") || strings.ContainsAny(a, "*$") {
			continue
		}
		f := a[strings.LastIndexByte(a, '=')+1:]
		if strings.HasPrefix(a, "-") && f == a {
			continue // an option without a file
		}
		if ext := path.Ext(f); ext != "" && len(ext) <= 5 && !e.fileExists(path.Join(dir, strings.Trim(f, `"'`))) {
			return f
		}
	}
	return ""
}

// cBuildStacks are the build systems of C and C++ projects: with one,
// a document's compiler call is a test or a benchmark of its own, not
// the project's build.
var cBuildStacks = []string{"cmake", "meson", "autotools", "make", "bazel", "scons", "xmake", "premake"}

// documentedCompile says why a document's compiler call is no command of
// the checkout: the project has a build system, or the call names a
// file it lacks; "" when it is the project's build.
func documentedCompile(e *env, args []string, dir string) string {
	for _, s := range cBuildStacks {
		if e.stacks[s] {
			return "a compiler call of a project " + s + " builds"
		}
	}
	if f := absentSource(e, args, dir); f != "" {
		return "no " + f + " here"
	}
	return ""
}
