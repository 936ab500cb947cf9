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

// A README program may start at its imports (no package clause), and one
// naming the reader's own functions does not compile; a package of
// GOPATH's days has the module its Bash File makes.
func TestGoExampleClauseAndUnresolved(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"cache.go":  "package cache\n\nfunc New() *Cache { return &Cache{} }\n\ntype Cache struct{}\n",
		"README.md": "# cache\n\n    go get github.com/patrickmn/go-cache\n",
	})
	body := "import (\n\t\"fmt\"\n\t\"github.com/patrickmn/go-cache\"\n)\n\nfunc main() {\n\tc := cache.New()\n\tfmt.Println(c)\n"
	text, ok := goExample(context.Background(), e, "go", body+"}\n", 1)
	if !ok || !strings.Contains(text, `$'package main\n\nimport (`) || !strings.Contains(text, "-require=github.com/patrickmn/go-cache@v0.0.0 ") {
		t.Fatalf("%v %s", ok, text)
	}
	if _, ok := goExample(context.Background(), e, "go", body+"\tMyFunction(c)\n}\n", 1); ok {
		t.Error("a program calling the reader's MyFunction")
	}
	// a package name its path does not say (golang-lru/v2's lru)
	if _, ok := goExample(context.Background(), e, "go", "package main\n\nimport (\n\t\"fmt\"\n\t\"github.com/patrickmn/go-cache/v2\"\n)\n\nfunc main() {\n\tfmt.Println(gocache.New())\n}\n", 1); !ok {
		t.Error("a qualifier naming the import's package")
	}
	if _, ok := goExample(context.Background(), e, "go", "package main\n\nimport (\n\t\"embed\"\n\t\"github.com/patrickmn/go-cache\"\n)\n\n//go:embed assets/*\nvar fs embed.FS\n\nfunc main() {\n\t_ = cache.New()\n}\n", 1); ok {
		t.Error("a program embedding files its scratch module lacks")
	}
}

// A library with no example of its own gets a consumer calling its
// functions with values a caller makes: basic ones, an error, a duration
// (go-multierror's Append, go-cache's New), the packages they need
// imported.
func TestGoConsumer(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"go.mod":        "module github.com/hashicorp/go-multierror\n\ngo 1.19\n",
		"multierror.go": "package multierror\n\nimport \"time\"\n\ntype Error struct{ Errors []error }\n\nfunc (e *Error) Error() string { return \"x\" }\n\nfunc Append(err error, errs ...error) *Error { return &Error{} }\n\nfunc Within(d time.Duration) bool { return true }\n\nfunc Check(s string) error { return nil }\n",
	})
	prog := goConsumer(context.Background(), e, "github.com/hashicorp/go-multierror")
	for _, want := range []string{"\tstderrors \"errors\"\n", "\tstdtime \"time\"\n", `multierror.Append(stderrors.New("heragent"))`, "multierror.Within(1500 * stdtime.Millisecond)"} {
		if !strings.Contains(prog, want) {
			t.Errorf("consumer lacks %q:\n%s", want, prog)
		}
	}
	if strings.Contains(prog, "Check(") {
		t.Errorf("a function answering only an error:\n%s", prog)
	}
}

// A helper reading an HTTP request (realip's FromRequest) is called on
// one httptest makes.
func TestGoConsumerOfRequests(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"go.mod":    "module github.com/tomasen/realip\n",
		"realip.go": "package realip\n\nimport \"net/http\"\n\nfunc FromRequest(r *http.Request) string { return r.RemoteAddr }\n",
	})
	prog := goConsumer(context.Background(), e, "github.com/tomasen/realip")
	for _, want := range []string{"\tstdhttptest \"net/http/httptest\"\n", `realip.FromRequest(stdhttptest.NewRequest("GET", "http://127.0.0.1/heragent?q=1", nil))`} {
		if !strings.Contains(prog, want) {
			t.Errorf("consumer lacks %q:\n%s", want, prog)
		}
	}
}
