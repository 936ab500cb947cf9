package loops

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/heragent/heragent/pyramid"
)

// The devcontainer CLI (npm's @devcontainers/cli) reads the exported
// devcontainer.json: HERAGENT_DEVCONTAINER_CLI names its program
// (node_modules/.bin/devcontainer). It asks the engine DOCKER_HOST names
// for containers of the folder (docker ps) and starts none. Opt-in: CI does
// not install the CLI.
func TestDevcontainerCLIReadsTheExport(t *testing.T) {
	cli := os.Getenv("HERAGENT_DEVCONTAINER_CLI")
	if cli == "" {
		t.Skip("HERAGENT_DEVCONTAINER_CLI is not set")
	}
	dir := t.TempDir()
	x := Export{Name: "tool-env", Level: "testable", Setup: "#!/usr/bin/env bash\n", Proof: []ProofCommand{{pyramid.Testable, "make check"}}}
	if err := x.WriteExports(dir); err != nil {
		t.Fatal(err)
	}
	os.Mkdir(filepath.Join(dir, contextRepo), 0o755)
	out, err := exec.Command(cli, "read-configuration", "--workspace-folder", dir).Output()
	if err != nil {
		t.Fatalf("devcontainer read-configuration: %v\n%s", err, out)
	}
	var got struct {
		Configuration struct {
			Build struct{ Dockerfile, Context string }
		}
		Workspace struct{ WorkspaceFolder, WorkspaceMount string }
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if got.Configuration.Build.Dockerfile != "../Dockerfile" || got.Workspace.WorkspaceFolder != "/repo" ||
		got.Workspace.WorkspaceMount != "source="+filepath.Join(dir, contextRepo)+",target=/repo,type=bind" {
		t.Errorf("the CLI read %+v", got)
	}
}
