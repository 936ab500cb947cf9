package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/bashfile/debindex"
	"github.com/heragent/heragent/loops"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// runFlags are the flags of `heragent run`.
type runFlags struct {
	engine    engineFlags
	graph     graphFlags
	out       string
	level     string
	brain     brainFlags
	goals     []string
	expect    []string
	offline   bool
	maxIter   int
	maxTime   time.Duration
	setupTime time.Duration
	cmdTime   time.Duration
	noCkpt    bool
	runID     string
	cpus      float64
	memoryMiB int64
}

func newRunCmd(g *globals) *cobra.Command {
	f := &runFlags{}
	cmd := &cobra.Command{
		Use:   "run <repo | git-url[#rev]>",
		Short: "Set up, build, test and run a repository in a container; export setup.sh, a Dockerfile and a report",
		Long: `run takes a repository to the highest maturity level it can prove:
Installable (it builds), Testable (its tests run), Runnable (its real entry
point runs). It builds the knowledge graph, generates the Bash File and the
Test Pyramid, runs the script in a fresh container and repairs it (execution
loop), then runs the pyramid level by level in the environment it made
(feedback loop). Outputs go to --out when the run ends: setup.sh,
Dockerfile, entrypoint.sh, pyramid.json, report.json, report.md,
trajectory.jsonl and logs/. Exits 1 when the run ends below --level.`,
		Example: `  heragent run testdata/repos/c-cmake
  heragent run ../jq --out /tmp/jq-env --level testable
  heragent run ./experiment --goal 'python train.py --epochs 1' --expect 'accuracy: 0\.\d+'`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runRun(cmd, g, f, args[0]) },
	}
	f.engine.register(cmd)
	fl := cmd.Flags()
	fl.StringVar(&f.out, "out", "", "output directory (default ./heragent-out/<repo name>)")
	fl.StringVar(&f.level, "level", "runnable", "level to reach: installable, testable or runnable")
	fl.StringArrayVar(&f.goals, "goal", nil, "a command that must succeed at the Runnable level (repeatable)")
	fl.StringArrayVar(&f.expect, "expect", nil, "a regex every goal's output must show (repeatable)")
	fl.StringVar(&f.graph.store, "store", "", "graph store: a file path (default <user cache dir>/heragent/graphs/<repo>.db) or neo4j://host:7687[/database]")
	fl.BoolVar(&f.offline, "offline", false, "use the cached Debian package index only")
	fl.IntVar(&f.maxIter, "max-iterations", 10, "repairs to apply at most")
	fl.DurationVar(&f.maxTime, "max-time", time.Hour, "wall-time budget of the execution and feedback loops")
	fl.DurationVar(&f.setupTime, "setup-timeout", 30*time.Minute, "time limit of one run of the Bash File")
	fl.DurationVar(&f.cmdTime, "command-timeout", 15*time.Minute, "time limit of one pyramid command")
	fl.BoolVar(&f.noCkpt, "no-checkpoints", false, "always run the whole Bash File from the base image")
	fl.StringVar(&f.runID, "run-id", "", "label containers and images with this run ID (default random; for `heragent gc --run`)")
	fl.Float64Var(&f.cpus, "cpus", 0, "CPU limit of each sandbox (default: all cores)")
	fl.Int64Var(&f.memoryMiB, "memory", 0, "memory limit of each sandbox in MiB (default 8192)")
	f.brain.register(cmd)
	return cmd
}

