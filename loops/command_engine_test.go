package loops

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/internal/testrepo"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/sandbox"
)

// Every stage of a pipeline counts: a failing first stage fails the
// command although the last stage exits 0.
func TestPipelineFailsWhenAnyStageFails(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	sb := enginetest.Sandbox(t, e, sandbox.Options{Repo: testrepo.Write(t, map[string]string{"README": "pipes\n"})})
	dir := t.TempDir()
	for i, tc := range []struct {
		text string
		pass bool
	}{
		{"echo graph | cat > /tmp/g.txt", true},
		{"sh -c 'echo half; exit 3' | cat > /tmp/g.txt", false},
		{"./missing-tool render | cat", false},
	} {
		c := pyramid.Command{Text: tc.text, Bucket: pyramid.Entry, Level: pyramid.Runnable}
		got, err := execCommand(context.Background(), sb, c, i+1, 0, filepath.Join(dir, "log"))
		if err != nil {
			t.Fatal(err)
		}
		if got.Passed != tc.pass {
			t.Errorf("%q: passed=%v (exit %d, %s), want %v", tc.text, got.Passed, got.ExitCode, got.Verdict, tc.pass)
		}
	}
}
