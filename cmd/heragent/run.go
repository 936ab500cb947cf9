package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/heragent/heragent/loops"
	"github.com/heragent/heragent/pipeline"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// runFlags are the flags of `heragent run`.
type runFlags struct {
	analysis  analysisFlags
	engine    engineFlags
	plan      string // --plan: run this plan.json instead of analysing
	out       string
	maxIter   int
	maxTime   time.Duration
	setupTime time.Duration
	cmdTime   time.Duration
	noCkpt    bool
	layerOnly bool // --layer-only: make the shared toolchain layer and stop
	noCaches  bool
	runID     string
	cpus      float64
	memoryMiB int64
	maxRepo   sizeFlag
	ckptCap   sizeFlag
	proofNet  string
}

func newRunCmd(g *globals) *cobra.Command {
	cmd, _ := runCommand(g)
	return cmd
}

// runCommand is `heragent run` and its flags.
func runCommand(g *globals) (*cobra.Command, *runFlags) {
	f := &runFlags{maxRepo: sizeFlag(sandbox.DefaultMaxRepoSize), ckptCap: sizeFlag(sandbox.DefaultCheckpointCap)}
	cmd := &cobra.Command{
		Use:   "run (<repo | git-url[#rev]> | --plan plan.json [repo])",
		Short: "Set up, build, test and run a repository in a container; export setup.sh, a Dockerfile and a report",
		Long: `run takes a repository to the highest maturity level it can prove:
Installable (it builds), Testable (its tests run), Runnable (its real entry
point runs). It analyses the repository into a plan — the knowledge graph,
the Bash File, the Test Pyramid aligned to it; what 'heragent plan --json'
prints — runs the script in a fresh container and repairs it (execution
loop), then runs the pyramid level by level in the environment it made
(feedback loop). With --plan it runs a saved (and possibly edited)
plan.json as it is, without analysing; the repository is the plan's unless
given. Outputs go to --out when the run ends: setup.sh, Dockerfile,
entrypoint.sh, .devcontainer/devcontainer.json, pyramid.json, report.json, report.md, report.html,
trajectory.jsonl and logs/. The repository's heragent.yaml (or --config
FILE) adds packages, environment, commands to use or skip, the project's
subdirectory and a time limit; --bash-file starts from a Bash File of
your own. Exits 1 when the run ends below --level.`,
		Example: `  heragent run testdata/repos/c-cmake
  heragent run ../jq --out /tmp/jq-env --level testable
  heragent run ./experiment --goal 'python train.py --epochs 1' --expect 'accuracy: 0\.\d+'
  heragent plan ../jq --json > plan.json; $EDITOR plan.json; heragent run --plan plan.json`,
		Args: rangeArgs(0, 1),
		RunE: func(cmd *cobra.Command, args []string) error { return runRun(cmd, g, f, args) },
	}
	f.analysis.register(cmd)
	f.engine.register(cmd)
	fl := cmd.Flags()
	fl.StringVar(&f.plan, "plan", "", "run this plan.json (from 'heragent plan --json') instead of analysing the repository")
	fl.StringVar(&f.out, "out", "", "output directory (default ./heragent-out/<repo name>)")
	fl.IntVar(&f.maxIter, "max-iterations", 10, "repairs to apply at most")
	fl.DurationVar(&f.maxTime, "max-time", time.Hour, "wall-time budget of the execution and feedback loops; when spent the run ends with the best level proved")
	fl.DurationVar(&f.setupTime, "setup-timeout", 30*time.Minute, "time limit of one run of the Bash File")
	fl.DurationVar(&f.cmdTime, "command-timeout", 15*time.Minute, "time limit of one pyramid command")
	fl.BoolVar(&f.layerOnly, "layer-only", false, layerOnlyHelp)
	fl.BoolVar(&f.noCkpt, "no-checkpoints", false, "always run the whole Bash File from the base image")
	fl.BoolVar(&f.noCaches, "no-caches", false, "mount no build-cache volumes (ccache, Go's build cache): every compile from cold")
	fl.StringVar(&f.runID, "run-id", "", "label containers and images with this run ID (default random; for `heragent gc --run-id`)")
	fl.Float64Var(&f.cpus, "cpus", 0, "CPU limit of each sandbox (default: all cores)")
	fl.Int64Var(&f.memoryMiB, "memory", 0, "memory limit of each sandbox in MiB (default 8192)")
	fl.Var(&f.maxRepo, "max-repo-size", maxRepoSizeUsage)
	fl.StringVar(&f.proofNet, "proof-network", proofIsolated, "network of the feedback phase (the pyramid's commands, after the Bash File ran): isolated (the setup's: registries and mirrors, never the host) or none (loopback only)")
	fl.Var(&f.ckptCap, "checkpoint-cap", "after the run, evict the least recently used checkpoint images (of runs no longer going) until they take at most this, e.g. 20GiB")
	return cmd, f
}

