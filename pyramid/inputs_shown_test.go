package pyramid

import (
	"context"
	"strings"
	"testing"
)

// An example that reads a file the README shows just before it (npm/ini:
// an ini block, then code reading `./Original.ini`) gets that content
// written under that name; a file of a kind the section does not show
// gets the sample of its kind.
func TestExampleReadsTheFileTheDocsShow(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"package.json": `{"name": "ini", "version": "1.0.0", "main": "index.js"}`,
		"index.js":     "exports.parse = (s) => ({});\n",
		"README.md": "# ini\n\n## Usage\n\nConsider an INI file such as the following:\n\n```ini\n; comment\nscope = global\n\n[database]\nuser = dbuser\n```\n\n" +
			"You can read it:\n\n```js\nimport { readFile } from 'node:fs/promises'\nimport { parse } from 'ini'\nlet text = await readFile(`./Original.ini`, {encoding: 'utf-8'})\n" +
			"const c = parse(text)\nconsole.log(c, await readFile('other.json', 'utf-8'))\n```\n\n## Other\n\n```json\n{\"x\": 1}\n```\n",
	})
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 {
		t.Fatalf("want the README's example, got %+v", cs)
	}
	want := `printf '%s' $'; comment\nscope = global\n\n[database]\nuser = dbuser\n' > Original.ini && `
	if !strings.HasPrefix(cs[0].Text, want) {
		t.Errorf("the shown ini file is not written first:\n%s", cs[0].Text)
	}
	if !strings.Contains(cs[0].Text, `> other.json`) || strings.Contains(cs[0].Text, `{"x": 1}`) {
		t.Errorf("a kind the section does not show gets its sample, not another section's block:\n%s", cs[0].Text)
	}
}
