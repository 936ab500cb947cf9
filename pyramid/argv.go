package pyramid

import (
	"bytes"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// argvs splits a command text into the programs it runs, each as its
// words with the quotes removed: every simple command of the text (&&, ||,
// ;, pipelines, subshells, blocks, loops), not those of command
// substitutions; `bash -c 'STR'` is split in turn. Wrappers that only
// change how a program runs are removed (see unwrap), shell built-ins and
// text helpers (cd, export, echo, grep, sleep, kill…) are left out. The
// parsing is mvdan.cc/sh's, like splitShell's; nil when the text does not
// parse.
func argvs(text string) [][]string {
	return argvsDepth(text, 0)
}

func argvsDepth(text string, depth int) [][]string {
	f, err := syntax.NewParser(syntax.KeepComments(false)).Parse(strings.NewReader(text), "")
	if err != nil || depth > 3 {
		return nil
	}
	var out [][]string
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp:
			return false
		case *syntax.CallExpr:
			args := unwrap(callWords(n))
			switch {
			case len(args) == 0 || helperProgs[args[0]]: // by name: ./build/wc is the project's
			case (args[0] == "bash" || args[0] == "sh") && len(args) > 2 && args[1] == "-c":
				out = append(out, argvsDepth(args[2], depth+1)...)
			default:
				out = append(out, args)
			}
			return false
		}
		return true
	})
	return out
}

// callWords returns a simple command's words with quotes removed; parts
// that are not literal (a $VAR, a $(…)) keep their shell text.
func callWords(c *syntax.CallExpr) []string {
	ws := make([]string, 0, len(c.Args))
	for _, w := range c.Args {
		var b strings.Builder
		wordParts(&b, w.Parts)
		ws = append(ws, b.String())
	}
	return ws
}

func wordParts(b *strings.Builder, parts []syntax.WordPart) {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			wordParts(b, p.Parts)
		default:
			var pb bytes.Buffer
			if syntax.NewPrinter().Print(&pb, p) == nil {
				b.Write(pb.Bytes())
			}
		}
	}
}

// helperProgs are shell built-ins and text tools around the program a
// command runs: they are not what the command proves.
var helperProgs = map[string]bool{"cd": true, "pushd": true, "popd": true, "export": true, "set": true, "unset": true, "source": true,
	".": true, ":": true, "true": true, "false": true, "echo": true, "printf": true, "cat": true, "mkdir": true, "test": true, "[": true,
	"[[": true, "sleep": true, "kill": true, "wait": true, "exit": true, "trap": true, "ulimit": true, "head": true, "tail": true, "grep": true,
	"egrep": true, "fgrep": true, "sed": true, "awk": true, "wc": true, "sort": true, "uniq": true, "cut": true, "tr": true, "tee": true,
	"less": true, "more": true, "curl": true, "wget": true, "seq": true, "read": true, "local": true, "shift": true, "rm": true, "touch": true,
	"ls": true, "diff": true, "cmp": true}

