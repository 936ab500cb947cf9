package loops

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// LabelCheckpoint keys a checkpoint image: the base image, the repository
// tree and the Bash File up to the section after which it was committed.
const LabelCheckpoint = "io.heragent.checkpoint"

// checkpointed are the sections after which the sandbox is committed: the
// expensive ones, so a repair of a later section restarts after them.
// The build has a checkpoint of its own, for commands appended to it
// (buildcheckpoint.go): any other repair changes a section up to the
// build, so a checkpoint after it would never serve the run that made it.
// The feedback loop continues in the setup's own container.
var checkpointed = []bashfile.SectionID{bashfile.Base, bashfile.Runtimes}

// setupSections are the sections the driver runs, checkpointed or not.
var setupSections = []bashfile.SectionID{bashfile.Base, bashfile.Runtimes, bashfile.Build}

// execution is the execution loop: run the Bash File (from the newest
// checkpoint of an unchanged prefix) until it succeeds, repairing it after
// each failure. It returns the sandbox the successful run left (the caller
// closes it), or nil when it gave up (r.stop says why).
func (r *runner) execution(ctx context.Context) (Sandbox, error) {
	start := time.Now()
	defer func() { r.rep.Phases["setup"] += time.Since(start).Seconds() }()
	for {
		if why := r.budget(); why != "" {
			r.stop = "the Bash File did not run to the end: " + why
			return nil, nil
		}
		sb, f, err := r.runSetup(ctx)
		if err != nil {
			return nil, err
		}
		if f == nil {
			return sb, nil
		}
		changed, stop := r.repair(ctx, *f)
		// A limit a rule recorded (a toolchain too old, a host out of
		// reach) is no wrong guess of the build: another build command
		// would meet it too — except in a part of the build the project
		// can do without (a default goal's book that needs Dart).
		if !changed && (!r.recorded && r.buildFallback(*f) || r.recorded && r.goalFallback(*f)) {
			continue
		}
		if !changed && r.stackFallback(*f, stop) {
			continue // a limit of a second stack's dependencies: the stack that builds the project goes on
		}
		if !changed {
			r.noteCulprit(*f)
			r.stop = fmt.Sprintf("the Bash File fails in section %s and no repair applies: %s", f.Section, stop)
			return nil, nil
		}
	}
}

// checkpointKey identifies the state after section id.
func (r *runner) checkpointKey(id bashfile.SectionID) string {
	return r.keyOf(r.cur.file.Clone(), id)
}

// keyOf identifies the state after section id of g (which it changes).
func (r *runner) keyOf(g *bashfile.File, id bashfile.SectionID) string {
	past := false
	for i := range g.Sections {
		s := &g.Sections[i]
		if past && s.ID != bashfile.Main {
			s.Commands = nil
		}
		if s.ID == id {
			past = true
		}
	}
	h := sha256.Sum256([]byte(r.baseID + "\x00" + r.repoHash + "\x00" + string(id) + "\x00" + g.Render()))
	return hex.EncodeToString(h[:16])
}

func (r *runner) findCheckpoint(ctx context.Context, key string) string {
	id, err := r.e.Labelled(ctx, LabelCheckpoint, key)
	if err != nil {
		return ""
	}
	if id != "" {
		sandbox.TouchCheckpoint(key) // used: eviction takes the least recently used first
	}
	return id
}

// sectionCmd runs one section of the Bash File at /heragent/setup.sh:
// `bash setup.sh FUNC` runs the execution context and the package manager,
// then that section, with the variables earlier sections persisted
// (bashfile's run_sections; the exported Dockerfile runs its layers the
// same way).
func sectionCmd(id bashfile.SectionID) []string {
	return scriptCmd("/heragent/setup.sh", id)
}

// scriptCmd runs section id of the Bash File at script.
func scriptCmd(script string, id bashfile.SectionID) []string {
	spec, _ := bashfile.Spec(id)
	return []string{"bash", script, spec.Func}
}

