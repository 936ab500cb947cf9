package pyramid

import (
	"context"
	"testing"
)

// A workspace package's bin (size-limit's packages/size-limit/bin.js) is
// run with node from its directory, and the README's npx of it runs the
// checkout's script, not the published package npx would fetch.
func TestNpxOfTheProjectsOwnBin(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"package.json":                     `{"name": "size-limit-monorepo", "private": true, "scripts": {"test": "vitest run"}}`,
		"packages/size-limit/package.json": `{"name": "size-limit", "bin": {"size-limit": "bin.js"}}`,
		"packages/size-limit/bin.js":       "#!/usr/bin/env node\nconsole.log('size')\n",
		"README.md":                        "# Size Limit\n\n```sh\nnpx size-limit --why\n```\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range p.Commands {
		if c.Text == "node ./packages/size-limit/bin.js --why" {
			return
		}
	}
	t.Errorf("no node ./packages/size-limit/bin.js --why in %v", p.Commands)
}
