package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"github.com/heragent/heragent/agents"
	"github.com/heragent/heragent/bashfile/debindex"
	"github.com/heragent/heragent/config"
	"github.com/heragent/heragent/pipeline"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/source"
)

// storeHelp is the help of every --store flag (pipeline.OpenGraph,
// pipeline.DefaultStorePath and pipeline.RepoName say the same).
const storeHelp = "graph store: a file path, or neo4j://host:7687[/database] (also neo4j+s://, bolt://) " +
	"(default: one file per repository, <user cache dir>/heragent/graphs/<directory name>-<hash of its path>.db)"

// registerStore declares --store on cmd's flags, or its persistent flags
// for a command whose subcommands share it.
func registerStore(cmd *cobra.Command, persistent bool, p *string) {
	fl := cmd.Flags()
	if persistent {
		fl = cmd.PersistentFlags()
	}
	fl.StringVar(p, "store", "", storeHelp)
}

// analysisFlags are the flags of the commands that analyse a repository:
// plan, pyramid and run declare the same ones, so they make the same Plan.
type analysisFlags struct {
	graph  graphFlags
	index  indexFlags
	goals  []string
	expect []string
	level  string
	config string // --config: the user's configuration instead of <repo>/heragent.yaml
	bash   string // --bash-file: the user's Bash File instead of the generated one
	brain  brainFlags
}

func (f *analysisFlags) register(cmd *cobra.Command) {
	registerStore(cmd, false, &f.graph.store)
	f.index.register(cmd)
	fl := cmd.Flags()
	fl.BoolVar(&f.index.offline, "offline", false, "use the cached Debian package index only, never the network")
	fl.StringArrayVar(&f.goals, "goal", nil, "a command that must succeed at the Runnable level (repeatable)")
	fl.StringArrayVar(&f.expect, "expect", nil, "a regex every goal's output must show (repeatable)")
	fl.StringVar(&f.level, "level", "runnable", "level to reach: installable, testable or runnable")
	fl.StringVar(&f.config, "config", "", "the user's configuration (schema: config/schema.json) instead of the repository's heragent.yaml")
	fl.StringVar(&f.bash, "bash-file", "", "start from this Bash File (an exported setup.sh, edited) instead of the generated one; the pyramid is mined for it")
	f.brain.register(cmd)
}

// analysis is the checked analysis flags: what is needed to analyse a
// repository or to build the brain of a run.
type analysis struct {
	target pyramid.Level
	mode   agents.Mode
	client *agents.Client
	index  debindex.Options
	opts   pipeline.Options // graph, goals, expect, target
	config string           // --config, "" for the repository's heragent.yaml
	// warn, when set, hears the analysis' warnings (no package index).
	warn func(string)
}

// check validates the flags before any work starts; its errors are usage
// errors.
func (f *analysisFlags) check(cmd *cobra.Command) (*analysis, error) {
	target, err := pyramid.ParseLevel(f.level)
	if err != nil || target == pyramid.None {
		return nil, usageError(fmt.Errorf("--level: want installable, testable or runnable, got %q", f.level))
	}
	if err := (pyramid.Options{Goals: f.goals, Expect: f.expect}).Validate(); err != nil {
		return nil, usageError(err)
	}
	mode, client, err := f.brain.client(cmd)
	if err != nil {
		return nil, usageError(err)
	}
	a := &analysis{target: target, mode: mode, client: client, index: f.index.options(),
		opts: pipeline.Options{Graph: f.graph.options(), Goals: f.goals, Expect: f.expect, Target: target}, config: f.config}
	if f.bash != "" {
		if a.opts.BashFile, err = pipeline.LoadBashFile(f.bash); err != nil {
			return nil, usageError(err)
		}
		a.opts.BashFilePath = f.bash
	}
	return a, nil
}

// newBrain loads the Debian package index and builds the brain of a run
// on repo; note says why there is no index.
func (a *analysis) newBrain(ctx context.Context, repo string) (b runBrain, pkgs *debindex.Index, note string, err error) {
	pkgs, note = pipeline.LoadPackages(ctx, a.index)
	if note != "" && a.warn != nil {
		a.warn(note)
	}
	var pi repair.PackageIndex
	if pkgs != nil {
		pi = repair.DebianIndex(pkgs)
	}
	b, err = newBrain(a.mode, repair.RulesBrain{Index: pi, Repo: os.DirFS(repo).(fs.ReadFileFS)}, a.client)
	return b, pkgs, note, err
}

// plan analyses repo (a directory) into a Plan; progress hears of each
// phase. It returns the brain too: run hands it to the loops.
func (a *analysis) plan(ctx context.Context, repo string, progress func(phase, msg string)) (*pipeline.Plan, runBrain, error) {
	if _, err := pipeline.RepoDir(repo); err != nil { // before the index and the brain
		return nil, nil, analysisError(err)
	}
	if a.opts.Config == nil {
		cfg, err := a.loadConfig(repo)
		if err != nil {
			return nil, nil, err
		}
		a.opts.Config = cfg
	}
	brain, pkgs, note, err := a.newBrain(ctx, repo)
	if err != nil {
		return nil, nil, err
	}
	o := a.opts
	o.Packages, o.Brain, o.Progress = pkgs, brain, progress
	if note != "" {
		o.Notes = []string{note}
	}
	o.Notes = append(o.Notes, source.Notes(repo)...) // submodules a clone could not fetch
	p, err := pipeline.Analyze(ctx, repo, o)
	if err != nil {
		return nil, nil, analysisError(err)
	}
	return p, brain, nil
}

// loadConfig reads --config, else the repository's heragent.yaml (nil
// when there is none); a bad file is a usage error naming its line.
func (a *analysis) loadConfig(repo string) (*config.Config, error) {
	c, err := config.Load(repo, a.config)
	if err != nil {
		return nil, usageError(err)
	}
	return c, nil
}

// analysisError gives a pipeline error its exit code: 2 for the caller's
// input, 130 for an interruption (left to main), 3 otherwise.
func analysisError(err error) error {
	switch {
	case errors.Is(err, pipeline.ErrInput):
		return usageError(err)
	case errors.Is(err, context.Canceled):
		return err
	}
	return envError(err)
}
