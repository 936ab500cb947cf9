package loops

import (
	"context"
	"fmt"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// A need found after the build — a package a test needs, a variable a
// probe needs — goes last in the build section (laterSection), so the
// next setup would run the whole build again for one `pkg_install xxd`
// (json-c: 70 s; a C++ project spent 410 of its 428 s in two builds).
// The build's checkpoint keeps it: after a build section that ran whole
// and took at least buildCheckpointMin, the sandbox is committed under
// the key of the Bash File up to the build. A later Bash File whose build
// section is that one with commands appended — and nothing before it
// changed — starts from that checkpoint and runs only the appended
// commands (setup.sh's build_project holding just them, as
// /heragent/setup-tail.sh). That is the clean run: the commands before
// them ran, in that order, from the base image; like every section of
// the Bash File, they leave no working directory or shell state that the
// appended ones need (a subdirectory build is `(cd dir && …)`, variables
// are persisted), which is what lets sections resume from checkpoints at
// all. A build shorter than buildCheckpointMin is not committed: running
// it again costs less than committing it. Nor is one shorter than twice
// what this sandbox's earlier commits took: podman commits a container's
// whole difference from the image it started from, so a build committed
// in the sandbox that also made the runtimes checkpoint hashes the
// runtimes' files again (socket.io: node_modules, a 52 s commit of a 32 s
// build); the next setup, from the runtimes checkpoint, commits the build
// alone.

// buildCheckpointMin is the shortest build section worth committing:
// podman's commit of a build took 5–33 s in the corpus (it hashes the
// whole layer), and a third of the runs repair something after the
// build.
var buildCheckpointMin = 20 * time.Second

// buildCommitRatio is how many times this sandbox's earlier commits a
// build must take to be committed.
var buildCommitRatio = 2

// tailScript is where the appended build commands go in the sandbox.
const tailScript = "/heragent/setup-tail.sh"

// buildKey is the key of the state after the first n commands of the
// current Bash File's build section.
func (r *runner) buildKey(n int) string {
	return r.keyOf(r.withBuild(0, n), bashfile.Build)
}

// withBuild is a copy of the current Bash File whose build section holds
// only its commands from..to.
func (r *runner) withBuild(from, to int) *bashfile.File {
	g := r.cur.file.Clone()
	s := g.Section(bashfile.Build)
	s.Commands = s.Commands[from:to]
	return g
}

// buildCheckpoint finds a checkpoint of a build section the current one
// extends: its image and how many of the build section's commands it
// ran. Fewer than all, but for a state a rollback restored: a build
// section unchanged since its checkpoint otherwise runs again, so its
// log and its checks are this run's.
func (r *runner) buildCheckpoint(ctx context.Context) (string, int) {
	n := len(r.cur.file.Section(bashfile.Build).Commands)
	if !r.cur.restored {
		n--
	}
	for ; n >= 1; n-- {
		if img := r.findCheckpoint(ctx, r.buildKey(n)); img != "" {
			return img, n
		}
	}
	return "", 0
}

// buildTail is the Bash File with only the build commands after the
// first n in its build section: what a run from the build's checkpoint
// has left to do.
func (r *runner) buildTail(n int) []byte {
	return []byte(r.withBuild(n, len(r.cur.file.Section(bashfile.Build).Commands)).Render())
}

// commitBuild commits the sandbox after a whole build section that took
// took, in a sandbox whose earlier commits took before (see
// buildCheckpointMin), and says so in the trajectory. A commit that
// fails (a full disk) costs the shortcut, not the run.
func (r *runner) commitBuild(ctx context.Context, sb Sandbox, took, before time.Duration) error {
	n := len(r.cur.file.Section(bashfile.Build).Commands)
	if r.o.NoCheckpoints || took < buildCheckpointMin || took < time.Duration(buildCommitRatio)*before || n == 0 {
		return nil
	}
	start, key := time.Now(), r.buildKey(n)
	if _, err := sb.Commit(ctx, "", map[string]string{sandbox.LabelRun: r.runID, LabelCheckpoint: key}); err != nil {
		if ctx.Err() != nil {
			return err
		}
		// only a shortcut: without it a later need builds again
		r.traj.emit(report.Event{Phase: "setup", Iteration: r.iter, Message: "the build was not committed as a checkpoint: " + err.Error()})
		return nil
	}
	sandbox.TouchCheckpoint(key)
	r.traj.emit(report.Event{Phase: "setup", Iteration: r.iter, Message: fmt.Sprintf("committed the build (%.0fs) as a checkpoint in %.1fs: a need found after it runs from there", took.Seconds(), time.Since(start).Seconds())})
	return nil
}

// tailText says which build commands a run from the build's checkpoint
// runs.
func (r *runner) tailText(built int) string {
	if built == 0 {
		return ""
	}
	if n := len(r.cur.file.Section(bashfile.Build).Commands); n > built {
		return fmt.Sprintf(" (its build's first %d commands done; the %d after them run)", built, n-built)
	}
	return " (its build done)"
}
