package pyramid

import (
	"strings"
	"testing"
)

// tollbooth's tutorial imports only its limiter package and calls
// tollbooth.NewLimiter: the module's root package is imported for it; a
// package it imports already, or a local variable's methods, add nothing.
func TestWithOwnImports(t *testing.T) {
	pkgs := map[string]string{"tollbooth": "", "limiter": "limiter", "bolt": "store"}
	code := "package main\n\nimport (\n\t\"net/http\"\n\n\t\"github.com/didip/tollbooth/v8/limiter\"\n)\n\nfunc main() {\n\tlmt := tollbooth.NewLimiter(1, nil)\n\tlmt.SetIPLookup(limiter.IPLookup{})\n\t_ = bolt.Open\n\thttp.ListenAndServe(\":12345\", nil)\n}\n"
	got := withOwnImports(code, "github.com/didip/tollbooth/v8", pkgs)
	for _, want := range []string{"\t\"github.com/didip/tollbooth/v8\"\n", "\tbolt \"github.com/didip/tollbooth/v8/store\"\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
	if strings.Count(got, "tollbooth/v8/limiter\"") != 1 {
		t.Errorf("limiter imported twice:\n%s", got)
	}
	if same := withOwnImports("package main\n\nimport \"github.com/x/y\"\n\nfunc main() { y.Do() }\n", "github.com/x/y", map[string]string{"y": ""}); strings.Count(same, "import") != 1 {
		t.Errorf("an imported package imported again:\n%s", same)
	}
	// imported by its path, named by its package clause (golang-lru/v2 is lru)
	if same := withOwnImports("package main\n\nimport \"github.com/hashicorp/golang-lru/v2\"\n\nfunc main() { lru.New() }\n", "github.com/hashicorp/golang-lru/v2", map[string]string{"lru": ""}); strings.Count(same, "import") != 1 {
		t.Errorf("a package imported by its path imported again:\n%s", same)
	}
}
