package pyramid

import (
	"path"
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/internal/shellprint"
)

// shellCmd is one command split out of a block of shell text.
type shellCmd struct {
	Text string
	Dir  string // working directory after the block's earlier cd commands
	Line int    // 1-based line inside the block
}

// promptRe matches a shell prompt at the start of a line of a console
// transcript: `$ `, `user@host:~$ `, `% `, `>>> `, `PS> `, or a
// directory's name (`curl> python3 tests/http/scorecard.py`).
var promptRe = regexp.MustCompile(`^\s*(?:[\w@.~:/-]*[$%]|>>>|PS>|[\w.-]+>)\s+`)

// workspace is what splitShell knows of the checkout.
type workspace struct {
	known    func(dir string) bool // the directory is in the workspace
	buildDir string                // the setup script's build directory: an ad-hoc one of the docs maps to it ("." when it builds in the checkout)
	isDir    func(string) bool     // a directory of the checkout itself (nil: unknown)
}

// splitShell splits a block of shell (a fenced code block, a CI run step)
// into commands: prompts are stripped (and then lines without a prompt are
// output and dropped), comments and blank lines are dropped, `cd DIR` sets
// the directory of the commands after it (when ws.known(DIR) says the
// directory is in the workspace), and `sudo` is removed (the sandbox runs
// as root). Lines that do not parse as shell are dropped one by one.
func splitShell(block string, ws workspace) []shellCmd {
	lines := strings.Split(strings.ReplaceAll(block, "\r\n", "\n"), "\n")
	prompted := false
	for _, l := range lines {
		if promptRe.MatchString(l) && !strings.HasPrefix(strings.TrimSpace(l), "#") {
			prompted = true
			break
		}
	}
	kept := make([]string, len(lines)) // same length: line numbers stay valid
	for i, l := range lines {
		if prompted {
			if loc := promptRe.FindStringIndex(l); loc != nil {
				kept[i] = l[loc[1]:]
			} else if i > 0 && strings.HasSuffix(strings.TrimSpace(kept[i-1]), "\\") {
				kept[i] = l // continuation of a prompted line
			}
			continue
		}
		kept[i] = l
	}
	src := strings.Join(kept, "\n")
	f, err := syntax.NewParser(syntax.KeepComments(false)).Parse(strings.NewReader(src), "")
	if err != nil {
		// Parse line by line, dropping what does not parse (prose, output).
		var out []shellCmd
		dir := ""
		made := map[string]bool{}
		for i := 0; i < len(kept); i++ {
			l, first := kept[i], i
			for strings.HasSuffix(strings.TrimRight(l, " \t"), "\\") && i+1 < len(kept) { // join continuations
				i++
				l = strings.TrimSuffix(strings.TrimRight(l, " \t"), "\\") + " " + kept[i]
			}
			lf, err := syntax.NewParser().Parse(strings.NewReader(l), "")
			if err != nil {
				continue
			}
			for _, st := range lf.Stmts {
				out = appendStmt(out, st, first+1, &dir, made, ws)
			}
		}
		return out
	}
	var out []shellCmd
	dir := ""
	made := map[string]bool{}
	for _, st := range f.Stmts {
		out = appendStmt(out, st, int(st.Pos().Line()), &dir, made, ws)
	}
	return out
}

