package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/loops"
	"github.com/heragent/heragent/sandbox"
)

// `heragent run --layer-only` makes the shared toolchain layer the run
// would start from (m4 here: small), writes no output directory and
// leaves no container; asked again, it finds the layer.
func TestLayerOnlyWithEngine(t *testing.T) {
	e := enginetest.Engine(t)
	repo := t.TempDir()
	os.WriteFile(filepath.Join(repo, "README"), []byte("layer-only fixture\n"), 0o644)
	f := bashfile.New()
	f.AddPackages(bashfile.Base, bashfile.Provenance{Source: "test"}, "m4")
	f.Append(bashfile.Build, "m4 --version", bashfile.Provenance{Source: "test"})
	script := filepath.Join(t.TempDir(), "setup.sh")
	os.WriteFile(script, []byte(f.Render()), 0o644)
	out := filepath.Join(t.TempDir(), "out")
	runID := sandbox.NewRunID()
	t.Cleanup(func() { e.GC(context.Background(), sandbox.GCOptions{Checkpoints: true, RunID: runID}) })
	for i := range 2 {
		r := runCLI(t, nil, "run", repo, "--layer-only", "--json", "--bash-file", script, "--out", out, "--run-id", runID, "--image", enginetest.Image())
		if r.code != ExitOK {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		var l loops.ToolchainLayer
		if err := json.Unmarshal([]byte(r.stdout), &l); err != nil {
			t.Fatalf("stdout %q: %v", r.stdout, err)
		}
		if !slices.Equal(l.Packages, []string{"m4"}) || l.Image == "" || i == 1 && l.Made {
			t.Fatalf("call %d: %+v, want the layer of m4 (made at most once)", i+1, l)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Fatalf("--out was written: %v", err)
		}
		if ids, _ := e.Containers(context.Background(), runID); len(ids) != 0 {
			t.Fatalf("containers left behind: %v", ids)
		}
	}
}
