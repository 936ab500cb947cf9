package pyramid

import (
	"bytes"
	"context"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/graph"
	"github.com/heragent/heragent/retrieval"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// shellLangs are the info strings of code blocks that hold shell.
var shellLangs = map[string]bool{"": true, "sh": true, "bash": true, "shell": true, "console": true, "shell-session": true,
	"sh-session": true, "zsh": true, "terminal": true, "shellsession": true, "text": false, "none": false}

var fileQueryDocs = retrieval.FileQuery{Kind: "doc"}

// docSource names the miner of a document: readme for top-level READMEs,
// docs for the rest.
func docSource(p string) string {
	if !strings.Contains(p, "/") && strings.HasPrefix(strings.ToUpper(p), "README") {
		return "readme"
	}
	return "docs"
}

// minedDoc keeps top-level documents and those one level down in a doc
// directory: deeper ones document dependencies and tools, not the project
// (see deepDoc).
func minedDoc(p string) bool {
	dir := path.Dir(p)
	return usageDoc(p) && (dir == "." || (strings.Count(p, "/") == 1 && docDirs[dir]))
}

var docDirs = map[string]bool{"doc": true, "docs": true, "Documentation": true, "documentation": true, "Doc": true, "man": true}

// deepDoc is a document further down a doc directory (doc/man-sections/,
// docs/guide/…): what it runs is mined only when it runs the project's
// own program.
func deepDoc(p string) bool {
	top, _, _ := strings.Cut(p, "/")
	return usageDoc(p) && docDirs[top] && strings.Count(p, "/") > 1
}

// testDirDoc is the README of a test directory (mpack's test/README.md,
// "Running the unit tests: tools/unit.sh"): only the test commands it
// shows are mined — its other lines are the suite's own tooling.
func testDirDoc(p string) bool {
	dir, base := path.Split(p)
	return testDocDirs[strings.TrimSuffix(dir, "/")] && strings.HasPrefix(strings.ToUpper(base), "README")
}

var testDocDirs = map[string]bool{"test": true, "tests": true, "t": true, "testing": true}

// testDocDir is where a test directory's README means c to run: the
// test directory for a make with its own Makefile there (tinyobjloader's
// tests/README: make check) or a path found there and not at the top;
// else where the mining put it.
func (e *env) testDocDir(dir string, c Command) string {
	w := words(c.Text)
	if c.Dir != "" && c.Dir != e.layout.OutOfTree() || len(w) == 0 {
		return c.Dir
	}
	in := func(f string) bool { return e.fileExists(path.Join(dir, f)) }
	switch {
	case w[0] == "make" && !strings.Contains(c.Text, " -C ") && (in("Makefile") || in("GNUmakefile") || in("makefile")):
		return dir
	case strings.Contains(w[0], "/") && !e.fileExists(w[0]) && in(w[0]):
		return dir
	}
	return c.Dir
}

// foreignDoc is a document for another platform: tcpdump's
// doc/README.windows.md, README.qnx.md, INSTALL.macOS, README-android.
var foreignDoc = regexp.MustCompile(`(?i)[._-](windows|win32|win64|mingw|msvc|cygwin|mac|macos|osx|darwin|ios|android|qnx|vms|haiku|aix|solaris|hpux|dos|os2|amiga)([._-]|$)`)

// usageDoc leaves out history, policy and other platforms' documents.
func usageDoc(p string) bool {
	if foreignDoc.MatchString(path.Base(p)) {
		return false
	}
	up := strings.ToUpper(path.Base(p))
	for _, h := range []string{"NEWS", "CHANGELOG", "CHANGES", "HISTORY", "RELEASE", "SECURITY", "CODE_OF_CONDUCT", "LICENSE", "COPYING", "AUTHORS"} {
		if strings.HasPrefix(up, h) {
			return false
		}
	}
	return true
}

// ownProgram keeps the commands that run a program the project builds or
// installs, or one of its Python modules (pyserial's documentation/
// tools.rst: `python -m serial.tools.list_ports -v`): all a reST literal
// block (which may hold a configuration or output as well as a command)
// or a deep document is trusted with.
func (e *env) ownProgram(cmds []Command) []Command {
	var out []Command
	for _, c := range cmds {
		mod := ""
		if c.Bucket == Entry {
			mod = pyModuleRun(words(c.Text))
		}
		if strings.HasPrefix(c.Reason, reasonProjectProgram) || mod != "" && e.pyModuleHere(mod, c.Dir) {
			out = append(out, c)
		}
	}
	return out
}

// mineDocs mines fenced code blocks (Markdown) and code-block directives
// (reStructuredText) the graph collected, and inline code spans of
// Markdown READMEs (parsed with goldmark).
func mineDocs(ctx context.Context, e *env) ([]Command, error) {
	secs, err := e.ix.DocSections(ctx, "")
	if err != nil {
		return nil, err
	}
	buildFilesSay := len(e.stacks) > 0 && !makefileGenerated(ctx, e)
	var out []Command
	for _, s := range secs {
		deep, tests := deepDoc(s.Path), testDirDoc(s.Path)
		if !deep && !tests && !minedDoc(s.Path) {
			continue
		}
		for _, cb := range s.Code {
			lang := strings.ToLower(cb.Lang)
			own := false // only the commands running the project's own programs
			if lang == graph.LangIndentedShell || lang == graph.LangIndented {
				// a project with a build system says how it builds in
				// its build files and CI; its documents' indented blocks
				// also hold packaging and other hosts' builds
				// (libjpeg-turbo's `make rpm`, `make dmg`): only its
				// programs' uses are taken from them (seqtk's `seqtk seq
				// -a in.fq.gz`), as from a block no sure session
				// (its configure writes the Makefile: its documents
				// are all that say how it builds and tests)
				own = buildFilesSay || lang == graph.LangIndented
				lang = "console"
			}
			if !shellLangs[lang] && lang != "literal" {
				continue
			}
			code := cb.Code
			if helpOutput(code) {
				// rimraf's README shows its --help: "rimraf version 6.0.1\n\nUsage:
				// rimraf <path> …"; only a line asking for it is a command
				code = helpAsked(code)
			}
			note := ""
			if s.Heading != "" {
				note = "section " + s.Heading
			}
			code, filled := e.kindPlaceholders(code) // `easyjson -all <file>.go` (inputs_kind.go)
			if filled != "" {
				note = strings.TrimPrefix(note+"; "+filled, "; ")
			}
			cmds := fromShell(e, code, docSource(s.Path), s.Path, int(cb.Line), note)
			if deep || lang == "literal" || own {
				cmds = e.ownProgram(cmds)
			}
			if tests {
				cmds = slices.DeleteFunc(cmds, func(c Command) bool { return c.Bucket != Unit })
				for i := range cmds {
					cmds[i].Dir = e.testDocDir(path.Dir(s.Path), cmds[i])
				}
			}
			out = append(out, cmds...)
		}
	}
	files, err := e.ix.FindFiles(ctx, fileQueryDocs)
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		if strings.Contains(f.Path, "/") || !strings.HasSuffix(strings.ToLower(f.Path), ".md") || !minedDoc(f.Path) {
			continue
		}
		src, err := e.ix.ReadFile(ctx, f.Path, 0, 0, true)
		if err != nil {
			return nil, err
		}
		out = append(out, inlineSpans(e, f.Path, []byte(src))...)
	}
	return out, nil
}