// unwrap removes the wrappers in front of a program: `env A=1`, `sudo`,
// `timeout 60`, `xvfb-run -a`, `nice`, `nohup`, `time`, `exec`, `stdbuf
// -oL`, `uv run`, `poetry run`, `pipenv run`, `pdm run`, `hatch run`,
// `conda run -n E`, `npx`, `bundle exec`, `valgrind --opts`; `command -v
// x` (a lookup) becomes nothing. Interpreters are kept: `python -m pytest`
// is read by whoever needs it (see effective).
func unwrap(args []string) []string {
	for len(args) > 0 {
		var rest []string
		switch path.Base(args[0]) {
		case "env":
			rest = skipOpts(args[1:], "-u", "--unset", "-C", "--chdir", "-S")
			for len(rest) > 0 && strings.Contains(rest[0], "=") && !strings.HasPrefix(rest[0], "-") {
				rest = rest[1:]
			}
		case "sudo":
			rest = skipOpts(args[1:], "-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U")
		case "timeout":
			rest = skipOpts(args[1:], "-s", "--signal", "-k", "--kill-after")
			if len(rest) > 0 {
				rest = rest[1:] // the duration
			}
		case "xvfb-run":
			rest = skipOpts(args[1:], "-s", "--server-args", "-n", "--server-num", "-e", "--error-file", "-f", "--auth-file", "-w", "--wait", "-p", "--xauth-protocol", "-l")
		case "nice", "ionice":
			rest = skipOpts(args[1:], "-n", "--adjustment", "-c", "--class")
		case "nohup", "time", "exec", "builtin", "catchsegv", "unbuffer", "dbus-run-session", "npx", "bunx":
			rest = skipOpts(args[1:], "-p", "--package", "-c", "--call")
		case "stdbuf":
			rest = skipOpts(args[1:], "-o", "-e", "-i")
		case "valgrind":
			rest = skipOpts(args[1:])
		case "command":
			if len(args) > 1 && strings.HasPrefix(args[1], "-") {
				return nil // command -v x: asks where x is
			}
			rest = args[1:]
		case "uv", "poetry", "pipenv", "pdm", "hatch", "rye", "conda", "micromamba", "mamba", "pixi":
			if len(args) < 2 || args[1] != "run" {
				return args
			}
			rest = skipOpts(args[2:], "--with", "--python", "-p", "--extra", "--group", "--package", "--directory", "--project",
				"--env-file", "-e", "--env", "-n", "--name", "--prefix", "--frozen-lockfile")
		case "bundle", "pnpm", "yarn":
			if len(args) < 2 || args[1] != "exec" {
				return args
			}
			rest = args[2:]
		default:
			return args
		}
		args = rest
	}
	return args
}

// skipOpts drops the options in front of a wrapped command: "-x", "--x",
// "--x=v", and the value after each option of valued; a "--" ends them.
func skipOpts(args []string, valued ...string) []string {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		a := args[0]
		args = args[1:]
		if a == "--" {
			break
		}
		for _, v := range valued {
			if a == v && len(args) > 0 {
				args = args[1:]
				break
			}
		}
	}
	return args
}

// effective reads an interpreter's invocation as the program it runs:
// `python3 -m pytest -k x` → [pytest -k x], `python tools/run.py a` →
// [tools/run.py a], `node bin/cli.js a` → [bin/cli.js a], `bash
// tests/run.sh` → [tests/run.sh]. Inline code
// (`python -c`, `node -e`) and node's own test runner (`node --test`) stay
// with the interpreter, as [python -c CODE] or [node -e CODE]. Other
// programs are returned as they are.
func effective(args []string) []string {
	base := path.Base(args[0])
	var valued, inline map[string]bool
	switch {
	case isPython(base):
		valued, inline = map[string]bool{"-X": true, "-W": true}, map[string]bool{"-c": true}
	case base == "bash" || base == "sh":
		valued, inline = map[string]bool{"-o": true, "-O": true}, map[string]bool{"-c": true}
	case base == "node" || base == "nodejs" || base == "ruby" || base == "perl":
		valued = map[string]bool{"-r": true, "--require": true, "--import": true, "--loader": true, "-C": true, "--conditions": true}
		inline = map[string]bool{"-e": true, "--eval": true, "-p": true, "--print": true, "--test": true, "-E": true}
	default:
		return args
	}
	for i := 1; i < len(args); i++ {
		a := args[i]
		switch {
		case inline[a]:
			if isPython(base) {
				base = "python"
			}
			return append([]string{base, a}, args[i+1:]...)
		case a == "-m" && isPython(base) && i+1 < len(args):
			return args[i+1:]
		case valued[a]:
			i++
		case !strings.HasPrefix(a, "-"):
			return args[i:]
		}
	}
	return args
}

// isPython reports python, python3, python3.12.
func isPython(base string) bool {
	return base == "python" || strings.HasPrefix(base, "python3") || strings.HasPrefix(base, "python2") || base == "pypy3"
}

// shellWords is a simple command's words as the shell would split them
// (quotes removed: `python -W"ignore:x y" -m t` is four words); nil when
// the text does not parse as one.
func shellWords(s string) []string {
	f, err := syntax.NewParser(syntax.KeepComments(false)).Parse(strings.NewReader(s), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil
	}
	c, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(c.Assigns) > 0 && len(c.Args) == 0 {
		return nil
	}
	return callWords(c)
}
