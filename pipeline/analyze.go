package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/bashfile/debindex"
	"github.com/heragent/heragent/config"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/retrieval"
)

// The brain's roles the analysis consults. They are declared here, where
// they are consumed; the agents package implements them (rules, LLM,
// hybrid) and the pipeline never knows which one answers.
type (
	// ContextRole decides whether the context is sufficient, exploring the
	// graph if needed, and returns the facts that matter.
	ContextRole interface {
		Gather(ctx context.Context, ix *retrieval.Index, plan *bashfile.Plan) []string
	}
	// PlanRole improves (or writes) the generated Bash File in place.
	PlanRole interface {
		ImprovePlan(ctx context.Context, plan *bashfile.Plan, facts []string)
	}
	// PyramidRole extracts, classifies and adjusts the mined commands.
	PyramidRole interface {
		RefinePyramid(ctx context.Context, ix *retrieval.Index, p *pyramid.Pyramid, target pyramid.Level, facts []string) *pyramid.Pyramid
	}
	// Brain answers the three analysis roles.
	Brain interface {
		ContextRole
		PlanRole
		PyramidRole
	}
	// decisionLog is a brain that records its decisions (the loops'
	// Journal does); the Plan keeps those of the analysis.
	decisionLog interface {
		Decisions() []report.Decision
	}
)

// Options configure Analyze.
type Options struct {
	Graph GraphOptions // graph store and build options
	// Packages is the Debian package index (LoadPackages); nil: only
	// debindex's override lists name packages, and the Bash File says so.
	Packages *debindex.Index
	// Notes come first in the Plan's notes (LoadPackages' note on a
	// missing index).
	Notes  []string
	Goals  []string      // --goal: Runnable commands the run must pass
	Expect []string      // --expect: regexes every goal's output must show
	Target pyramid.Level // the level the pyramid role refines for; Runnable when empty
	// Config is the user's configuration (heragent.yaml, --config); nil
	// for none. Its project directory is analysed, its packages and
	// environment join the Bash File, its commands the pyramid.
	Config *config.Config
	// BashFile is the user's own Bash File (LoadBashFile) used instead of
	// the generated one, BashFilePath where it was read; nil to generate.
	BashFile     *bashfile.File
	BashFilePath string
	// Devcontainer is the repository's own devcontainer.json, read for
	// hints; nil: Analyze reads it (ReadDevcontainer).
	Devcontainer *Devcontainer
	// Brain answers the analysis roles; nil keeps the detectors' Bash
	// File and the miners' pyramid.
	Brain Brain
	// Progress, when set, hears of each phase: "graph", "plan", "pyramid".
	Progress func(phase, message string)
}

// LoadPackages loads the Debian package index. When it cannot, it returns
// nil and a note saying why, for Options.Notes.
func LoadPackages(ctx context.Context, o debindex.Options) (*debindex.Index, string) {
	pkgs, err := debindex.Load(ctx, o)
	if err != nil {
		return nil, "no Debian package index: " + firstLine(err.Error())
	}
	return pkgs, ""
}

// Analyze runs the analysis of the repository directory repo: the graph,
// the Bash File, the brain's context and plan roles, the pyramid mined for
// the Bash File's layout, the brain's pyramid role and the alignment of
// the pyramid to the layout. It runs nothing of the repository.
func Analyze(ctx context.Context, repo string, o Options) (*Plan, error) {
	if err := (pyramid.Options{Goals: o.Goals, Expect: o.Expect}).Validate(); err != nil {
		return nil, inputError(err)
	}
	if o.Target == "" {
		o.Target = pyramid.Runnable
	}
	abs, err := RepoDir(repo)
	if err != nil {
		return nil, err
	}
	p := &Plan{SchemaVersion: SchemaVersion, Repo: abs, Target: o.Target, Goals: o.Goals, Expect: o.Expect,
		Notes: append([]string{}, o.Notes...)}
	p.Commit, p.Dirty = Identify(abs)
	src, err := projectDir(abs, o.Config)
	if err != nil {
		return nil, err
	}
	if o.Config != nil {
		p.ConfigFile = o.Config.Path
	}
	if o.Devcontainer == nil {
		if o.Devcontainer, err = ReadDevcontainer(abs); err != nil {
			p.Notes = append(p.Notes, "devcontainer: "+firstLine(err.Error()))
		}
	}

	t := time.Now()
	o.progress("graph", "building the knowledge graph")
	ix, _, closeGraph, err := OpenGraph(ctx, src, o.Graph)
	if err != nil {
		return nil, err
	}
	defer closeGraph() // the loops do not query the graph: its file lock goes with Analyze
	p.Phases.Graph = since(t)
	p.Name = ix.ProjectName(ctx)

	t = time.Now()
	facts, err := p.generate(ctx, ix, o)
	if err != nil {
		return nil, err
	}
	p.Phases.Plan = since(t)
	o.progress("plan", "Bash File for "+strings.Join(p.Stacks, ", "))

	t = time.Now()
	if err := p.mine(ctx, ix, o, facts); err != nil {
		return nil, err
	}
	p.Phases.Pyramid = since(t)
	o.progress("pyramid", fmt.Sprintf("%d installable, %d testable, %d runnable commands",
		len(p.Pyramid.At(pyramid.Installable)), len(p.Pyramid.At(pyramid.Testable)), len(p.Pyramid.At(pyramid.Runnable))))
	if d, ok := o.Brain.(decisionLog); ok {
		p.Decisions = d.Decisions()
	}
	return p, nil
}

