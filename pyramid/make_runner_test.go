package pyramid

import (
	"context"
	"testing"
)

// cobra: `make test` only runs go test; the pyramid's own `go test -v
// ./...` runs the same tests without make. A target running something
// else (a script) stays.
func TestWithoutMakeRunners(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"go.mod":   "module example.org/x\n\ngo 1.19\n",
		"x.go":     "package x\n",
		"Makefile": "test: install_deps\n\t$(info running tests)\n\tgo test -v $(GO_TEST_FLAGS) ./...\n\ninstall_deps:\n\tgo get -v ./...\n\ne2e:\n\t./scripts/e2e.sh\n",
	})
	p := &Pyramid{Commands: []Command{
		{Text: "make test", Bucket: Unit}, {Text: "make e2e", Bucket: Unit}, {Text: "go test -v ./...", Bucket: Unit},
	}}
	dropped := p.WithoutMakeRunners(context.Background(), ix)
	if len(dropped) != 1 || dropped[0].Text != "make test" || len(p.Commands) != 2 || p.Commands[0].Text != "make e2e" {
		t.Fatalf("dropped %+v, kept %+v", dropped, p.Commands)
	}
	// with no go test of its own, make test stays
	p = &Pyramid{Commands: []Command{{Text: "make test", Bucket: Unit}}}
	if dropped := p.WithoutMakeRunners(context.Background(), ix); len(dropped) != 0 {
		t.Fatalf("dropped %+v", dropped)
	}
}
