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

// A template engine's example reading the template its README shows
// before it (tempura's `readFile('example.hbs')` after a hbs block) gets
// it written under that name.
func TestExampleReadsTheTemplateTheDocsShow(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"package.json": `{"name": "tempura", "version": "1.0.0", "main": "index.js"}`,
		"index.js":     "exports.compile = (s) => () => s;\n",
		"readme.md": "# tempura\n\n## Usage\n\n> **example.hbs**\n\n```hbs\n<p>{{ title }}</p>\n```\n\n" +
			"```js\nimport { readFile } from 'fs/promises';\nimport { compile } from 'tempura';\nconst template = await readFile('example.hbs', 'utf8');\nconsole.log(compile(template)({title: 'x'}));\n```\n",
	})
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || !strings.HasPrefix(cs[0].Text, `printf '%s' $'<p>{{ title }}</p>\n' > example.hbs && `) {
		t.Errorf("the shown template is not written first: %+v", cs)
	}
}

// A Go example reading a file its README shows in a later section (hcl's
// config.hcl) gets it written into the scratch module it runs in.
func TestGoExampleReadsTheFileTheDocsShow(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"go.mod": "module example.com/cfg\n\ngo 1.21\n",
		"cfg.go": "package cfg\n\nfunc DecodeFile(name string) error { return nil }\n",
		"README.md": "# cfg\n\n## Usage\n\n```go\npackage main\n\nimport \"example.com/cfg\"\n\nfunc main() {\n\tif err := cfg.DecodeFile(\"config.hcl\"); err != nil {\n\t\tpanic(err)\n\t}\n}\n```\n\n" +
			"## Syntax\n\n```hcl\nio_mode = \"async\"\n```\n\n```hcl\nsum = 1 + addend\n```\n",
	})
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 {
		t.Fatalf("want the README's program, got %+v", cs)
	}
	if want := `cd "$d" && printf '%s' $'io_mode = "async"\n' > config.hcl && go mod init`; !strings.Contains(cs[0].Text, want) {
		t.Errorf("the shown config is not written in the scratch module:\n%s", cs[0].Text)
	}
}

// A file the checkout has is copied into the Go example's scratch module
// from the checkout ("$r"), not from where the example runs.
func TestGoExampleCopiesACheckoutFile(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"go.mod":             "module example.com/cfg\n\ngo 1.21\n",
		"cfg.go":             "package cfg\n\nfunc Load(name string) error { return nil }\n",
		"testdata/conf.yaml": "a: 1\n",
		"README.md":          "# cfg\n\n```go\npackage main\n\nimport \"example.com/cfg\"\n\nfunc main() {\n\t_ = cfg.Load(\"testdata/conf.yaml\")\n}\n```\n",
	})
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || !strings.Contains(cs[0].Text, `cd "$d" && mkdir -p testdata && cp "$r"/testdata/conf.yaml testdata/conf.yaml && go mod init`) {
		t.Fatalf("commands %+v", cs)
	}
}

// A C++ example reading a file its README shows just before it (toml11:
// a toml block headed `# example.toml`, then the program parsing
// "example.toml") gets that content, not the sample of its kind, which
// has none of the keys the program looks up.
func TestCExampleReadsTheFileTheDocsShow(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"CMakeLists.txt":   "project(toml)\n",
		"include/toml.hpp": "#pragma once\n",
		"README.md": "# toml\n\n## Example\n\n```toml\n# example.toml\ntitle = \"an example\"\n```\n\n" +
			"```cpp\n#include <toml.hpp>\n\nint main()\n{\n    auto data = toml::parse(\"example.toml\");\n    return 0;\n}\n```\n",
	})
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 {
		t.Fatalf("want the README's program, got %+v", cs)
	}
	if want := `printf '%s' $'# example.toml\ntitle = "an example"\n' > example.toml && printf '%s' $'#include <toml.hpp>`; !strings.HasPrefix(cs[0].Text, want) {
		t.Errorf("the shown toml file is not written first:\n%s", cs[0].Text)
	}
}