// generate writes the Bash File and lets the brain gather facts and
// improve it; it returns the facts for the pyramid role.
func (p *Plan) generate(ctx context.Context, ix *retrieval.Index, o Options) ([]string, error) {
	bp, err := bashfile.Generate(ctx, ix, bashfile.Options{Packages: o.Packages})
	if err != nil {
		return nil, fmt.Errorf("generate Bash File: %w", err)
	}
	var facts []string
	if o.Brain != nil {
		facts = o.Brain.Gather(ctx, ix, bp)
		if o.BashFile == nil { // the user's file is not rewritten
			o.Brain.ImprovePlan(ctx, bp, facts)
		}
	}
	p.File, p.Stacks, p.Unsupported, p.Layout = bp.File, bp.Stacks, bp.Unsupported, bp.Layout
	if o.BashFile != nil {
		p.useBashFile(o.BashFile, o.BashFilePath)
	}
	p.Notes = append(p.Notes, bp.Notes...)
	for _, u := range bp.Unsupported {
		p.Notes = append(p.Notes, "unsupported: "+u)
	}
	idx := o.Packages
	if o.BashFile != nil {
		idx = nil // the user's Bash File gets no hints, only notes
	}
	p.applyDevcontainer(o.Devcontainer, idx)
	if err := p.applyFile(o.Config); err != nil {
		return nil, err
	}
	if err := p.File.Validate(); err != nil {
		return nil, inputError(fmt.Errorf("the Bash File with the configuration: %w", err))
	}
	return facts, nil
}

// mine mines the pyramid for the Bash File's layout, lets the brain refine
// it and aligns it to the layout, noting what the alignment changed.
func (p *Plan) mine(ctx context.Context, ix *retrieval.Index, o Options, facts []string) error {
	pyr, err := pyramid.Mine(ctx, ix, pyramid.Options{Goals: o.Goals, Expect: o.Expect, Layout: p.Layout, Stacks: p.Stacks, User: userCommands(o.Config)})
	if err != nil {
		return fmt.Errorf("mine test pyramid: %w", err)
	}
	if o.Brain != nil {
		pyr = o.Brain.RefinePyramid(ctx, ix, pyr, o.Target, facts)
	}
	_, statErr := os.Stat(filepath.Join(p.Repo, "Makefile"))
	dropped, rewritten := pyr.Align(p.Layout, statErr == nil)
	for _, c := range dropped {
		p.Notes = append(p.Notes, fmt.Sprintf("pyramid: dropped `%s` (another build system than the Bash File's %s)", c.Text, strings.Join(p.Stacks, ", ")))
	}
	for _, c := range rewritten {
		p.Notes = append(p.Notes, fmt.Sprintf("pyramid: `%s` runs as `%s` (the Bash File builds with CMake in %s/)", c.From, c.To, p.Layout.BuildDir("cmake")))
	}
	if !p.File.InstallsMake() {
		for _, c := range pyr.WithoutMakeRunners(ctx, ix) {
			p.Notes = append(p.Notes, fmt.Sprintf("pyramid: dropped `%s` (its target only runs the stack's test runner, which the pyramid runs itself; the Bash File installs no make)", c.Text))
		}
	}
	pyr.SchemaVersion = pyramid.SchemaVersion
	p.Pyramid = pyr
	if o.BashFile == nil { // the user's Bash File is not added to
		p.applyServices(ctx, ix)
		p.applySessionBus(ctx, ix)
	}
	p.applyPyramid(o.Config)
	return nil
}

func (o Options) progress(phase, msg string) {
	if o.Progress != nil {
		o.Progress(phase, msg)
	}
}

func since(t time.Time) float64 { return time.Since(t).Seconds() }

// firstLine is the first line of a possibly multi-line message.
func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return strings.TrimSpace(s[:i]) + " (…)"
	}
	return s
}