// appendStmt prints st and appends it unless it is a cd (which moves dir)
// or a mkdir of a build directory (remembered so a later cd into it is
// accepted).
func appendStmt(out []shellCmd, st *syntax.Stmt, line int, dir *string, made map[string]bool, ws workspace) []shellCmd {
	if bc, ok := st.Cmd.(*syntax.BinaryCmd); ok && bc.Op == syntax.AndStmt && movesDir(st) {
		// `mkdir b && cd b && cmake ..`: the cd applies to what follows
		out = appendStmt(out, bc.X, line, dir, made, ws)
		return appendStmt(out, bc.Y, line, dir, made, ws)
	}
	printed, ok := shellprint.OneLine(st)
	if !ok { // printed, it would be other commands or no shell at all
		return out
	}
	trimmed := strings.TrimSpace(printed)
	if trimmed != printed && !parses(trimmed) { // trimmed a Unicode space it needed ("! \u2029")
		return out
	}
	text := withoutSudo(trimmed) // what it cuts parses
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return out
	}
	switch fields[0] {
	case "cd":
		if len(fields) == 2 {
			*dir = cdTarget(*dir, fields[1], made, ws)
		}
		return out
	case "mkdir":
		for _, a := range fields[1:] {
			if !strings.HasPrefix(a, "-") {
				made[path.Clean(path.Join(*dir, a))] = true
			}
		}
		return out
	case "git":
		if len(fields) > 2 && fields[1] == "clone" { // cd into the clone is cd into the workspace
			var args []string
			for _, a := range fields[2:] {
				if !strings.HasPrefix(a, "-") {
					args = append(args, a)
				}
			}
			if len(args) > 0 {
				name := strings.TrimSuffix(path.Base(args[0]), ".git")
				if len(args) > 1 {
					name = args[1]
				}
				made["clone:"+name] = true
			}
		}
	}
	if *dir == elsewhere {
		return out // about another directory (a generated app, a temp dir)
	}
	return append(out, shellCmd{Text: atRoot(buildDirArg(text, fields, *dir, ws), *dir), Dir: *dir, Line: line})
}

// buildDirArg points a build tool's -C at the setup script's build
// directory when it names another conventional one the checkout does not
// have: speex's CI runs `meson setup builddir`, then `ninja -C builddir
// test`; its Bash File's meson build is build/.
func buildDirArg(text string, fields []string, dir string, ws workspace) string {
	if ws.buildDir == "" || ws.isDir == nil || dir != "" || fields[0] != "ninja" && fields[0] != "make" && fields[0] != "meson" {
		return text
	}
	for i := 1; i+1 < len(fields); i++ {
		x := path.Clean(fields[i+1])
		if fields[i] != "-C" || x == ws.buildDir || ws.isDir(x) || !buildDirs[x] && !adHocBuildDir(x, nil, ws) {
			continue
		}
		if ws.buildDir == bashfile.InTree { // `make -C build.d check` is make check in the checkout
			return strings.Replace(text, " -C "+fields[i+1], "", 1)
		}
		return strings.Replace(text, " -C "+fields[i+1], " -C "+ws.buildDir, 1)
	}
	return text
}

// ciRootRe is a CI system's variable for the checkout as a path's start
// (mineCI has written GitHub's ${{ github.workspace }} as the variable).
var ciRootRe = regexp.MustCompile(`\$\{?(?:GITHUB_WORKSPACE|CI_PROJECT_DIR|TRAVIS_BUILD_DIR)\b\}?`)

// atRoot writes the checkout a CI command names by its variable as the
// path to it from dir: utf8.h's `cmake $GITHUB_WORKSPACE/test`, run in
// build/, is `cmake ../test`.
func atRoot(text, dir string) string {
	root := "."
	if dir != "" {
		root = strings.TrimSuffix(strings.Repeat("../", strings.Count(dir, "/")+1), "/")
	}
	return ciRootRe.ReplaceAllString(text, root)
}

// withoutSudo removes a leading `sudo ` (the sandbox runs as root) when
// what follows is a command of its own: not one of sudo's options (`sudo
// -u nobody make` keeps its user; cut, it was the command "-u") and
// still shell (fuzzing found `sudo !`, whose rest `!` is not); repeated
// (`sudo sudo make`).
func withoutSudo(text string) string {
	for {
		rest, ok := strings.CutPrefix(text, "sudo ")
		if !ok || strings.HasPrefix(rest, "-") || !parses(rest) {
			return text
		}
		text = strings.TrimLeft(rest, " ") // `sudo sudo make`, `sudo  make`
	}
}

