package pyramid

import (
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// shellSeeds are texts commands are mined from: the command texts of the
// golden pyramids and the fixture repositories' READMEs.
func shellSeeds(tb testing.TB) []string {
	tb.Helper()
	var out []string
	goldens, _ := filepath.Glob("testdata/golden/*.json")
	for _, g := range goldens {
		b, err := os.ReadFile(g)
		if err != nil {
			tb.Fatal(err)
		}
		var p struct{ Commands []struct{ Text string } }
		if err := json.Unmarshal(b, &p); err != nil {
			tb.Fatalf("%s: %v", g, err)
		}
		for _, c := range p.Commands {
			out = append(out, c.Text)
		}
	}
	readmes, _ := filepath.Glob("../testdata/repos/*/README.md")
	for _, r := range readmes {
		b, err := os.ReadFile(r)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

// FuzzSplitShell checks the splitter of code blocks and CI steps: every
// command is a trimmed, non-empty statement (without a sudo it could
// lose) that parses again as shell,
// on one of the block's lines, in order; its directory is the checkout's
// (relative, clean, never above it, never the internal "elsewhere" mark);
// two splits agree. Each command's programs then go through argvs.
func FuzzSplitShell(f *testing.F) {
	for _, c := range splitShellCases {
		f.Add(c.block)
	}
	for _, s := range shellSeeds(f) {
		f.Add(s)
	}
	ws := workspace{known: func(d string) bool { return d == "tests" || buildDirs[d] }, buildDir: "build"}
	f.Fuzz(func(t *testing.T, block string) {
		cmds := splitShell(block, ws)
		if again := splitShell(block, ws); !reflect.DeepEqual(cmds, again) {
			t.Fatalf("two splits differ:\n%+v\n%+v", cmds, again)
		}
		lines := strings.Count(strings.ReplaceAll(block, "\r\n", "\n"), "\n") + 1
		prev := 1
		for _, c := range cmds {
			if c.Line < prev || c.Line > lines {
				t.Fatalf("command %q at line %d, after %d, of %d", c.Text, c.Line, prev, lines)
			}
			prev = c.Line
			if c.Text == "" || c.Text != strings.TrimSpace(c.Text) || withoutSudo(c.Text) != c.Text {
				t.Fatalf("command text %q", c.Text)
			}
			if _, err := syntax.NewParser().Parse(strings.NewReader(c.Text), ""); err != nil {
				t.Fatalf("command %q does not parse: %v", c.Text, err)
			}
			if d := c.Dir; d != "" && (d == elsewhere || path.IsAbs(d) || path.Clean(d) != d || d == ".." || strings.HasPrefix(d, "../")) {
				t.Fatalf("command %q in directory %q", c.Text, d)
			}
			checkArgvs(t, c.Text)
		}
	})
}

// FuzzArgvs checks the program splitter: every program has a name that is
// not a shell built-in or text helper, effective keeps at least its name,
// two splits agree, and shellWords' answer is nil or a command's words.
func FuzzArgvs(f *testing.F) {
	for _, c := range argvsCases {
		f.Add(c.text)
	}
	for _, s := range shellSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkArgvs(t, text)
		if w := shellWords(text); w != nil && len(w) == 0 {
			t.Fatalf("shellWords(%q) is empty, not nil", text)
		}
	})
}

func checkArgvs(t *testing.T, text string) {
	t.Helper()
	as := argvs(text)
	if again := argvs(text); !reflect.DeepEqual(as, again) {
		t.Fatalf("two splits of %q differ: %q, %q", text, as, again)
	}
	for _, a := range as {
		if len(a) == 0 || helperProgs[a[0]] {
			t.Fatalf("argvs(%q) has program %q", text, a)
		}
		if len(effective(a)) == 0 {
			t.Fatalf("effective(%q) is empty", a)
		}
	}
}