// checkLimits rejects limits that mean nothing: a negative count or size,
// a time limit that is not positive.
func (f *runFlags) checkLimits() error {
	for _, d := range []struct {
		flag string
		v    time.Duration
	}{{"--max-time", f.maxTime}, {"--setup-timeout", f.setupTime}, {"--command-timeout", f.cmdTime}} {
		if d.v <= 0 {
			return fmt.Errorf("%s must be a positive duration, got %s", d.flag, d.v)
		}
	}
	switch {
	case f.proofNet != proofIsolated && f.proofNet != sandbox.NetworkNone:
		return fmt.Errorf("--proof-network must be %s or %s, got %q", proofIsolated, sandbox.NetworkNone, f.proofNet)
	case f.maxIter < 0:
		return fmt.Errorf("--max-iterations must be 0 or more, got %d", f.maxIter)
	case f.cpus < 0:
		return fmt.Errorf("--cpus must be 0 (all cores) or more, got %g", f.cpus)
	case f.memoryMiB < 0:
		return fmt.Errorf("--memory must be 0 (the default) or more MiB, got %d", f.memoryMiB)
	}
	return nil
}

// runPlan is what the loops execute: the plan and the run's own notes,
// identity and phases.
type runPlan struct {
	*pipeline.Plan
	brain  runBrain
	notes  []string
	phases map[string]float64
	commit string
	dirty  bool
}

func runRun(cmd *cobra.Command, g *globals, f *runFlags, args []string) error {
	ctx := cmd.Context()
	stderr := cmd.ErrOrStderr()
	// Input errors first, before anything is started or written.
	if err := f.checkLimits(); err != nil {
		return usageError(err)
	}
	a, err := f.analysis.check(cmd)
	if err != nil {
		return err
	}
	saved, err := f.loadPlan(cmd, args)
	if err != nil {
		return err
	}
	repo, err := f.repo(ctx, saved, args) // a git URL is cloned into the cache
	if err != nil {
		return err
	}
	if err := f.applyConfig(cmd, a, saved, repo); err != nil {
		return err
	}
	if f.layerOnly {
		return runLayerOnly(cmd, g, f, a, saved, repo)
	}
	target := a.target
	if saved != nil && saved.Target != "" && !cmd.Flags().Changed("level") {
		target = saved.Target
	}
	if f.out == "" {
		abs, _ := filepath.Abs(repo)
		f.out = filepath.Join("heragent-out", filepath.Base(abs))
	}
	if err := loops.CheckOutDir(f.out); err != nil {
		return usageError(err)
	}
	if f.runID == "" {
		f.runID = sandbox.NewRunID()
	}
	release, err := hold(func(m string) { progress(g, stderr, report.Event{Phase: "output", Message: m}) }, f.runID, "run", f.out)
	if err != nil {
		return err
	}
	defer release() // after the engine's Close below has removed the containers
	e, certs, rp, err := f.engineAndPlan(cmd, g, a, saved, repo)
	if err != nil {
		return err
	}
	defer e.Close()
	opts := loops.RunOptions{
		Repo: repo, Out: f.out, Image: f.engine.image, CACerts: certs,
		Limits: sandbox.Limits{CPUs: f.cpus, MemoryBytes: f.memoryMiB << 20, RepoBytes: int64(f.maxRepo)},
		File:   rp.File, Pyramid: rp.Pyramid, Stacks: rp.Stacks, Notes: rp.notes, Phases: rp.phases,
		Commit: rp.commit, Dirty: rp.dirty, Name: rp.Name, Repairer: rp.brain,
		Source: pipeline.Origin(repo), PublicBase: e.PublicBase(ctx, f.engine.image),
		Target: target, MaxIterations: f.maxIter, MaxTime: f.maxTime, SetupTimeout: f.setupTime, CommandTimeout: f.cmdTime,
		Config:       rp.reportConfig(),
		ProofNetwork: f.proofNet, NoCheckpoints: f.noCkpt, CheckpointCap: int64(f.ckptCap), Caches: f.caches(), RunID: f.runID, Chooser: rp.brain, Reflector: rp.brain, Journal: rp.brain,
		Progress: func(ev report.Event) { progress(g, stderr, ev) },
	}
	rep, err := loops.Run(ctx, loops.Docker(e), opts)
	if err == nil {
		rep, err = f.onNewerRelease(ctx, e, rep, opts, func(m string) { progress(g, stderr, report.Event{Phase: "image", Message: m}) })
	}
	if err != nil {
		if errors.Is(err, sandbox.ErrBadRepo) {
			return usageError(err)
		}
		return err
	}
	warnIsolation(stderr, e.Isolation())
	if err := g.emit(cmd.OutOrStdout(), rep, func(w io.Writer) { printRunSummary(w, rep, f.out) }); err != nil {
		return err
	}
	if rep.Level.Rank() < target.Rank() {
		return belowLevelError(fmt.Errorf("reached %s, asked %s: %s", rep.Level, target, rep.WhyNotHigher))
	}
	return nil
}