// parses reports whether text is shell.
func parses(text string) bool {
	_, err := syntax.NewParser().Parse(strings.NewReader(text), "")
	return err == nil
}

// movesDir reports whether an && chain contains a cd or mkdir.
func movesDir(st *syntax.Stmt) bool {
	switch c := st.Cmd.(type) {
	case *syntax.BinaryCmd:
		return c.Op == syntax.AndStmt && (movesDir(c.X) || movesDir(c.Y))
	case *syntax.CallExpr:
		if len(c.Args) > 0 {
			w := c.Args[0].Lit()
			return w == "cd" || w == "mkdir"
		}
	}
	return false
}

// elsewhere marks a block that moved out of the workspace.
const elsewhere = "\x00elsewhere"

// cdTarget is the directory after `cd d` from dir.
func cdTarget(dir, d string, made map[string]bool, ws workspace) string {
	if m := ciRootRe.FindStringIndex(d); m != nil && m[0] == 0 {
		// the checkout, or a directory of it: `cd $GITHUB_WORKSPACE/build`
		dir, d = "", strings.TrimPrefix(d[m[1]:], "/")
		if d == "" {
			return ""
		}
	}
	if made["clone:"+strings.TrimSuffix(d, "/")] {
		return ""
	}
	if d == "-" || strings.HasPrefix(d, "/") || strings.HasPrefix(d, "~") || strings.HasPrefix(d, "$") {
		return elsewhere
	}
	if dir == elsewhere {
		return elsewhere
	}
	nd := path.Clean(path.Join(dir, d))
	switch {
	case nd == ".":
		return ""
	case strings.HasPrefix(nd, ".."):
		return "" // cd .. out of the checkout's subdirectory
	case adHocBuildDir(nd, made, ws):
		// an ad-hoc build directory, made here or by an earlier CI step
		// (double-conversion's working-directory buildX, tinyxml2's
		// build-static-dbg): the setup script has its own, and a directory
		// of the source tree under it is the build tree's mirror of it
		// (csv2's `cd build` … `cd test` before ./csv2_test)
		if _, rest, ok := strings.Cut(nd, "/"); ok && ws.buildDir != "" && ws.known(rest) {
			return inBuildDir(ws, rest)
		}
		return inBuildDir(ws, "")
	case made[nd] || ws.known(nd):
		return nd
	}
	return elsewhere
}

// adHocBuildDir reports whether nd (the checkout-relative directory a cd
// enters) is a build directory of the docs' or CI's own, made by them or
// not in the checkout, that the setup script's build directory stands for.
func adHocBuildDir(nd string, made map[string]bool, ws workspace) bool {
	return strings.Contains(strings.ToLower(strings.Split(nd, "/")[0]), "build") && (made[nd] || ws.buildDir != "" && !ws.known(nd))
}

// inBuildDir is rel under the setup script's build directory: the
// checkout's own rel ("" for its top) when the script builds in the
// checkout.
func inBuildDir(ws workspace, rel string) string {
	if d := path.Join(ws.buildDir, rel); d != "." {
		return d
	}
	return ""
}

// buildDirs are the conventional out-of-tree build directories a cd may
// enter before they exist.
var buildDirs = map[string]bool{"build": true, "_build": true, "builddir": true, "out": true, "cmake-build": true}

// assignOnly reports whether text only sets variables: a CI step's
// `BASE_NAME=$(PYTHONPATH=bin/ python -c '… print(…)')`, whose
// substitution holds parentheses of its own (cheroot's pip-tools job),
// runs its command to keep a value, not as a use.
func assignOnly(text string) bool {
	f, err := syntax.NewParser().Parse(strings.NewReader(text), "")
	if err != nil || len(f.Stmts) != 1 {
		return false
	}
	c, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	return ok && len(c.Args) == 0 && len(c.Assigns) > 0
}
