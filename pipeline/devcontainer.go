package pipeline

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/bashfile/debindex"
)

// A repository's own dev container (.devcontainer/devcontainer.json or
// .devcontainer.json) is a source of facts: the image its developers work
// in, the features they add, the commands that prepare it. The analysis
// records them as notes, and the Debian packages its commands install
// (apt-get install, apt install) join the Bash File when the suite has
// them.

// devcontainerPaths are where the devcontainer spec looks, in order.
var devcontainerPaths = []string{".devcontainer/devcontainer.json", ".devcontainer.json"}

// devcontainerCommands are the lifecycle commands read, in the order the
// spec runs them.
var devcontainerCommands = []string{"initializeCommand", "onCreateCommand", "updateContentCommand", "postCreateCommand", "postStartCommand", "postAttachCommand"}

// Devcontainer is what a repository's devcontainer.json says.
type Devcontainer struct {
	Path       string            `json:"path"` // relative to the repository
	Image      string            `json:"image,omitempty"`
	Dockerfile string            `json:"dockerfile,omitempty"` // build.dockerfile, relative to the file
	Features   []string          `json:"features,omitempty"`
	Commands   map[string]string `json:"commands,omitempty"` // lifecycle command → shell text
	RemoteUser string            `json:"remote_user,omitempty"`
	Packages   []string          `json:"packages,omitempty"` // apt packages its commands install
}

// ReadDevcontainer reads the repository's devcontainer.json; nil, nil
// when it has none. A file that is not JSON with comments is an error
// (the analysis notes it and goes on).
func ReadDevcontainer(repo string) (*Devcontainer, error) {
	for _, rel := range devcontainerPaths {
		b, err := os.ReadFile(filepath.Join(repo, filepath.FromSlash(rel)))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", rel, err)
		}
		return parseDevcontainer(rel, b)
	}
	return nil, nil
}

// devcontainerJSON is the part of the spec read.
type devcontainerJSON struct {
	Image string `json:"image"`
	Build struct {
		Dockerfile string `json:"dockerfile"`
	} `json:"build"`
	DockerFile string                     `json:"dockerFile"` // the old spelling
	Features   map[string]json.RawMessage `json:"features"`
	RemoteUser string                     `json:"remoteUser"`
}

func parseDevcontainer(rel string, b []byte) (*Devcontainer, error) {
	clean := StripJSONC(b)
	var j devcontainerJSON
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(clean, &j); err != nil {
		return nil, fmt.Errorf("parse %s: %w", rel, err)
	}
	if err := json.Unmarshal(clean, &raw); err != nil {
		return nil, fmt.Errorf("parse %s: %w", rel, err)
	}
	d := &Devcontainer{Path: rel, Image: j.Image, Dockerfile: j.Build.Dockerfile, RemoteUser: j.RemoteUser, Commands: map[string]string{}}
	if d.Dockerfile == "" {
		d.Dockerfile = j.DockerFile
	}
	for f := range j.Features {
		d.Features = append(d.Features, f)
	}
	sort.Strings(d.Features)
	for _, name := range devcontainerCommands {
		if text := lifecycleText(raw[name]); text != "" {
			d.Commands[name] = text
			for _, p := range aptPackages(text) {
				if !slices.Contains(d.Packages, p) {
					d.Packages = append(d.Packages, p)
				}
			}
		}
	}
	return d, nil
}

// lifecycleText is a lifecycle command as shell text: a string as it is,
// an array as its words quoted, an object's commands joined by " && ".
func lifecycleText(m json.RawMessage) string {
	var s string
	if json.Unmarshal(m, &s) == nil {
		return strings.TrimSpace(s)
	}
	var argv []string
	if json.Unmarshal(m, &argv) == nil {
		for i, a := range argv {
			argv[i] = bashfile.ShellQuote(a)
		}
		return strings.Join(argv, " ")
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(m, &obj) == nil {
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			if t := lifecycleText(obj[k]); t != "" {
				parts = append(parts, t)
			}
		}
		return strings.Join(parts, " && ")
	}
	return ""
}