// engineAndPlan reads the CA certificates, connects to the engine (the
// caller closes it) and makes the run's plan.
func (f *runFlags) engineAndPlan(cmd *cobra.Command, g *globals, a *analysis, saved *pipeline.Plan, repo string) (*sandbox.Engine, []sandbox.CACert, *runPlan, error) {
	certs, err := f.engine.certs()
	if err != nil {
		return nil, nil, nil, err
	}
	e, err := f.engine.connect(cmd.Context())
	if err != nil {
		return nil, nil, nil, err
	}
	say := func(phase, msg string) { progress(g, cmd.ErrOrStderr(), report.Event{Phase: phase, Message: msg}) }
	rp, err := f.prepare(cmd.Context(), a, saved, repo, say)
	if err != nil {
		e.Close()
		return nil, nil, nil, err
	}
	return e, certs, rp, nil
}

// proofIsolated is --proof-network's default: the sandbox keeps the
// network it had for the setup (isolated from the host).
const proofIsolated = "isolated"

// warnIsolation says on stderr when sandboxes were not kept off the
// engine's host (the report's notes say it too).
func warnIsolation(w io.Writer, iso sandbox.Isolation) {
	if (iso.Detail != "" && !iso.Enforced) || iso.BuildsExposed {
		fmt.Fprintf(w, "heragent: warning: %s\n", iso.Note())
	}
}

// analysisOnly are the flags that shape the analysis alone: with --plan
// they would be silently ignored, so they are refused.
var analysisOnly = []string{"goal", "expect", "store", "config", "bash-file"}

// loadPlan reads --plan, if given; without it a repository is required.
func (f *runFlags) loadPlan(cmd *cobra.Command, args []string) (*pipeline.Plan, error) {
	if f.plan == "" {
		if len(args) != 1 {
			return nil, usageError(fmt.Errorf("accepts 1 arg(s), received %d (or --plan plan.json)", len(args)))
		}
		return nil, nil
	}
	for _, name := range analysisOnly {
		if cmd.Flags().Changed(name) {
			return nil, usageError(fmt.Errorf("--%s does not apply with --plan: the plan is made; edit it or make a new one with 'heragent plan --json'", name))
		}
	}
	b, err := os.ReadFile(f.plan)
	if err != nil {
		return nil, usageError(fmt.Errorf("--plan: %w", err))
	}
	p, err := pipeline.Load(b)
	if err != nil {
		return nil, usageError(fmt.Errorf("--plan %s: %w", f.plan, err))
	}
	return p, nil
}

// repo is the repository to run: the argument, else the saved plan's.
func (f *runFlags) repo(ctx context.Context, saved *pipeline.Plan, args []string) (string, error) {
	ref := ""
	switch {
	case len(args) == 1:
		ref = args[0]
	case saved.Repo != "":
		ref = saved.Repo
	default:
		return "", usageError(fmt.Errorf("--plan %s names no repository: give it as an argument", f.plan))
	}
	repo, err := resolveRepo(ctx, ref)
	if err != nil {
		return "", err
	}
	if err := sandbox.CheckRepoDir(repo); err != nil {
		return "", usageError(err)
	}
	if err := sandbox.CheckRepoSize(repo, int64(f.maxRepo)); err != nil {
		return "", usageError(err)
	}
	return repo, nil
}

