// Package loops takes a repository up the maturity levels in containers:
// the execution loop runs the Bash File and repairs it until it runs to the
// end, the feedback loop runs the Test Pyramid level by level in the
// environment it made, and the search keeps the strongest state proved
// (rolling back repairs that lose what was proved). It also re-proves a run
// from its exports (Verify) and writes them. It talks to containers only
// through the small Engine and Sandbox interfaces (engine.go), and holds no
// language knowledge: the pyramid judges, repair diagnoses. See README.md.
package loops

import (
	"context"
	"fmt"
	"github.com/heragent/heragent/internal/outmark"
	"os"
	"path/filepath"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/internal/buildinfo"
	"github.com/heragent/heragent/internal/bytesize"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// Repairer proposes Bash File repairs for a failure: the rules knowledge
// base, an LLM, or both. tried lists what was proposed before in this run.
type Repairer interface {
	Name() string
	Propose(ctx context.Context, f repair.Failure, file *bashfile.File, tried []repair.Proposal) []repair.Proposal
}

// RunOptions configures Run.
type RunOptions struct {
	Repo     string
	Out      string // output directory; written atomically at the end
	Image    string
	CACerts  []sandbox.CACert
	Limits   sandbox.Limits
	File     *bashfile.File   // the initial Bash File (Run works on a copy)
	Pyramid  *pyramid.Pyramid // the commands that prove each level (Run works on a copy)
	Repairer Repairer
	Target   pyramid.Level // stop once reached; Runnable when empty
	Stacks   []string      // for the report
	RunID    string        // labels containers and images; random when empty
	// Commit is the repository's git commit ("" when it is not a git
	// checkout: the report then names the tree's hash); Dirty when the
	// checkout had uncommitted changes.
	Commit string
	Dirty  bool
	// Name is the project's name (its build files'), which names its
	// programs and libraries; the checkout directory's name when empty.
	Name string
	// Source is the repository's URL (pipeline.Origin) and PublicBase the
	// public image equivalent to Image (sandbox.PublicBase), for the
	// exported Dockerfile; "" leaves the URL out and takes Image.
	Source, PublicBase string

	// Chooser, Reflector and Journal are the brain's other roles; nil
	// keeps the deterministic behaviour (loops/roles.go).
	Chooser   CommandChooser
	Reflector Reflector
	Journal   Journal

	MaxIterations  int           // repairs applied, at most (default 10)
	MaxTime        time.Duration // wall time of the loops (default 1h)
	SetupTimeout   time.Duration // one run of the Bash File (default 30m)
	CommandTimeout time.Duration // one pyramid command (default 15m)
	NoCheckpoints  bool          // always run the whole script from the base image
	// CheckpointCap bounds the disk the checkpoint images take together;
	// after the run the least recently used are evicted down to it
	// (sandbox.DefaultCheckpointCap when 0, no eviction when negative).
	CheckpointCap int64
	Caches        []sandbox.Cache // build-cache volumes the sandboxes mount (sandbox.DefaultCaches)
	// ProofNetwork is sandbox.NetworkNone to run the feedback phase (the
	// pyramid's commands, after the Bash File ran) with no network at
	// all; otherwise it keeps the setup's network, which cannot reach the
	// host either.
	ProofNetwork string

	Progress func(report.Event)
	// Phases carries time already spent before Run (graph, plan, pyramid).
	Phases map[string]float64
	Notes  []string
	// Config is what the user's configuration changed in the plan, for
	// the report; nil for none.
	Config *report.Config
}

func (o *RunOptions) defaults() {
	if o.Target == "" {
		o.Target = pyramid.Runnable
	}
	if o.MaxIterations <= 0 {
		o.MaxIterations = 10
	}
	if o.MaxTime <= 0 {
		o.MaxTime = time.Hour
	}
	if o.SetupTimeout <= 0 {
		o.SetupTimeout = 30 * time.Minute
	}
	if o.CommandTimeout <= 0 {
		o.CommandTimeout = 15 * time.Minute
	}
	if o.Phases == nil {
		o.Phases = map[string]float64{}
	}
	if o.Pyramid == nil {
		o.Pyramid = &pyramid.Pyramid{}
	}
}

// runner holds the state of one run.
type runner struct {
	last     string // the pyramid command run last (a sandbox that stops names it)
	o        RunOptions
	e        Engine
	cur      state  // the Bash File state being tried
	best     *state // the strongest state proved; nil until one ran to the end
	bestStep int    // its entry in the report's level history
	stage    string // staging output directory
	runID    string
	repoHash string
	baseID   string
	start    time.Time
	traj     *trajectory
	rep      *report.Report
	tried    []repair.Proposal
	seen     map[string]int // diagnosis → times seen, for stagnation
	// round holds the diagnoses repaired in the round repairFailures is
	// in (nil outside one): a second failed command with the same need is
	// not given another provider of it
	round    map[string]bool
	rejected map[string]string // repair key → why it was rolled back
	iter     int               // the current state's number: steps taken (repairs, rollbacks)
	changes  int               // repairs applied (MaxIterations bounds them)
	stop     string            // why the search ended, when it ended short of the target

	reflected     map[int]bool          // iterations a lesson was asked for
	versionFuncs  []pyramid.VersionFunc // the checkout's headers' version functions
	readHeaders   bool                  // versionFuncs is filled
	libHeader     pyramid.LibraryHeader // the library's own header, for its include probe
	readLibHeader bool                  // libHeader is set
	objectAPIs    []pyramid.ObjectAPI   // the checkout's headers' constructors and their queries
	fellBack      map[string]bool       // build fallbacks made (buildfallback.go)
	recorded      bool                  // the last repair call recorded a limit of the environment
	examples      []pyramid.Command     // the library's example programs (pyramid.ExamplePrograms)
	usage         []pyramid.Command     // commands made from usage messages in the state running (usageCommands)
	rerun         []pyramid.Command     // commands run again in the state running after a repair of how they run (runsAgainHere)
	againDepth    int                   // rounds of againHere under way
	fixture       pyramid.FixtureInput  // the test suite's input for built programs (pyramid.Fixture, FixtureFlag)
	readFixture   bool                  // fixture and sourceInputs are set
	sourceInputs  pyramid.SourceInputs  // the inputs beside the checkout's C/C++ sources (pyramid.ReadSourceInputs)
	layer         toolchainImage        // the shared toolchain layer this run started from (sharedbase.go)
	cutSuite      *pyramid.Command      // the whole suite the state running stopped at its share (resumecut.go)
	blame         culprit               // the repair whose command broke the Bash File (culprit.go)
	resuming      time.Duration         // the limit of the cut suite running again (resumeCut)
	serial        map[string]string     // parallel ctest commands whose tests collide → their serial spelling (serialctest.go)
}

// Run takes the repository as far up the maturity levels as it can prove:
// the execution loop runs the Bash File in a fresh sandbox and repairs it
// until it succeeds; the feedback loop runs the pyramid level by level in
// the environment the script produced, sending failures back as repairs.
// The result is the strongest state proved by a Bash File that still runs
// to the end; repairs that lose it are rolled back (state.go). Outputs
// (setup.sh, Dockerfile, entrypoint.sh, pyramid.json, report.json,
// report.md, report.html, trajectory.jsonl, logs/) appear in o.Out only when the run
// ends, from the best state; an interrupted or failed run leaves nothing.
func Run(ctx context.Context, e Engine, o RunOptions) (*report.Report, error) {
	o.defaults()
	if err := sandbox.CheckRepoDir(o.Repo); err != nil {
		return nil, err
	}
	if err := o.File.Validate(); err != nil {
		return nil, fmt.Errorf("validate Bash File: %w", err)
	}
	baseID, err := e.ImageID(ctx, o.Image)
	if err != nil {
		return nil, err
	}
	if o.RunID == "" {
		o.RunID = sandbox.NewRunID()
	}
	r := &runner{o: o, e: e, runID: o.RunID, baseID: baseID, start: time.Now(),
		cur:  state{file: o.File.Clone(), pyr: o.Pyramid.Clone(), longer: map[string]bool{}, skip: map[string]string{}},
		seen: map[string]int{}, rejected: map[string]string{}}
	r.stage = StagePath(o.Out, r.runID)
	if err := os.MkdirAll(filepath.Join(r.stage, "logs"), 0o755); err != nil {
		return nil, fmt.Errorf("create output directory: %w", err)
	}
	if err := outmark.Write(r.stage); err != nil { // before the repository is hashed: it may lie inside
		return nil, fmt.Errorf("create output directory: %w", err)
	}
	done := false
	defer func() {
		if !done {
			os.RemoveAll(r.stage)
		}
	}()
	tf, err := os.Create(filepath.Join(r.stage, "trajectory.jsonl"))
	if err != nil {
		return nil, fmt.Errorf("create trajectory: %w", err)
	}
	defer tf.Close()
	r.traj = newTrajectory(tf, o.Progress)
	if o.Journal != nil {
		r.traj.pull = o.Journal.Drain
	}
	if r.repoHash, err = hashTree(o.Repo); err != nil {
		return nil, err
	}
	r.rep = r.newReport(ctx)
	if err := r.loop(ctx); err != nil {
		return nil, err
	}
	r.evictCheckpoints(ctx)
	r.noteIsolation()
	r.finish()
	if err := r.export(); err != nil {
		return nil, err
	}
	if err := replaceDir(r.stage, o.Out); err != nil {
		return nil, err
	}
	done = true
	return r.rep, nil
}

// newReport starts the report with what is known before any run.
func (r *runner) newReport(ctx context.Context) *report.Report {
	o := r.o
	rep := &report.Report{SchemaVersion: report.SchemaVersion, RunID: r.runID, Repo: o.Repo, Image: o.Image, Brain: o.Repairer.Name(),
		Target: o.Target, Level: pyramid.None, Stacks: o.Stacks, Phases: o.Phases, TestsFound: o.Pyramid.TestsFound,
		Setup: []report.SetupRun{}, Commands: []report.CommandResult{}, Repairs: []report.RepairRecord{}, History: []report.LevelStep{}, Notes: o.Notes, Config: o.Config}
	if o.ProofNetwork == sandbox.NetworkNone {
		rep.ProofNetwork = sandbox.NetworkNone
		rep.Notes = append(rep.Notes, offlineNote)
	}
	rep.Provenance = report.Provenance{Heragent: buildinfo.Version(), Commit: o.Commit, Dirty: o.Dirty,
		StartedAt: r.start.UTC(), Engine: engineName(ctx, r.e), ImageDigest: r.baseID}
	if rep.Commit == "" {
		rep.Commit = "tree:" + r.repoHash
	}
	return rep
}

// engineName describes the engine for the report: "Podman Engine 4.3.1
// (API 1.41)".
func engineName(ctx context.Context, e Engine) string {
	v, err := e.Version(ctx)
	if err != nil {
		return "unknown"
	}
	name := v.Platform
	if name == "" {
		name = "engine"
	}
	return fmt.Sprintf("%s %s (API %s)", name, v.ServerVersion, v.APIVersion)
}

// loop alternates the execution and feedback loops until the target level
// is reached, nothing is left to try, or a budget is spent. Each state the
// feedback loop judges is kept when it is at least as strong as the best
// so far, and rolled back when it is weaker; a state whose Bash File no
// longer runs to the end is rolled back too.
func (r *runner) loop(ctx context.Context) error {
	for {
		sb, err := r.execution(ctx)
		if err != nil {
			return err
		}
		if sb == nil {
			if r.rollback(r.cur.iter, r.stop, r.lastSetupLog()) {
				r.stop = "" // the search goes on: not why it ended
				continue
			}
			return nil
		}
		ran, repaired, err := r.feedback(ctx, sb)
		if err != nil {
			return err
		}
		if ran.proof.cut && r.best != nil && ran.proof.weaker(r.best.proof) {
			r.stop = ran.proof.why // the budget, not the state, ended it
			return nil
		}
		if !r.judge(ran) {
			if repaired && unjudged(ran.proof, r.best.proof) {
				// a stronger command of the level the best state proved
				// failed and was repaired before the command that proved
				// it ran: the state is not weaker, it was not judged; the
				// repaired one is (trio: pytest past sniffio, then its test
				// modules' trustme, astor, yaml, after a smoke pass)
				r.noteUnjudged(ran.iter, ran.proof.interrupted)
				continue
			}
			why := fmt.Sprintf("it proved %s, weaker than the %s proved before", ran.proof.text(), r.best.proof.text())
			if r.rollback(ran.iter, why, ran.proof.failLog) {
				continue
			}
			return nil
		}
		if !repaired {
			return nil
		}
	}
}

// budget returns why the run must stop, or "": its time, or the brain's
// own budget (tokens, cost). Repairs have their own (repairBudget).
func (r *runner) budget() string {
	switch {
	case time.Since(r.start) > r.o.MaxTime:
		return fmt.Sprintf("time budget spent (%s)", r.o.MaxTime)
	case r.journalStop() != "":
		return r.journalStop()
	}
	return ""
}

// repairBudget returns why no more repair may be applied, or "".
func (r *runner) repairBudget() string {
	if r.changes >= r.o.MaxIterations {
		return fmt.Sprintf("repair budget spent (%d repairs)", r.o.MaxIterations)
	}
	return r.budget()
}

// advance makes the current state a new one after a change (a repair, an
// adopted build).
func (r *runner) advance() {
	r.iter++
	r.changes++
	r.cur.iter, r.cur.restored = r.iter, false
}

// lastSetupLog is the log of the newest run of the Bash File.
func (r *runner) lastSetupLog() string {
	if n := len(r.rep.Setup); n > 0 {
		return r.rep.Setup[n-1].Log
	}
	return ""
}

func (r *runner) logPath(name string) (abs, rel string) {
	rel = filepath.Join("logs", name)
	return filepath.Join(r.stage, rel), rel
}

// evictCheckpoints keeps the checkpoint images under the cap once the run
// no longer needs its own, and notes what it evicted.
func (r *runner) evictCheckpoints(ctx context.Context) {
	limit := r.o.CheckpointCap
	if limit == 0 {
		limit = sandbox.DefaultCheckpointCap
	}
	if limit < 0 || r.o.NoCheckpoints {
		return
	}
	ev, err := r.e.EvictCheckpoints(context.WithoutCancel(ctx), limit)
	switch {
	case err != nil:
		r.rep.Notes = append(r.rep.Notes, "checkpoint eviction: "+err.Error())
	case len(ev.Images) > 0:
		r.rep.Notes = append(r.rep.Notes, fmt.Sprintf("evicted %d checkpoint image(s), about %s, the least recently used: checkpoints take about %s of the %s cap",
			len(ev.Images), bytesize.Format(ev.Freed), bytesize.Format(ev.Left), bytesize.Format(limit)))
	}
}
