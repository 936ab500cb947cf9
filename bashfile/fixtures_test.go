package bashfile_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/bashfile/debindex"
	"github.com/heragent/heragent/graph/build"
	"github.com/heragent/heragent/graph/embedded"
	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/retrieval"
	"github.com/heragent/heragent/sandbox"
)

const fixturesDir = "../testdata/repos"

// fixtures lists the fixture repositories.
func fixtures(t *testing.T) []string {
	t.Helper()
	ents, err := os.ReadDir(fixturesDir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out
}

// fixtureIndex builds the graph of a fixture in a temporary store.
func fixtureIndex(t *testing.T, name string) *retrieval.Index {
	t.Helper()
	ctx := context.Background()
	s, err := embedded.Open(ctx, filepath.Join(t.TempDir(), "graph.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ix, _, err := retrieval.Build(ctx, filepath.Join(fixturesDir, name), s, build.Options{Name: name})
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

// TestFixtureScriptsRunInAContainer generates each fixture's initial Bash
// File (with the real Debian index when it is cached or can be built) and
// runs it in a fresh container: it must exit 0 with no repair.
func TestFixtureScriptsRunInAContainer(t *testing.T) {
	e := enginetest.Engine(t)
	ctx := context.Background()
	pkgs, err := debindex.Load(ctx, debindex.Options{})
	if err != nil {
		t.Logf("no Debian package index, generating with the override lists only: %v", err)
		pkgs = nil
	}
	certs, err := sandbox.HostCACerts()
	if err != nil {
		t.Fatal(err)
	}
	// Containers mostly wait on downloads: run up to 5 at once, whatever
	// -parallel says (it defaults to the 2 cores), then report per fixture.
	names := fixtures(t)
	results := make([]fixtureRun, len(names))
	sem := make(chan struct{}, 5)
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			results[i] = runFixture(ctx, e, name, pkgs, certs)
		}()
	}
	wg.Wait()
	for i, name := range names {
		r := results[i]
		t.Run(name, func(t *testing.T) {
			if r.err != "" {
				t.Fatal(r.err)
			}
			t.Logf("exit 0 in %s (stacks %v)", r.took.Round(time.Second), r.stacks)
		})
	}
}

type fixtureRun struct {
	stacks []string
	took   time.Duration
	err    string
}

func runFixture(ctx context.Context, e *sandbox.Engine, name string, pkgs *debindex.Index, certs []sandbox.CACert) fixtureRun {
	var r fixtureRun
	s, err := embedded.Open(ctx, filepath.Join(os.TempDir(), fmt.Sprintf("heragent-fixture-%s-%d.db", name, os.Getpid())))
	if err != nil {
		r.err = err.Error()
		return r
	}
	defer func() {
		s.Close()
		os.Remove(filepath.Join(os.TempDir(), fmt.Sprintf("heragent-fixture-%s-%d.db", name, os.Getpid())))
	}()
	ix, _, err := retrieval.Build(ctx, filepath.Join(fixturesDir, name), s, build.Options{Name: name})
	if err != nil {
		r.err = err.Error()
		return r
	}
	plan, err := bashfile.Generate(ctx, ix, bashfile.Options{Packages: pkgs})
	if err != nil {
		r.err = err.Error()
		return r
	}
	r.stacks = plan.Stacks
	sb, err := e.NewSandbox(ctx, sandbox.Options{Image: enginetest.Image(), Repo: filepath.Join(fixturesDir, name), CACerts: certs})
	if err != nil {
		r.err = err.Error()
		return r
	}
	defer sb.Close(ctx)
	if err := sb.CopyFiles(ctx, map[string][]byte{"/heragent/setup.sh": []byte(plan.File.Render())}); err != nil {
		r.err = err.Error()
		return r
	}
	start := time.Now()
	res, err := sb.Exec(ctx, sandbox.ExecSpec{Cmd: []string{"bash", "/heragent/setup.sh"}, Timeout: 15 * time.Minute})
	r.took = time.Since(start)
	switch {
	case err != nil:
		r.err = err.Error()
	case res.ExitCode != 0 || !strings.Contains(res.Tail, "environment ready"):
		r.err = fmt.Sprintf("exit %d after %s (stacks %v):\n%s", res.ExitCode, r.took.Round(time.Second), plan.Stacks, res.Tail)
	}
	return r
}
