package pipeline

import (
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/bashfile/debindex"
)

// devcontainerJSONC is a devcontainer.json as people write it: comments,
// a trailing comma, lifecycle commands in the three forms.
const devcontainerJSONC = `// the team's dev container
{
	"name": "tool", /* block
	comment */
	"image": "mcr.microsoft.com/devcontainers/python:3.11", // pinned later
	"features": {
		"ghcr.io/devcontainers/features/node:1": {"version": "18"},
		"ghcr.io/devcontainers/features/git-lfs:1": {},
	},
	"onCreateCommand": ["bash", "-c", "echo // not a comment"],
	"postCreateCommand": "sudo apt-get update && sudo apt-get install -y --no-install-recommends libpq-dev not-in-debian && pip install -e .",
	"postStartCommand": {"db": "pg_ctl start", "api": "make serve"},
	"remoteUser": "vscode",
}
`

func TestReadDevcontainer(t *testing.T) {
	repo := writeRepo(t, map[string]string{".devcontainer/devcontainer.json": devcontainerJSONC, "main.py": "print('hi')\n"})
	d, err := ReadDevcontainer(repo)
	if err != nil {
		t.Fatal(err)
	}
	if d.Path != ".devcontainer/devcontainer.json" || d.Image != "mcr.microsoft.com/devcontainers/python:3.11" || d.RemoteUser != "vscode" {
		t.Errorf("devcontainer %+v", d)
	}
	if !slices.Equal(d.Features, []string{"ghcr.io/devcontainers/features/git-lfs:1", "ghcr.io/devcontainers/features/node:1"}) {
		t.Errorf("features %v", d.Features)
	}
	if d.Commands["onCreateCommand"] != "bash -c 'echo // not a comment'" || d.Commands["postStartCommand"] != "make serve && pg_ctl start" {
		t.Errorf("commands %q", d.Commands)
	}
	if !slices.Equal(d.Packages, []string{"libpq-dev", "not-in-debian"}) {
		t.Errorf("packages %v", d.Packages)
	}
	if d, err := ReadDevcontainer(t.TempDir()); d != nil || err != nil {
		t.Errorf("no devcontainer: %+v, %v", d, err)
	}
	bad := writeRepo(t, map[string]string{".devcontainer.json": "{\"image\": }"})
	if _, err := ReadDevcontainer(bad); err == nil || !strings.Contains(err.Error(), ".devcontainer.json") {
		t.Errorf("a broken devcontainer.json: %v", err)
	}
}

// The analysis notes what the dev container says; the packages its
// commands install that the suite has join the Bash File.
func TestAnalyzeReadsTheDevcontainer(t *testing.T) {
	repo := writeRepo(t, map[string]string{".devcontainer/devcontainer.json": devcontainerJSONC, "main.py": "print('hi')\n"})
	p := analyzeWith(t, repo, Options{})
	notes := strings.Join(p.Notes, "\n")
	for _, want := range []string{"devcontainer: .devcontainer/devcontainer.json uses the image mcr.microsoft.com/devcontainers/python:3.11",
		"adds the features ghcr.io/devcontainers/features/git-lfs:1, ghcr.io/devcontainers/features/node:1", "postCreateCommand: sudo apt-get update"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	if p.Devcontainer == nil || slices.Contains(p.File.Packages(bashfile.Runtimes), "libpq-dev") {
		t.Errorf("without a package index no package is added: %v", p.File.Packages(bashfile.Runtimes))
	}
	idx, err := debindex.Parse(debindex.Meta{}, strings.NewReader("Package: libpq-dev\nSection: libdevel\n\nPackage: python3\nSection: python\n"))
	if err != nil {
		t.Fatal(err)
	}
	p = analyzeWith(t, repo, Options{Packages: idx})
	if got := p.File.Packages(bashfile.Runtimes); !slices.Contains(got, "libpq-dev") || slices.Contains(got, "not-in-debian") {
		t.Errorf("runtimes packages %v: want libpq-dev (in the suite), not not-in-debian", got)
	}
}
