package bashfile_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/sandbox"
)

// TestScriptRunsTwiceInAContainer runs a Bash File twice in the same
// container: both runs succeed (idempotence), the second installs nothing,
// and persisted environment reaches later login shells.
func TestScriptRunsTwiceInAContainer(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	ctx := context.Background()
	f := bashfile.New()
	why := bashfile.Provenance{Source: "test"}
	if _, err := f.AddPackages(bashfile.Base, why, "make"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sec  bashfile.SectionID
		text string
	}{
		{bashfile.Runtimes, "persist_env GREETING 'hello world'"},
		{bashfile.Runtimes, `mkdir -p /opt/tool/bin && path_prepend /opt/tool/bin`},
		{bashfile.Build, "make --version >/dev/null"},
	} {
		if err := f.Append(c.sec, c.text, why); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	s, err := e.NewSandbox(ctx, sandbox.Options{Image: enginetest.Image(), Repo: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	if err := s.CopyFiles(ctx, map[string][]byte{"/heragent/setup.sh": []byte(f.Render())}); err != nil {
		t.Fatal(err)
	}
	for run := 1; run <= 2; run++ {
		res, err := s.Exec(ctx, sandbox.ExecSpec{Cmd: []string{"bash", "/heragent/setup.sh"}, Timeout: 10 * time.Minute})
		if err != nil || res.ExitCode != 0 {
			t.Fatalf("run %d: %v exit %d:\n%s", run, err, res.ExitCode, res.Tail)
		}
		if !strings.Contains(res.Tail, "environment ready") {
			t.Fatalf("run %d did not reach the end:\n%s", run, res.Tail)
		}
		if run == 2 && strings.Contains(res.Tail, "Setting up") {
			t.Fatalf("second run installed packages again:\n%s", res.Tail)
		}
	}
	res, err := s.Exec(ctx, sandbox.ExecSpec{Cmd: []string{"bash", "-lc", `echo "$GREETING|$PATH"`}})
	if err != nil || !strings.Contains(res.Tail, "hello world|/opt/tool/bin:") || strings.Count(res.Tail, "/opt/tool/bin") != 1 {
		t.Fatalf("persisted environment not seen by a login shell: %v %q", err, res.Tail)
	}
	// A failing command is reported with its line by the ERR trap.
	if err := f.Append(bashfile.Build, "false", why); err != nil {
		t.Fatal(err)
	}
	s.CopyFiles(ctx, map[string][]byte{"/heragent/setup.sh": []byte(f.Render())})
	res, err = s.Exec(ctx, sandbox.ExecSpec{Cmd: []string{"bash", "/heragent/setup.sh"}})
	if err != nil || res.ExitCode == 0 || !strings.Contains(res.Tail, "ERROR: setup failed at line") {
		t.Fatalf("failure not trapped: %v exit %d: %s", err, res.ExitCode, res.Tail)
	}
}
