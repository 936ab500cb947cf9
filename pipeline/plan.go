// Package pipeline is heragent's analysis as one call: the knowledge graph
// of a repository, the Bash File the detectors (and the brain) write, and
// the Test Pyramid mined and aligned to that Bash File's layout, gathered
// in a Plan. The Plan is plain data with a versioned JSON form (plan.json)
// that `heragent plan`, `heragent pyramid` and `heragent run` show or
// execute, so they always agree. The pipeline knows nothing of containers.
package pipeline

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/report"
)

// SchemaVersion is the version of plan.json this package writes and the
// newest it reads.
const SchemaVersion = 1

// Plan is the result of the analysis: what `heragent run` executes.
type Plan struct {
	SchemaVersion int `json:"schema_version"`
	// Repo is the checkout that was analysed (absolute path). A plan
	// edited by hand may leave it empty; run then needs the repository
	// as an argument.
	Repo string `json:"repo,omitempty"`
	// Commit is the checkout's git commit (HEAD) when Repo is the top of
	// a git checkout, else "" (the loops then identify the files by a
	// hash of the tree). Dirty: the checkout had uncommitted changes.
	Commit string `json:"commit,omitempty"`
	// Name is the project's name as its build files or manifest give it
	// (the checkout directory's name otherwise): what its programs and
	// libraries are likely called.
	Name  string `json:"name,omitempty"`
	Dirty bool   `json:"dirty,omitempty"`
	// Target is the level the pyramid was refined for.
	Target pyramid.Level `json:"target,omitempty"`
	// Goals and Expect are the user's --goal and --expect; the goals are
	// Runnable commands of the pyramid.
	Goals  []string `json:"goals,omitempty"`
	Expect []string `json:"expect,omitempty"`

	Stacks      []string        `json:"stacks"`      // the Bash File's detectors, in order: ["cmake","python"]
	Unsupported []string        `json:"unsupported"` // build systems found and not supported
	Layout      bashfile.Layout `json:"layout"`      // where the Bash File builds; the pyramid is aligned to it
	File        *bashfile.File  `json:"file"`        // the Bash File
	// Pyramid is the Test Pyramid aligned to Layout: the commands run
	// runs, in its order.
	Pyramid *pyramid.Pyramid `json:"pyramid"`
	// Notes are what the analysis could not resolve or changed: detector
	// notes, unsupported build systems, pyramid commands dropped or
	// respelled to fit the Bash File.
	Notes []string `json:"notes"`
	// ConfigFile is the user's configuration the analysis applied
	// (heragent.yaml, --config) and Config what it changed, one line each.
	ConfigFile string   `json:"config_file,omitempty"`
	BashFile   string   `json:"bash_file,omitempty"` // the user's Bash File (--bash-file), used instead of the generated one
	Config     []string `json:"config,omitempty"`
	// Devcontainer is what the repository's own devcontainer.json says
	// (nil when it has none).
	Devcontainer *Devcontainer `json:"devcontainer,omitempty"`
	Phases       Phases        `json:"phases"`
	// Decisions are the brain's decisions during the analysis (context,
	// plan, pyramid roles), when the brain records them.
	Decisions []report.Decision `json:"decisions,omitempty"`
}

// Phases are the seconds each phase of the analysis took.
type Phases struct {
	Graph   float64 `json:"graph"`   // building or updating the knowledge graph
	Plan    float64 `json:"plan"`    // Bash File, the brain's context and plan roles (the package index is loaded before)
	Pyramid float64 `json:"pyramid"` // mining, the brain's pyramid role, alignment
}

// Map is the phases as the report records them.
func (p Phases) Map() map[string]float64 {
	return map[string]float64{"graph": p.Graph, "plan": p.Plan, "pyramid": p.Pyramid}
}

// JSON returns plan.json: indented, schema_version set, no HTML escaping
// (commands hold < > &).
func (p *Plan) JSON() ([]byte, error) {
	q := *p
	q.SchemaVersion = SchemaVersion
	if q.Pyramid != nil {
		pyr := *q.Pyramid
		pyr.SchemaVersion = pyramid.SchemaVersion
		if pyr.Commands == nil {
			pyr.Commands = []pyramid.Command{}
		}
		q.Pyramid = &pyr
	}
	q.Stacks, q.Unsupported, q.Notes = nonNil(q.Stacks), nonNil(q.Unsupported), nonNil(q.Notes)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&q); err != nil {
		return nil, fmt.Errorf("encode plan: %w", err)
	}
	return b.Bytes(), nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// ErrSchema means plan.json has no schema version or one this heragent
// does not read.
var ErrSchema = errors.New("unsupported plan.json schema")

// Load parses plan.json and checks it: a schema version this package
// reads, a valid Bash File (File.Validate), a valid pyramid (pyramid.Load:
// known buckets, levels matching them, compilable regexes), a known target
// level and a layout at the Bash File's RepoDir. Errors wrap ErrInput.
func Load(data []byte) (*Plan, error) {
	var head struct {
		SchemaVersion *int            `json:"schema_version"`
		Pyramid       json.RawMessage `json:"pyramid"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, inputError(fmt.Errorf("decode plan: %w", err))
	}
	switch {
	case head.SchemaVersion == nil:
		return nil, inputError(fmt.Errorf("decode plan: %w: no schema_version", ErrSchema))
	case *head.SchemaVersion > SchemaVersion:
		return nil, inputError(fmt.Errorf("decode plan: %w: schema_version %d is newer than this heragent reads (%d); use a newer heragent", ErrSchema, *head.SchemaVersion, SchemaVersion))
	case *head.SchemaVersion < 1:
		return nil, inputError(fmt.Errorf("decode plan: %w: schema_version %d (want 1..%d)", ErrSchema, *head.SchemaVersion, SchemaVersion))
	}
	var p Plan
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, inputError(fmt.Errorf("decode plan: %w", err))
	}
	if err := p.check(head.Pyramid); err != nil {
		return nil, inputError(fmt.Errorf("check plan: %w", err))
	}
	return &p, nil
}

// check validates a decoded plan; rawPyramid is its pyramid's JSON.
func (p *Plan) check(rawPyramid json.RawMessage) error {
	if p.File == nil {
		return errors.New("no Bash File (file)")
	}
	if err := p.File.Validate(); err != nil {
		return fmt.Errorf("file: %w", err)
	}
	if len(rawPyramid) == 0 || string(rawPyramid) == "null" {
		return errors.New("no pyramid")
	}
	pyr, err := pyramid.Load(rawPyramid)
	if err != nil {
		return err
	}
	p.Pyramid = pyr
	if p.Target != "" {
		if p.Target, err = pyramid.ParseLevel(string(p.Target)); err != nil {
			return fmt.Errorf("target: %w", err)
		}
	}
	switch p.Layout.RepoDir {
	case "":
		p.Layout.RepoDir = p.File.RepoDir
	case p.File.RepoDir:
	default:
		return fmt.Errorf("layout.repo_dir %q is not the Bash File's repo_dir %q", p.Layout.RepoDir, p.File.RepoDir)
	}
	if p.Layout.BuildDirs == nil {
		p.Layout.BuildDirs = map[string]string{}
	}
	p.Stacks, p.Unsupported, p.Notes = nonNil(p.Stacks), nonNil(p.Unsupported), nonNil(p.Notes)
	return nil
}
