package pyramid

import (
	"context"
	"strings"
	"testing"
)

// A gopkg.in module's example requires the module at its major version
// (gopkg.in/yaml.v3 at v3.0.0): v0.0.0 is refused by go mod edit's parse.
func TestGoExampleGopkgVersion(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"go.mod":  "module gopkg.in/yaml.v3\n\ngo 1.20\n",
		"yaml.go": "package yaml\n\nfunc Marshal(v any) ([]byte, error) { return nil, nil }\n",
	})
	text, ok := goExample(context.Background(), e, "go", "package main\n\nimport (\n\t\"fmt\"\n\t\"gopkg.in/yaml.v3\"\n)\n\nfunc main() {\n\tfmt.Println(yaml.Marshal(1))\n}\n", 1)
	if !ok || !strings.Contains(text, "-require=gopkg.in/yaml.v3@v3.0.0 ") {
		t.Fatalf("%v %s", ok, text)
	}
}
