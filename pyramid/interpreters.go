package pyramid

import (
	"regexp"
	"strings"
)

// An interpreter the build produced (lua, micropython, qjs, tclsh…) reads
// a program from its arguments or stdin, not data: text on stdin is a
// syntax error and --version proves only that it starts. Its real use is
// running a program; interpreterRun gives the one-line program of its
// language in the form its command line takes.

// interpreterArgs maps an interpreter's name (without a version suffix)
// to the arguments that run 1+2 and print the result.
var interpreterArgs = map[string]string{
	"lua": `-e 'print(1+2)'`, "luajit": `-e 'print(1+2)'`,
	"python": `-c 'print(1+2)'`, "micropython": `-c 'print(1+2)'`, "pypy": `-c 'print(1+2)'`,
	"ruby": `-e 'puts 1+2'`, "mruby": `-e 'puts 1+2'`,
	"perl": `-e 'print 1+2, "\n"'`, "php": `-r 'echo 1+2, "\n";'`,
	"node": `-e 'console.log(1+2)'`, "qjs": `-e 'console.log(1+2)'`,
	"janet": `-e '(print (+ 1 2))'`, "guile": `-c '(display (+ 1 2))'`,
	"awk": `'BEGIN { print 1+2 }'`, "gawk": `'BEGIN { print 1+2 }'`, "mawk": `'BEGIN { print 1+2 }'`,
	"sqlite3": `':memory:' 'select 1+2;'`,
}

// interpreterStdin are interpreters that take the program on stdin.
var interpreterStdin = map[string]string{"tclsh": `puts [expr {1+2}]\n`, "jimsh": `puts [expr {1+2}]\n`, "bc": `1+2\n`}

var versionSuffix = regexp.MustCompile(`[\d.]+$`)

// interpreterRun is the command that runs a one-line program with the
// interpreter run (a path to it), or "" when its name is no interpreter.
func interpreterRun(run string) string {
	name := strings.ToLower(versionSuffix.ReplaceAllString(run[strings.LastIndex(run, "/")+1:], ""))
	if args, ok := interpreterArgs[name]; ok {
		return run + " " + args
	}
	if in, ok := interpreterStdin[name]; ok {
		return StdinProbe(in, run)
	}
	return ""
}