// prepare analyses the repository into a plan, or takes the saved one
// (then only the brain is built and the checkout identified).
func (f *runFlags) prepare(ctx context.Context, a *analysis, saved *pipeline.Plan, repo string, say func(phase, msg string)) (*runPlan, error) {
	if saved == nil {
		p, brain, err := a.plan(ctx, repo, say)
		if err != nil {
			return nil, err
		}
		return &runPlan{Plan: p, brain: brain, notes: p.Notes, phases: p.Phases.Map(), commit: p.Commit, dirty: p.Dirty}, nil
	}
	brain, _, note, err := a.newBrain(ctx, repo)
	if err != nil {
		return nil, err
	}
	rp := &runPlan{Plan: saved, brain: brain, notes: append([]string{}, saved.Notes...), phases: map[string]float64{}}
	rp.commit, rp.dirty = pipeline.Identify(repo)
	rp.notes = append(rp.notes, "plan: "+f.plan+", not re-analysed")
	if saved.Commit != "" && saved.Commit != rp.commit {
		rp.notes = append(rp.notes, fmt.Sprintf("plan: made from commit %s; the checkout is at %s", short(saved.Commit), orNone(short(rp.commit))))
	}
	if note != "" {
		rp.notes = append(rp.notes, note)
	}
	say("plan", fmt.Sprintf("plan %s: Bash File for %s, %d pyramid commands", f.plan, strings.Join(saved.Stacks, ", "), len(saved.Pyramid.Commands)))
	return rp, nil
}

// applyConfig reads the user's configuration before anything starts (a
// bad file is a usage error) and takes its time limit as --max-time
// unless that flag was given. A saved plan was made with its
// configuration: nothing is read.
func (f *runFlags) applyConfig(cmd *cobra.Command, a *analysis, saved *pipeline.Plan, repo string) error {
	if saved != nil {
		return nil
	}
	cfg, err := a.loadConfig(repo)
	if err != nil {
		return err
	}
	a.opts.Config = cfg
	if cfg != nil && cfg.MaxTime.Duration > 0 && !cmd.Flags().Changed("max-time") {
		f.maxTime = cfg.MaxTime.Duration
	}
	return nil
}

// reportConfig is what the user's configuration and Bash File changed in
// the plan, for the report; nil when there were none.
func (rp *runPlan) reportConfig() *report.Config {
	if len(rp.Config) == 0 {
		return nil
	}
	var files []string
	for _, f := range []string{rp.ConfigFile, rp.BashFile} {
		if f != "" {
			files = append(files, f)
		}
	}
	return &report.Config{File: strings.Join(files, ", "), Applied: rp.Config}
}

// short abbreviates a commit.
func short(commit string) string {
	if len(commit) > 12 {
		return commit[:12]
	}
	return commit
}

func orNone(s string) string {
	if s == "" {
		return "no git commit"
	}
	return s
}

// progress prints a run event to stderr: a line of text, or a JSON line
// with --json.
func progress(g *globals, w io.Writer, ev report.Event) {
	if g.json {
		json.NewEncoder(w).Encode(ev)
		return
	}
	what := ev.Message
	if ev.Command != "" {
		what = ev.Command + ": " + ev.Message
	}
	fmt.Fprintf(w, "[%6.1fs] %-8s #%d %s\n", ev.T, ev.Phase, ev.Iteration, oneLine(what))
}

func printRunSummary(w io.Writer, r *report.Report, out string) {
	fmt.Fprintf(w, "level reached: %s (asked %s) in %.0fs, %d repair iteration(s)\n", r.Level, r.Target, r.Seconds, r.Iterations)
	if r.Tests.Total() > 0 {
		fmt.Fprintf(w, "tests: %d passed, %d failed, %d skipped\n", r.Tests.Passed, r.Tests.Failed+r.Tests.Errors, r.Tests.Skipped)
	}
	if r.Runnable != "" {
		fmt.Fprintf(w, "runnable: %s\n", r.Runnable)
	}
	if r.WhyNotHigher != "" {
		fmt.Fprintf(w, "why not higher: %s\n", r.WhyNotHigher)
	}
	printUsage(w, r)
	fmt.Fprintf(w, "outputs: %s/{setup.sh,Dockerfile,entrypoint.sh,.devcontainer/devcontainer.json,report.md,report.html,report.json,pyramid.json,trajectory.jsonl,logs/}\n", out)
}

// caches are the build-cache volumes the run's sandboxes mount.
func (f *runFlags) caches() []sandbox.Cache {
	if f.noCaches {
		return nil
	}
	return sandbox.DefaultCaches()
}
