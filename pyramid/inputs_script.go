package pyramid

import (
	"context"
	"path"
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/heragent/heragent/retrieval"
)

// A tutorial shows a program and then runs it: a README's Python block,
// then `$ python hello.py --count=3`. The checkout has no hello.py — the
// reader was to save the block under that name. withScripts writes the
// document's block into the file the command runs, in the command itself
// (verify and the entrypoint do the same): the block that names the file
// (in a comment, its heading or the prose before it), else the nearest
// one before the command in the same document that uses the package. A
// program that asks its user something (`prompt=`, `input(`) gets an
// answer on stdin.

// scriptRunRe is a command running a script file by its interpreter.
var scriptRunRe = regexp.MustCompile(`^(?:python3?|node)\s+([\w][\w./-]*\.(py|js|mjs|cjs))\b`)

// scriptLangs are the code block languages of a script's extension.
var scriptLangs = map[string]string{"py": "python3", "js": "node", "mjs": "node", "cjs": "node"}

// asksRe is a program that reads an answer from its user.
var asksRe = regexp.MustCompile(`\binput\(|\bprompt\s*=|\.prompt\(|\bconfirm\(|readline\(|sys\.stdin|process\.stdin|getpass`)

// withScripts gives documented Runnable commands the script they run
// when the checkout lacks it and their document shows it.
func withScripts(ctx context.Context, e *env, cs []Command) []Command {
	var secs []retrieval.DocSection // read once, when a command needs them
	read := false
	pkgs := map[string]string{}
	for i, c := range cs {
		if c.Synth || c.Bucket.Level() != Runnable || len(c.Expect) > 0 || len(c.Why) == 0 || c.Why[0].File == "" {
			continue
		}
		m := scriptRunRe.FindStringSubmatch(c.Text)
		if m == nil || strings.Contains(m[1], "..") || e.fileExists(path.Join(c.Dir, m[1])) {
			continue
		}
		if !read {
			secs, _ = e.ix.DocSections(ctx, "")
			pkgs, read = e.packageNames(ctx), true
		}
		code, ok := shownScript(secs, c.Why[0].File, int64(c.Why[0].Line), m[1], scriptLangs[m[2]], pkgs[scriptLangs[m[2]]])
		if !ok {
			continue
		}
		run := c.Text
		if asksRe.MatchString(code) {
			run = "printf 'heragent\\ny\\n' | " + run
		}
		cs[i].Text = "printf '%s' " + quoteArg(code) + " > " + quoteArg(m[1]) + " && " + run
		cs[i].Reason += " (" + m[1] + " is written first from the document's example: the reader was to save it)"
	}
	return cs
}

// shownScript is the code of the block in doc that the script file
// holds: one naming the file, else the nearest one before line of the
// language that uses the package.
func shownScript(secs []retrieval.DocSection, doc string, line int64, file, lang, pkg string) (string, bool) {
	base := file[strings.LastIndex(file, "/")+1:]
	var nearest string
	var nearestLine int64 = -1
	for _, s := range secs {
		if s.Path != doc {
			continue
		}
		for _, cb := range s.Code {
			if exampleLangs[strings.ToLower(cb.Lang)] != lang || ellipsisLine.MatchString(cb.Code) {
				continue
			}
			code := exampleCode(cb)
			named := strings.Contains(firstLines(code, 2), base) || strings.Contains(s.Heading, base)
			if named {
				return code, true
			}
			if line > 0 && cb.Line < line && cb.Line > nearestLine && pkg != "" && usesPackage(lang, code, pkg) {
				nearest, nearestLine = code, cb.Line
			}
		}
	}
	return nearest, nearestLine >= 0
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}

// writtenFiles splits a command that writes files before it runs a
// program (`printf '%s' CODE > hello.py && python hello.py`) into the
// files' contents and the rest; code "" and rest cmd when it writes none.
func writtenFiles(cmd string) (code, rest string) {
	f, err := syntax.NewParser().Parse(strings.NewReader(cmd), "")
	if err != nil || len(f.Stmts) != 1 {
		return "", cmd
	}
	chain := andChain(f.Stmts[0])
	var texts []string
	for len(chain) > 1 {
		call, ok := chain[0].Cmd.(*syntax.CallExpr)
		if !ok || len(call.Args) != 3 || call.Args[0].Lit() != "printf" || len(chain[0].Redirs) != 1 || chain[0].Redirs[0].Op != syntax.RdrOut {
			break
		}
		text, err := expand.Literal(nil, call.Args[2])
		if err != nil {
			break
		}
		texts, chain = append(texts, text), chain[1:]
	}
	if len(texts) == 0 {
		return "", cmd
	}
	parts := make([]string, len(chain))
	for i, st := range chain {
		var sb strings.Builder
		if err := syntax.NewPrinter().Print(&sb, st); err != nil {
			return "", cmd
		}
		parts[i] = strings.TrimSpace(sb.String())
	}
	return strings.Join(texts, "\n"), strings.Join(parts, " && ")
}

// andChain is the commands of an && list, in order.
func andChain(st *syntax.Stmt) []*syntax.Stmt {
	if b, ok := st.Cmd.(*syntax.BinaryCmd); ok && b.Op == syntax.AndStmt && len(st.Redirs) == 0 && !st.Background && !st.Negated {
		return append(andChain(b.X), andChain(b.Y)...)
	}
	return []*syntax.Stmt{st}
}