func runRun(cmd *cobra.Command, g *globals, f *runFlags, repo string) error {
	ctx := cmd.Context()
	stderr := cmd.ErrOrStderr()
	// Input errors first, before anything is started or written.
	repo, err := resolveRepo(ctx, repo) // a git URL is cloned into the cache
	if err != nil {
		return err
	}
	if err := sandbox.CheckRepoDir(repo); err != nil {
		return usageError(err)
	}
	target, err := pyramid.ParseLevel(f.level)
	if err != nil || target == pyramid.None {
		return usageError(fmt.Errorf("--level: want installable, testable or runnable, got %q", f.level))
	}
	mode, client, err := f.brain.client(cmd)
	if err != nil {
		return usageError(err)
	}
	mineOpts := pyramid.Options{Goals: f.goals, Expect: f.expect}
	if err := mineOpts.Validate(); err != nil {
		return usageError(err)
	}
	if f.out == "" {
		abs, _ := filepath.Abs(repo)
		f.out = filepath.Join("heragent-out", filepath.Base(abs))
	}
	if err := loops.CheckOutDir(f.out); err != nil {
		return usageError(err)
	}
	certs, err := f.engine.certs()
	if err != nil {
		return err
	}
	e, err := f.engine.connect(ctx)
	if err != nil {
		return err
	}
	defer e.Close()

	phases := map[string]float64{}
	t := time.Now()
	progress(g, stderr, report.Event{Phase: "graph", Message: "building the knowledge graph"})
	ix, _, closeGraph, err := openGraph(ctx, &f.graph, repo)
	if err != nil {
		return err
	}
	defer func() { closeGraph() }()
	phases["graph"] = time.Since(t).Seconds()

	t = time.Now()
	pkgs, err := debindex.Load(ctx, debindex.Options{Offline: f.offline})
	var notes []string
	if err != nil {
		notes = append(notes, "no Debian package index: "+oneLine(err.Error()))
		pkgs = nil
	}
	plan, err := bashfile.Generate(ctx, ix, bashfile.Options{Packages: pkgs})
	if err != nil {
		return fmt.Errorf("generate Bash File: %w", err)
	}
	var pi repair.PackageIndex
	if pkgs != nil {
		pi = repair.DebianIndex(pkgs)
	}
	brain, err := newBrain(mode, repair.RulesBrain{Index: pi, Repo: os.DirFS(repo).(fs.ReadFileFS)}, client)
	if err != nil {
		return err
	}
	facts := brain.Gather(ctx, ix, plan)
	brain.ImprovePlan(ctx, plan, facts)
	notes = append(notes, plan.Notes...)
	for _, u := range plan.Unsupported {
		notes = append(notes, "unsupported: "+u)
	}
	phases["plan"] = time.Since(t).Seconds()
	progress(g, stderr, report.Event{Phase: "plan", Message: fmt.Sprintf("Bash File for %s", strings.Join(plan.Stacks, ", "))})

	t = time.Now()
	pyr, err := pyramid.Mine(ctx, ix, mineOpts)
	if err != nil {
		return fmt.Errorf("mine test pyramid: %w", err)
	}
	pyr = brain.RefinePyramid(ctx, ix, pyr, target, facts)
	_, statErr := os.Stat(filepath.Join(repo, "Makefile"))
	dropped, rewritten := pyr.Align(plan.Stacks, statErr == nil)
	for _, c := range dropped {
		notes = append(notes, fmt.Sprintf("pyramid: dropped `%s` (another build system than the Bash File's %s)", c.Text, strings.Join(plan.Stacks, ", ")))
	}
	for _, c := range rewritten {
		notes = append(notes, fmt.Sprintf("pyramid: `%s` runs as `%s` (the Bash File builds with CMake in build/)", c.From, c.To))
	}
	phases["pyramid"] = time.Since(t).Seconds()
	closeGraph() // the loops do not query the graph: release its file lock
	closeGraph = func() {}
	progress(g, stderr, report.Event{Phase: "pyramid", Message: fmt.Sprintf("%d installable, %d testable, %d runnable commands",
		len(pyr.At(pyramid.Installable)), len(pyr.At(pyramid.Testable)), len(pyr.At(pyramid.Runnable)))})

	rep, err := loops.Run(ctx, loops.Docker(e), loops.RunOptions{
		Repo: repo, Out: f.out, Image: f.engine.image, CACerts: certs,
		Limits: sandbox.Limits{CPUs: f.cpus, MemoryBytes: f.memoryMiB << 20},
		File:   plan.File, Pyramid: pyr, Stacks: plan.Stacks, Notes: notes, Phases: phases,
		Repairer: brain,
		Target:   target, MaxIterations: f.maxIter, MaxTime: f.maxTime, SetupTimeout: f.setupTime, CommandTimeout: f.cmdTime,
		NoCheckpoints: f.noCkpt, RunID: f.runID, Chooser: brain, Reflector: brain, Journal: brain,
		Progress: func(ev report.Event) { progress(g, stderr, ev) },
	})
	if err != nil {
		if errors.Is(err, sandbox.ErrBadRepo) {
			return usageError(err)
		}
		return err
	}
	if err := g.emit(cmd.OutOrStdout(), rep, func(w io.Writer) { printRunSummary(w, rep, f.out) }); err != nil {
		return err
	}
	if rep.Level.Rank() < target.Rank() {
		return belowLevelError(fmt.Errorf("reached %s, asked %s: %s", rep.Level, target, rep.WhyNotHigher))
	}
	return nil
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
	fmt.Fprintf(w, "outputs: %s/{setup.sh,Dockerfile,entrypoint.sh,report.md,report.json,pyramid.json,trajectory.jsonl,logs/}\n", out)
}