// runSetup runs the Bash File once. It returns the sandbox holding the
// finished environment (the caller closes it), or the failure.
func (r *runner) runSetup(ctx context.Context) (_ Sandbox, _ *repair.Failure, err error) {
	from, fromSection, built := r.startingPoint(ctx)
	logAbs, logRel := r.logPath(fmt.Sprintf("setup-%02d.log", r.iter))
	start := time.Now()
	run := report.SetupRun{Iteration: r.iter, Log: logRel, FromCheckpoint: string(fromSection)}
	if fromSection == "" && !r.o.NoCheckpoints {
		if img := r.toolchainLayer(ctx, logAbs); img != "" {
			from, run.FromCheckpoint = img, "toolchain"
		}
	}
	r.traj.emit(report.Event{Phase: "setup", Iteration: r.iter, Message: "running the Bash File" + fromText(run.FromCheckpoint) + r.tailText(built)})
	repo := r.o.Repo
	if fromSection != "" {
		repo = "" // the checkpoint holds the repository (and what earlier sections made of it)
	}
	sb, err := r.e.NewSandbox(ctx, sandbox.Options{Image: from, Repo: repo, CACerts: r.o.CACerts, Limits: r.o.Limits, RunID: r.runID, Caches: r.o.Caches})
	if err != nil {
		return nil, nil, err
	}
	handed := false
	defer func() {
		if !handed {
			sb.Close(ctx)
		}
	}()
	files := map[string][]byte{"/heragent/setup.sh": []byte(r.cur.file.Render())}
	if built > 0 {
		files[tailScript] = r.buildTail(built)
	}
	if err := sb.CopyFiles(ctx, files); err != nil {
		return nil, nil, err
	}
	timeout := r.o.SetupTimeout
	if r.cur.longer["setup"] {
		timeout *= 2
	}

	var committing time.Duration // this sandbox's commits so far: what a commit of the build repeats
	for _, sec := range r.sectionsToRun(fromSection, built) {
		cmd, began := sectionCmd(sec), time.Now()
		if built > 0 {
			cmd = scriptCmd(tailScript, sec) // the build commands after those its checkpoint ran
		}
		res, err := sb.Exec(ctx, sandbox.ExecSpec{Cmd: cmd, Timeout: r.timeLeft(timeout), LogFile: logAbs, TailBytes: 32 << 10})
		if err != nil {
			return nil, nil, err
		}
		run.Seconds, run.ExitCode, run.TimedOut, run.Tail = time.Since(start).Seconds(), res.ExitCode, res.TimedOut, report.LastLines(res.Tail, 60)
		if res.ExitCode != 0 || res.TimedOut {
			return nil, r.setupFailed(run, start, &repair.Failure{Phase: repair.PhaseSetup, Command: "bash setup.sh", Section: sec, ExitCode: res.ExitCode, TimedOut: res.TimedOut, Log: res.Tail}), nil
		}
		if sec == bashfile.Build && repair.AsksForPlatform(res.Tail) {
			// the default goal printed which platforms it builds for and
			// built nothing (Lua's `make` exits 0 doing so)
			return nil, r.setupFailed(run, start, &repair.Failure{Phase: repair.PhaseSetup, Command: "bash setup.sh", Section: sec, Log: res.Tail}), nil
		}
		if sec == bashfile.Build && built == 0 {
			if err := r.commitBuild(ctx, sb, time.Since(began), committing); err != nil {
				return nil, nil, err
			}
		}
		if r.o.NoCheckpoints || !slices.Contains(checkpointed, sec) {
			continue
		}
		key, began := r.checkpointKey(sec), time.Now()
		if _, err = sb.Commit(ctx, "", map[string]string{sandbox.LabelRun: r.runID, LabelCheckpoint: key}); err != nil {
			return nil, nil, err
		}
		committing += time.Since(began)
		sandbox.TouchCheckpoint(key)
	}
	r.rep.Setup = append(r.rep.Setup, run)
	zero := 0
	r.traj.emit(report.Event{Phase: "setup", Iteration: r.iter, Message: fmt.Sprintf("Bash File succeeded in %.0fs", run.Seconds), ExitCode: &zero})
	handed = true
	return sb, nil, nil
}

// startingPoint is the image the next setup starts from: the build's
// checkpoint when the build section only has commands appended since it
// (built: how many of its commands the checkpoint ran), else the newest
// checkpoint of an unchanged prefix, else the run's image.
func (r *runner) startingPoint(ctx context.Context) (img string, from bashfile.SectionID, built int) {
	if r.o.NoCheckpoints {
		return r.o.Image, "", 0
	}
	if img, n := r.buildCheckpoint(ctx); img != "" {
		return img, bashfile.Build, n
	}
	for i := len(checkpointed) - 1; i >= 0; i-- {
		if img := r.findCheckpoint(ctx, r.checkpointKey(checkpointed[i])); img != "" {
			return img, checkpointed[i], 0
		}
	}
	return r.o.Image, "", 0
}

// sectionsToRun are the sections a setup from the checkpoint after
// section from runs: those after it (the build's tail when built > 0).
// An empty section has nothing to run or commit; the build always runs.
func (r *runner) sectionsToRun(from bashfile.SectionID, built int) []bashfile.SectionID {
	if built > 0 {
		return []bashfile.SectionID{bashfile.Build}
	}
	var todo []bashfile.SectionID
	for _, s := range setupSections {
		empty := len(r.cur.file.Section(s).Commands) == 0 && s != bashfile.Build
		if !empty && (from == "" || sectionIndex(s) > sectionIndex(from)) {
			todo = append(todo, s)
		}
	}
	return todo
}

// setupFailed records the Bash File run that ended in f and returns f.
func (r *runner) setupFailed(run report.SetupRun, start time.Time, f *repair.Failure) *repair.Failure {
	run.Seconds, run.ExitCode, run.TimedOut, run.Tail = time.Since(start).Seconds(), f.ExitCode, f.TimedOut, report.LastLines(f.Log, 60)
	run.FailedSection = string(f.Section)
	r.rep.Setup = append(r.rep.Setup, run)
	r.traj.emit(report.Event{Phase: "setup", Iteration: r.iter, Message: fmt.Sprintf("Bash File failed in section %s", f.Section), ExitCode: &f.ExitCode})
	return f
}

func fromText(s string) string {
	switch s {
	case "":
		return " from the base image"
	case "toolchain":
		return " from the shared toolchain layer"
	}
	return " from the checkpoint after section " + s
}

func sectionIndex(id bashfile.SectionID) int {
	for i, s := range bashfile.Sections {
		if s.ID == id {
			return i
		}
	}
	return -1
}

// suiteShare is the most a Testable command may take when Runnable is
// still to come: two thirds of what the run has left, at least
// minSuiteShare.
func (r *runner) suiteShare() time.Duration {
	return max((r.o.MaxTime-time.Since(r.start))*2/3, minSuiteShare)
}

// minSuiteShare is the least time a test suite gets.
const minSuiteShare = 3 * time.Minute

// timeLeft bounds a time limit by what the run has left (at least a
// minute): a run under a time limit ends on its own, with its best level
// and its exports, rather than being killed.
func (r *runner) timeLeft(limit time.Duration) time.Duration {
	if left := r.o.MaxTime - time.Since(r.start); limit > left {
		return max(left, time.Minute)
	}
	return limit
}