var (
	aptInstallRe = regexp.MustCompile(`\bapt(?:-get)?\s+(?:-\S+\s+)*install\s+([^;&|\n]*)`)
	aptNameRe    = regexp.MustCompile(`^[a-z0-9][a-z0-9+.-]+$`)
)

// aptPackages are the package names of the apt installs in a command.
func aptPackages(text string) []string {
	var out []string
	for _, m := range aptInstallRe.FindAllStringSubmatch(text, -1) {
		for _, w := range strings.Fields(m[1]) {
			if !strings.HasPrefix(w, "-") && aptNameRe.MatchString(w) {
				out = append(out, w)
			}
		}
	}
	return out
}

// applyDevcontainer notes what the repository's dev container says and
// installs the packages its commands install that the suite has (all of
// them without a package index: none, as a wrong name stops apt).
func (p *Plan) applyDevcontainer(d *Devcontainer, pkgs *debindex.Index) {
	if d == nil {
		return
	}
	p.Devcontainer = d
	if d.Image != "" {
		p.Notes = append(p.Notes, fmt.Sprintf("devcontainer: %s uses the image %s", d.Path, d.Image))
	}
	if d.Dockerfile != "" {
		p.Notes = append(p.Notes, fmt.Sprintf("devcontainer: %s builds from %s", d.Path, d.Dockerfile))
	}
	if len(d.Features) > 0 {
		p.Notes = append(p.Notes, fmt.Sprintf("devcontainer: %s adds the features %s", d.Path, strings.Join(d.Features, ", ")))
	}
	for _, name := range devcontainerCommands {
		if t := d.Commands[name]; t != "" {
			p.Notes = append(p.Notes, fmt.Sprintf("devcontainer: %s %s: %s", d.Path, name, firstLine(t)))
		}
	}
	var add []string
	for _, pkg := range d.Packages {
		if pkgs != nil && pkgs.KnowsPackages() && pkgs.HasPackage(pkg) {
			add = append(add, pkg)
		}
	}
	if len(add) == 0 {
		return
	}
	why := bashfile.Provenance{Source: "devcontainer", File: d.Path, Note: "the repository's dev container installs it"}
	if ok, err := p.File.AddPackages(bashfile.Runtimes, why, add...); err == nil && ok {
		p.Notes = append(p.Notes, fmt.Sprintf("devcontainer: packages from %s installed in %s: %s", d.Path, bashfile.Runtimes, strings.Join(add, " ")))
	}
}

// StripJSONC turns JSON with comments (// and /* */) and trailing commas,
// as devcontainer.json is written, into JSON.
func StripJSONC(b []byte) []byte {
	var out []byte
	inStr, esc := false, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case inStr:
			out = append(out, c)
			if esc {
				esc = false
			} else if c == '\\' {
				esc = true
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
			out = append(out, c)
		case c == '/' && i+1 < len(b) && b[i+1] == '/':
			for i < len(b) && b[i] != '\n' {
				i++
			}
			out = append(out, '\n')
		case c == '/' && i+1 < len(b) && b[i+1] == '*':
			end := strings.Index(string(b[i+2:]), "*/")
			if end < 0 {
				return out
			}
			i += end + 3
		default:
			out = append(out, c)
		}
	}
	return dropTrailingCommas(out)
}

// dropTrailingCommas removes a comma before } or ] (outside strings).
func dropTrailingCommas(b []byte) []byte {
	var out []byte
	inStr, esc := false, false
	for i, c := range b {
		if inStr {
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
			out = append(out, c)
			continue
		}
		if c == ',' {
			j := i + 1
			for j < len(b) && strings.ContainsRune(" \t\r\n", rune(b[j])) {
				j++
			}
			if j < len(b) && (b[j] == '}' || b[j] == ']') {
				continue
			}
		}
		inStr = c == '"'
		out = append(out, c)
	}
	return out
}
