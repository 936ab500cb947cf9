package pyramid

import (
	"context"
	"strings"
	"testing"
)

// A lerna monorepo (polka: a private root package.json with no
// workspaces, lerna.json's packages/*, a lower-case readme.md): its main
// package is the workspace the README names most, and its README's
// example links that workspace's directory, which no npm workspace links,
// under the package's name.
func TestLernaMonorepoMainPackage(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"package.json":                `{"private": true, "devDependencies": {"lerna": "^2.8.0"}}`,
		"lerna.json":                  `{"packages": ["packages/*"]}`,
		"packages/polka/package.json": `{"name": "polka", "version": "0.5.2", "main": "index.js"}`,
		"packages/polka/index.js":     "module.exports = () => ({});\n",
		"packages/url/package.json":   `{"name": "@polka/url", "version": "0.5.0", "main": "index.js"}`,
		"packages/url/index.js":       "module.exports = () => ({});\n",
		"readme.md":                   "# polka\n\n## Usage\n\n```js\nconst polka = require('polka');\n\nconsole.log(typeof polka());\n```\n",
	})
	w, ok := e.mainWorkspace(context.Background())
	if !ok || w.name != "polka" || w.dir != "packages/polka" {
		t.Fatalf("main workspace %+v %v", w, ok)
	}
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || !strings.Contains(cs[0].Text, `ln -s "$PWD"/packages/polka /node_modules/polka`) {
		t.Fatalf("examples %+v", cs)
	}
}
