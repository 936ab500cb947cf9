package pyramid

import (
	"context"
	"strings"
	"testing"
)

// A README example that writes to the docs' placeholder path
// ('/path/to/db.json') runs with it made in the checkout.
func TestExamplePlaceholderPath(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"pyproject.toml":        "[project]\nname = \"tinystore\"\n",
		"tinystore/__init__.py": "class Store:\n    def __init__(self, path):\n        open(path, 'a').close()\n",
		"README.md":             "# tinystore\n\n```python\nfrom tinystore import Store\ndb = Store('/path/to/db.json')\nprint(db)\n```\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range p.Commands {
		if strings.Contains(c.Text, "Store(") {
			if !strings.HasPrefix(c.Text, "mkdir -p path/to && ") || strings.Contains(c.Text, "/path/to/") {
				t.Fatalf("example %q", c.Text)
			}
			return
		}
	}
	t.Fatalf("no example: %v", texts(p.Commands))
}
