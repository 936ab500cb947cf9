package loops

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/heragent/heragent/bashfile"
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
	File     *bashfile.File   // the initial Bash File
	Pyramid  *pyramid.Pyramid // the commands that prove each level
	Repairer Repairer
	Target   pyramid.Level // stop once reached; Runnable when empty
	Stacks   []string      // for the report
	RunID    string        // labels containers and images; random when empty

	// Chooser, Reflector and Journal are the brain's other roles; nil
	// keeps the deterministic behaviour (deploy/roles.go).
	Chooser   CommandChooser
	Reflector Reflector
	Journal   Journal

	MaxIterations  int           // repairs applied, at most (default 10)
	MaxTime        time.Duration // wall time of the loops (default 1h)
	SetupTimeout   time.Duration // one run of the Bash File (default 30m)
	CommandTimeout time.Duration // one pyramid command (default 15m)
	NoCheckpoints  bool          // always run the whole script from the base image

	Progress func(report.Event)
	// Phases carries time already spent before Run (graph, plan, pyramid).
	Phases map[string]float64
	Notes  []string
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
}

// runner holds the state of one run.
type runner struct {
	o        RunOptions
	e        Engine
	file     *bashfile.File
	stage    string // staging output directory
	runID    string
	repoHash string
	baseID   string
	start    time.Time
	traj     *trajectory
	rep      *report.Report
	tried    []repair.Proposal
	seen     map[string]int    // diagnosis → times seen, for stagnation
	skip     map[string]string // pyramid command → why it is not run again
	longer   map[string]bool   // commands (or "setup") that get a doubled time limit
	iter     int

	reflected    map[int]bool          // iterations a lesson was asked for
	versionFuncs []pyramid.VersionFunc // the checkout's headers' version functions
	readHeaders  bool                  // versionFuncs is filled
}

// Run takes the repository as far up the maturity levels as it can prove:
// the execution loop runs the Bash File in a fresh sandbox and repairs it
// until it succeeds; the feedback loop runs the pyramid level by level in
// the environment the script produced, sending failures back as repairs.
// Outputs (setup.sh, Dockerfile, entrypoint.sh, pyramid.json, report.json,
// report.md, trajectory.jsonl, logs/) appear in o.Out only when the run
// ends; an interrupted or failed run leaves nothing behind.
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
	r := &runner{o: o, e: e, file: o.File.Clone(), runID: o.RunID, baseID: baseID, start: time.Now(),
		seen: map[string]int{}, skip: map[string]string{}, longer: map[string]bool{}}
	r.stage = filepath.Clean(o.Out) + ".partial-" + r.runID
	if err := os.MkdirAll(filepath.Join(r.stage, "logs"), 0o755); err != nil {
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
	r.rep = &report.Report{RunID: r.runID, Repo: o.Repo, Image: o.Image, Brain: o.Repairer.Name(), Target: o.Target, Level: pyramid.None,
		Stacks: o.Stacks, Phases: o.Phases, Setup: []report.SetupRun{}, Commands: []report.CommandResult{}, Repairs: []report.RepairRecord{}, Notes: o.Notes}

	if err := r.loop(ctx); err != nil {
		return nil, err
	}
	if err := r.export(); err != nil {
		return nil, err
	}
	if err := replaceDir(r.stage, o.Out); err != nil {
		return nil, err
	}
	done = true
	return r.rep, nil
}

// loop alternates the execution and feedback loops until the target level
// is reached, no repair applies, or a budget is spent.
func (r *runner) loop(ctx context.Context) error {
	for {
		sb, err := r.execution(ctx)
		if err != nil {
			return err
		}
		if sb == nil {
			r.rep.Level = pyramid.None
			return nil
		}
		repaired, err := r.feedback(ctx, sb)
		if err != nil || !repaired {
			return err
		}
	}
}

// budget returns why the run must stop, or "".
func (r *runner) budget() string {
	switch {
	case r.iter >= r.o.MaxIterations:
		return fmt.Sprintf("repair budget spent (%d iterations)", r.o.MaxIterations)
	case time.Since(r.start) > r.o.MaxTime:
		return fmt.Sprintf("time budget spent (%s)", r.o.MaxTime)
	case r.journalStop() != "":
		return r.journalStop()
	}
	return ""
}

func (r *runner) logPath(name string) (abs, rel string) {
	rel = filepath.Join("logs", name)
	return filepath.Join(r.stage, rel), rel
}

// export writes the final artefacts into the staging directory.
func (r *runner) export() error {
	start := time.Now()
	x := Export{BaseImage: r.o.Image, Setup: r.file.Render(), Runnable: r.rep.Runnable}
	if err := x.WriteExports(r.stage); err != nil {
		return err
	}
	pj, err := r.o.Pyramid.JSON()
	if err != nil {
		return fmt.Errorf("encode pyramid: %w", err)
	}
	if err := writeFile(filepath.Join(r.stage, "pyramid.json"), pj, 0o644); err != nil {
		return err
	}
	r.rep.Iterations = r.iter
	r.rep.Phases["export"] = time.Since(start).Seconds()
	r.rep.Seconds = time.Since(r.start).Seconds()
	for _, p := range []string{"graph", "plan", "pyramid"} {
		r.rep.Seconds += r.rep.Phases[p]
	}
	r.traj.emit(report.Event{Phase: "done", Iteration: r.iter, Level: string(r.rep.Level), Message: "level reached: " + string(r.rep.Level)})
	r.journalReport()
	if err := writeJSON(filepath.Join(r.stage, "report.json"), r.rep); err != nil {
		return err
	}
	return writeFile(filepath.Join(r.stage, "report.md"), []byte(r.rep.Markdown()), 0o644)
}

// replaceDir moves the finished staging directory to out, replacing an
// earlier heragent output there but nothing else.
func replaceDir(stage, out string) error {
	if fi, err := os.Stat(out); err == nil {
		if !fi.IsDir() {
			return fmt.Errorf("write output: %s exists and is not a directory", out)
		}
		entries, _ := os.ReadDir(out)
		_, isOurs := os.Stat(filepath.Join(out, "report.json"))
		if len(entries) > 0 && isOurs != nil {
			return fmt.Errorf("write output: %s is not empty and is not a heragent output directory", out)
		}
		if err := os.RemoveAll(out); err != nil {
			return fmt.Errorf("replace output: %w", err)
		}
	}
	if err := os.Rename(stage, out); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

// CheckOutDir refuses, before any work, an output directory that Run could
// not replace.
func CheckOutDir(out string) error {
	fi, err := os.Stat(out)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%w: output %v", sandbox.ErrBadRepo, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("%w: output %s is a file", sandbox.ErrBadRepo, out)
	}
	entries, _ := os.ReadDir(out)
	if _, err := os.Stat(filepath.Join(out, "report.json")); len(entries) > 0 && err != nil {
		return fmt.Errorf("%w: output %s is not empty and is not a heragent output directory", sandbox.ErrBadRepo, out)
	}
	return nil
}

// hashTree hashes the repository's paths, modes and contents: checkpoints
// are only reused for the same tree.
func hashTree(root string) (string, error) {
	h := sha256.New()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%o\x00", filepath.ToSlash(rel), info.Mode())
		switch {
		case info.Mode()&os.ModeSymlink != 0:
			l, _ := os.Readlink(p)
			io.WriteString(h, l)
		case info.Mode().IsRegular():
			f, err := os.Open(p)
			if err != nil {
				return err
			}
			_, err = io.Copy(h, f)
			f.Close()
			if err != nil {
				return err
			}
		}
		h.Write([]byte{0})
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("hash repository: %w", err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
