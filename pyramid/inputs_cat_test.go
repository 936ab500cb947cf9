package pyramid

import (
	"testing"

	"github.com/heragent/heragent/retrieval"
)

// A shell session's `$ cat ptr.json` and its lines give the file the
// documented command reads (json-pointer's doc/commandline.rst); a file
// the session does not cat has no content shown, and a cat after the
// command does not count.
func TestCatShownInputs(t *testing.T) {
	code := "# inspect JSON files\n$ cat a.json\n{ \"a\": [1, 2, 3] }\n\n$ cat ptr.json\n\"/a\"\n\n# resolve JSON pointer\n$ jsonpointer ptr.json a.json\n[1, 2, 3]\n$ cat late.json\n{}\n"
	secs := []retrieval.DocSection{{Path: "doc/cli.rst", Line: 20, EndLine: 60,
		Code: []retrieval.CodeBlock{{Lang: "bash", Code: code, Line: 30}}}}
	cmdLine := int64(38) // `$ jsonpointer …`
	for f, want := range map[string]string{"ptr.json": "\"/a\"\n", "a.json": "{ \"a\": [1, 2, 3] }\n"} {
		if got, ok := catShown(secs, "doc/cli.rst", cmdLine, f); !ok || got != want {
			t.Errorf("catShown(%s) = %q, %v; want %q", f, got, ok, want)
		}
	}
	for _, f := range []string{"b.json", "late.json"} {
		if got, ok := catShown(secs, "doc/cli.rst", cmdLine, f); ok {
			t.Errorf("catShown(%s) = %q, want none", f, got)
		}
	}
}