// inlineSpans mines `code spans` of a Markdown document that are whole
// test or run commands (e.g. "run `make check`"); builds and bare words
// in prose are too ambiguous to keep.
func inlineSpans(e *env, file string, src []byte) []Command {
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	var out []Command
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || n.Kind() != ast.KindCodeSpan {
			return ast.WalkContinue, nil
		}
		var b bytes.Buffer
		start := -1
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if t, ok := c.(*ast.Text); ok {
				if start < 0 {
					start = t.Segment.Start
				}
				b.Write(t.Segment.Value(src))
			}
		}
		s := strings.TrimSpace(b.String())
		if start < 0 || len(strings.Fields(s)) < 2 {
			return ast.WalkContinue, nil
		}
		line := bytes.Count(src[:start], []byte("\n")) + 1
		for _, c := range fromShell(e, s, docSource(file), file, line, "inline code") {
			if c.Bucket == Unit || c.Bucket == Entry || c.Bucket == Integration {
				out = append(out, c)
			}
		}
		return ast.WalkContinue, nil
	})
	return out
}

// helpOutput reports whether a block is what a program prints when asked
// for its usage: a usage line and no prompt. Its lines are output, not
// commands; the loop reads the usage when the program prints it
// (FromHelp).
// helpAskRe is a command asking a program for its usage.
var helpAskRe = regexp.MustCompile(`^\S+(?:\s+\S+)?\s+(?:--help|-h|help)$`)

// helpAsked is what of a help block's lines before its usage line asks for
// the usage (`foo --help`), "" when none does: the rest is output.
func helpAsked(code string) string {
	var keep []string
	for _, l := range strings.Split(code, "\n") {
		if usageLineRe.MatchString(l) {
			break
		}
		if helpAskRe.MatchString(strings.TrimSpace(l)) {
			keep = append(keep, strings.TrimSpace(l))
		}
	}
	return strings.Join(keep, "\n")
}

func helpOutput(code string) bool {
	if !usageLineRe.MatchString(code) {
		return false
	}
	for _, l := range strings.Split(code, "\n") {
		if promptRe.MatchString(l) {
			return false
		}
	}
	return true
}

// makefileGenerated reports a make project whose Makefile is not in the
// checkout: its hand-written configure writes it (entr's copies
// Makefile.linux, OpenSSL's Configure generates one), so no target of it
// is known before the build.
func makefileGenerated(ctx context.Context, e *env) bool {
	if !e.stacks["make"] {
		return false
	}
	fs, err := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: "*akefile"}) // Makefile, makefile, GNUmakefile
	return err == nil && !slices.ContainsFunc(fs, func(f retrieval.FileInfo) bool { return !strings.Contains(f.Path, "/") })
}
