package pyramid

import (
	"testing"

	"github.com/heragent/heragent/retrieval"
)

// A README shows a program, then runs it by a file name it never had:
// the block before the command is what the file holds (click's README:
// the hello.py block, then `$ python hello.py --count=3`); a block that
// names the file wins wherever it is; a block after the command or one
// that does not use the package is not it.
func TestShownScript(t *testing.T) {
	hello := "import click\n\n@click.command()\ndef hello():\n    click.echo('hi')\n"
	named := "# greet.py\nimport sys\nprint(sys.argv)\n"
	secs := []retrieval.DocSection{
		{Path: "README.md", Code: []retrieval.CodeBlock{
			{Lang: "python", Code: "import os\nprint(os.getcwd())\n", Line: 5},
			{Lang: "python", Code: hello, Line: 20},
			{Lang: "console", Code: "$ python hello.py --count=3\n", Line: 35},
			{Lang: "python", Code: "import click\nprint('after')\n", Line: 50},
		}},
		{Path: "docs/intro.md", Code: []retrieval.CodeBlock{{Lang: "python", Code: named, Line: 3}}},
	}
	for _, tc := range []struct {
		doc, file, want string
		line            int64
	}{
		{"README.md", "hello.py", hello, 39},
		{"docs/intro.md", "greet.py", named, 90},
		{"README.md", "hello.py", "", 10}, // nothing using the package before line 10
		{"README.md", "hello.js", "", 39}, // no JavaScript block
	} {
		got, ok := shownScript(secs, tc.doc, tc.line, tc.file, scriptLangs[tc.file[len(tc.file)-2:]], "click")
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("%s %s:%d: %q %v, want %q", tc.file, tc.doc, tc.line, got, ok, tc.want)
		}
	}
}

// What a command writes before it runs a program is source, not words of
// the command: a TOML example that mentions a server is no server.
func TestWrittenFiles(t *testing.T) {
	for _, tc := range []struct{ cmd, code, rest string }{
		{`printf '%s' $'[servers]\nport = 8080\n' > .heragent-example-1.py && timeout 60 python3 .heragent-example-1.py`, "[servers]\nport = 8080\n", "timeout 60 python3 .heragent-example-1.py"},
		{`printf '%s' 'a' > a.py && printf '%s' 'b' > b.py && cd x && python a.py`, "a\nb", "cd x && python a.py"},
		{`python app.py --port 5000`, "", "python app.py --port 5000"},
		{`printf 'hello\n' | ./prog`, "", `printf 'hello\n' | ./prog`},
	} {
		code, rest := writtenFiles(tc.cmd)
		if code != tc.code || rest != tc.rest {
			t.Errorf("%s: %q, %q; want %q, %q", tc.cmd, code, rest, tc.code, tc.rest)
		}
	}
}
