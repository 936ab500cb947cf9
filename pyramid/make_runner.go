package pyramid

import (
	"context"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/retrieval"
)

// WithoutMakeRunners drops, for a Bash File that installs no make, each
// `make T` whose top-level Makefile target only hands the tests to the
// stack's own runner (cobra's `test: install_deps` → `go test -v
// $(GO_TEST_FLAGS) ./...`) when the pyramid runs that runner at the same
// level itself (`go test -v ./...`): make would be missing (exit 127),
// and installing it re-ran the whole setup for the same tests. It returns
// what it dropped.
func (p *Pyramid) WithoutMakeRunners(ctx context.Context, ix *retrieval.Index) (dropped []Command) {
	ts, err := ix.Targets(ctx, "make")
	if err != nil {
		return nil
	}
	runner := map[string]string{} // target → its runner
	for _, t := range ts {
		if t.Path == "Makefile" || t.Path == "GNUmakefile" || t.Path == "makefile" {
			if _, seen := runner[t.Name]; !seen {
				runner[t.Name] = bashfile.StackRunner(t)
			}
		}
	}
	p.Commands = slices.DeleteFunc(p.Commands, func(c Command) bool {
		w := strings.Fields(c.Text)
		if len(w) != 2 || w[0] != "make" || runner[w[1]] == "" || len(c.Expect) > 0 || userGoal(c) {
			return false
		}
		own := slices.ContainsFunc(p.Commands, func(o Command) bool {
			return o.Bucket.Level() == c.Bucket.Level() && bashfile.RunnerOf(o.Text) == runner[w[1]]
		})
		if own {
			dropped = append(dropped, c)
		}
		return own
	})
	return dropped
}
