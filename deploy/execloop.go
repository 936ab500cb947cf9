package deploy

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/image"
	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/repair"
)

// LabelCheckpoint keys a checkpoint image: the base image, the repository
// tree and the Bash File up to the section after which it was committed.
const LabelCheckpoint = "io.heragent.checkpoint"

// checkpointed are the sections after which the sandbox is committed: the
// expensive ones, so a repair of a later section restarts after them.
var checkpointed = []bashfile.SectionID{bashfile.Base, bashfile.Runtimes, bashfile.Build}

// execution is the execution loop: run the Bash File (from the newest
// checkpoint of an unchanged prefix) until it succeeds, repairing it after
// each failure. It returns the image the successful run produced, or ""
// when it gave up (the report says why).
func (r *runner) execution(ctx context.Context) (string, error) {
	start := time.Now()
	defer func() { r.rep.Phases["setup"] += time.Since(start).Seconds() }()
	for {
		if why := r.budget(); why != "" {
			r.rep.WhyNotHigher = "the Bash File never ran to the end: " + why
			return "", nil
		}
		img, f, err := r.runSetup(ctx)
		if err != nil {
			return "", err
		}
		if f == nil {
			return img, nil
		}
		changed, stop := r.repair(ctx, *f)
		if !changed {
			r.rep.WhyNotHigher = "the Bash File fails and no repair applies: " + stop
			return "", nil
		}
	}
}

// checkpointKey identifies the state after section id.
func (r *runner) checkpointKey(id bashfile.SectionID) string {
	g := r.file.Clone()
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
	imgs, err := r.e.api.ImageList(ctx, image.ListOptions{Filters: filters.NewArgs(filters.Arg("label", LabelCheckpoint+"="+key))})
	if err != nil || len(imgs) == 0 {
		return ""
	}
	return imgs[0].ID
}

// driver runs the sections from..Build of the script in one bash: section 1
// and 2 always (they set strict mode and the package manager), then the
// given ones. Persisted variables of earlier sections come back through the
// login profile.
func driver(script string, sections []bashfile.SectionID) string {
	body := strings.TrimSuffix(strings.TrimRight(script, "\n"), `main "$@"`)
	var calls []string
	for _, id := range sections {
		spec, _ := bashfile.Spec(id)
		calls = append(calls, spec.Func)
	}
	return body + "if [ -f \"$HERAGENT_ENV_FILE\" ]; then . \"$HERAGENT_ENV_FILE\"; fi\ninit_context\nsetup_package_manager\n" + strings.Join(calls, "\n") + "\nlog \"sections done: " + strings.Join(calls, " ") + "\"\n"
}

// runSetup runs the Bash File once. It returns the image of the finished
// environment, or the failure.
func (r *runner) runSetup(ctx context.Context) (string, *repair.Failure, error) {
	from, fromSection := r.o.Image, bashfile.SectionID("")
	if !r.o.NoCheckpoints {
		for i := len(checkpointed) - 1; i >= 0; i-- {
			if img := r.findCheckpoint(ctx, r.checkpointKey(checkpointed[i])); img != "" {
				from, fromSection = img, checkpointed[i]
				break
			}
		}
	}
	logAbs, logRel := r.logPath(fmt.Sprintf("setup-%02d.log", r.iter))
	run := SetupRun{Iteration: r.iter, Log: logRel, FromCheckpoint: string(fromSection)}
	r.traj.emit(Event{Phase: "setup", Iteration: r.iter, Message: "running the Bash File" + fromText(fromSection)})
	if fromSection == bashfile.Build { // nothing changed since a successful run
		r.rep.Setup = append(r.rep.Setup, run)
		os.WriteFile(logAbs, []byte("unchanged Bash File: reused checkpoint "+from+"\n"), 0o644)
		return from, nil, nil
	}
	repo := r.o.Repo
	if fromSection != "" {
		repo = "" // the checkpoint holds the repository (and what earlier sections made of it)
	}
	sb, err := r.e.NewSandbox(ctx, SandboxOptions{Image: from, Repo: repo, CACerts: r.o.CACerts, Limits: r.o.Limits, RunID: r.runID})
	if err != nil {
		return "", nil, err
	}
	defer sb.Close(ctx)
	script := r.file.Render()
	if err := sb.CopyFiles(ctx, map[string][]byte{"/heragent/setup.sh": []byte(script)}); err != nil {
		return "", nil, err
	}
	var todo []bashfile.SectionID
	for _, s := range checkpointed {
		empty := len(r.file.Section(s).Commands) == 0 && s != bashfile.Build
		if !empty && (fromSection == "" || sectionIndex(s) > sectionIndex(fromSection)) {
			todo = append(todo, s) // an empty section has nothing to run or commit
		}
	}
	start := time.Now()
	timeout := r.o.SetupTimeout
	if r.longer["setup"] {
		timeout *= 2
	}
	img := from
	for _, sec := range todo {
		if err := sb.CopyFiles(ctx, map[string][]byte{"/heragent/driver.sh": []byte(driver(script, []bashfile.SectionID{sec}))}); err != nil {
			return "", nil, err
		}
		res, err := sb.Exec(ctx, ExecSpec{Cmd: []string{"bash", "/heragent/driver.sh"}, Timeout: timeout, LogFile: logAbs, TailBytes: 32 << 10})
		if err != nil {
			return "", nil, err
		}
		run.Seconds, run.ExitCode, run.TimedOut, run.Tail = time.Since(start).Seconds(), res.ExitCode, res.TimedOut, lastLines(res.Tail, 60)
		if res.ExitCode != 0 || res.TimedOut {
			run.FailedSection = string(sec)
			r.rep.Setup = append(r.rep.Setup, run)
			r.traj.emit(Event{Phase: "setup", Iteration: r.iter, Message: fmt.Sprintf("Bash File failed in section %s", sec), ExitCode: &res.ExitCode})
			return "", &repair.Failure{Phase: repair.PhaseSetup, Command: "bash setup.sh", Section: sec, ExitCode: res.ExitCode, TimedOut: res.TimedOut, Log: res.Tail}, nil
		}
		labels := map[string]string{LabelRun: r.runID}
		if !r.o.NoCheckpoints {
			labels[LabelCheckpoint] = r.checkpointKey(sec)
		}
		if img, err = sb.Commit(ctx, "", labels); err != nil {
			return "", nil, err
		}
	}
	r.rep.Setup = append(r.rep.Setup, run)
	zero := 0
	r.traj.emit(Event{Phase: "setup", Iteration: r.iter, Message: fmt.Sprintf("Bash File succeeded in %.0fs", run.Seconds), ExitCode: &zero})
	return img, nil, nil
}

func fromText(s bashfile.SectionID) string {
	if s == "" {
		return " from the base image"
	}
	return " from the checkpoint after section " + string(s)
}

func sectionIndex(id bashfile.SectionID) int {
	for i, s := range bashfile.Sections {
		if s.ID == id {
			return i
		}
	}
	return -1
}
