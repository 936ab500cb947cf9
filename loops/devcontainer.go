package loops

import (
	"bytes"
	"encoding/json"
	"path"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// The export directory is a dev container too: .devcontainer/
// devcontainer.json builds the exported Dockerfile (context: the export
// directory, the repository in repo/), mounts repo/ where the Dockerfile
// put the repository (so an edit in the editor is an edit of the
// checkout) and rebuilds it there once the container is created, since
// the mount hides what the image built. VS Code, Codespaces and the
// devcontainer CLI open it; the proof commands are listed in its
// "heragent" customization.

// devcontainerOut is the file's path in the export directory.
const devcontainerOut = ".devcontainer/devcontainer.json"

// ProofCommand is a command that proved a level, as the devcontainer
// lists it: run from the repository's directory.
type ProofCommand struct {
	Level pyramid.Level
	Text  string // with `cd DIR && ` when it ran in a subdirectory
}

// devcontainerJSON is the part of the devcontainer spec written, in the
// order the file shows it.
type devcontainerJSON struct {
	Name              string            `json:"name"`
	Build             devcontainerBuild `json:"build"`
	WorkspaceFolder   string            `json:"workspaceFolder"`
	WorkspaceMount    string            `json:"workspaceMount"`
	RemoteUser        string            `json:"remoteUser,omitempty"`
	UserEnvProbe      string            `json:"userEnvProbe"`
	PostCreateCommand string            `json:"postCreateCommand,omitempty"`
	Customizations    map[string]any    `json:"customizations"`
}

type devcontainerBuild struct {
	Dockerfile string `json:"dockerfile"`
	Context    string `json:"context"`
}

// heragentCustomization is what heragent says of the environment.
type heragentCustomization struct {
	Level       string   `json:"level"`
	Installable []string `json:"installable"`
	Testable    []string `json:"testable"`
	Runnable    []string `json:"runnable"`
	Verify      string   `json:"verify"`
}

// Devcontainer renders .devcontainer/devcontainer.json.
func (x Export) Devcontainer() string {
	name := x.Name
	if name == "" {
		name = "my-env"
	}
	d := devcontainerJSON{
		Name:              name + " (heragent: " + orNoLevel(x.Level) + ")",
		Build:             devcontainerBuild{Dockerfile: "../" + dockerfileOut, Context: ".."},
		WorkspaceFolder:   sandbox.RepoDir,
		WorkspaceMount:    "source=${localWorkspaceFolder}/" + contextRepo + ",target=" + sandbox.RepoDir + ",type=bind",
		RemoteUser:        x.User,
		UserEnvProbe:      "loginShell", // setup.sh's variables are in /etc/profile.d/heragent.sh
		PostCreateCommand: x.rebuild(),
	}
	h := heragentCustomization{Level: orNoLevel(x.Level), Installable: []string{}, Testable: []string{}, Runnable: []string{},
		Verify: "heragent verify <this directory>: rebuilds the Dockerfile and re-runs these commands"}
	for _, p := range x.Proof {
		switch p.Level {
		case pyramid.Installable:
			h.Installable = append(h.Installable, p.Text)
		case pyramid.Testable:
			h.Testable = append(h.Testable, p.Text)
		case pyramid.Runnable:
			h.Runnable = append(h.Runnable, p.Text)
		}
	}
	if len(h.Installable) == 0 && pyramid.Level(x.Level).Rank() >= pyramid.Installable.Rank() {
		// the Bash File's build section proved it
		spec, _ := bashfile.Spec(bashfile.Build)
		h.Installable = append(h.Installable, "bash "+imageSetupPath+" "+spec.Func)
	}
	d.Customizations = map[string]any{"heragent": h}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(d); err != nil {
		panic(err) // strings and slices always encode
	}
	return b.String()
}

// rebuild is the postCreateCommand: the mounted checkout hides what the
// image built, so it is built again — by setup.sh's build section as root,
// or, as the unprivileged user (who cannot run setup.sh: it writes
// /etc/profile.d), by the commands that proved Installable.
func (x Export) rebuild() string {
	spec, _ := bashfile.Spec(bashfile.Build)
	if x.User == "" {
		return "bash " + imageSetupPath + " " + spec.Func
	}
	var cmds []string
	for _, p := range x.Proof {
		if p.Level == pyramid.Installable {
			cmds = append(cmds, p.Text)
		}
	}
	return strings.Join(cmds, " && ")
}

func orNoLevel(l string) string {
	if l == "" {
		return string(pyramid.None)
	}
	return l
}

// devcontainerProofs are the commands that proved the report's level
// (proofCommands, what verify re-runs), each once, lowest level first.
func devcontainerProofs(rep *report.Report) []ProofCommand {
	var out []ProofCommand
	seen := map[string]bool{}
	byLevel := proofCommands(rep)
	for _, l := range pyramid.Levels {
		for _, c := range byLevel[l] {
			text := c.Text
			if c.Dir != "" && c.Dir != "." {
				text = "cd " + quote(path.Clean(c.Dir)) + " && " + text
			}
			if !seen[text] {
				seen[text] = true
				out = append(out, ProofCommand{Level: l, Text: text})
			}
		}
	}
	return out
}

// testUser is the unprivileged account the state's commands run as (a
// test suite that refuses root), "" when they run as root.
func testUser(p *pyramid.Pyramid) string {
	for _, c := range p.Commands {
		if c.User != "" {
			return c.User
		}
	}
	return ""
}
