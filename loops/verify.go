package loops

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

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// VerifyOptions configures Verify.
type VerifyOptions struct {
	CACerts        []sandbox.CACert
	Limits         sandbox.Limits
	CommandTimeout time.Duration // default 15m
	Log            io.Writer     // image build output
}

// ErrNotOutput means a directory is not the output of `heragent run`.
var ErrNotOutput = fmt.Errorf("%w: not a heragent output directory", sandbox.ErrBadRepo)

// Verify rebuilds the exported Dockerfile from scratch (no checkpoint, the
// repository as context) and re-runs the commands that proved the reported
// level, in a container of the new image. The result is written to
// out/verify.json and the command logs to out/logs/verify-*.log.
func Verify(ctx context.Context, e Engine, out string, o VerifyOptions) (*report.VerifyResult, error) {
	if o.CommandTimeout <= 0 {
		o.CommandTimeout = 15 * time.Minute
	}
	var rep report.Report
	if err := readJSON(filepath.Join(out, "report.json"), &rep); err != nil {
		return nil, err
	}
	pj, err := os.ReadFile(filepath.Join(out, "pyramid.json"))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotOutput, err)
	}
	pyr, err := pyramid.Load(pj)
	if err != nil {
		return nil, fmt.Errorf("%w: pyramid.json: %v", ErrNotOutput, err)
	}
	df, err := os.ReadFile(filepath.Join(out, "Dockerfile"))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotOutput, err)
	}
	if err := sandbox.CheckRepoDir(rep.Repo); err != nil {
		return nil, err
	}
	start := time.Now()
	res := &report.VerifyResult{Out: out, Repo: rep.Repo, Level: rep.Level, Reproduced: pyramid.None, Commands: []report.CommandResult{}}
	runID := sandbox.NewRunID()
	defer e.GC(context.WithoutCancel(ctx), sandbox.GCOptions{RunID: runID, Checkpoints: true})
	bo := sandbox.BuildOptions{Context: rep.Repo, Dockerfile: string(df), CACerts: o.CACerts, RunID: runID, Log: o.Log}
	img, err := e.BuildImage(ctx, bo)
	var be *sandbox.BuildError
	if err != nil && ctx.Err() == nil && (strings.Contains(err.Error(), "deleting build container") || errors.As(err, &be) && repair.Transient(be.Tail)) {
		// podman 4 sometimes fails to clean up an intermediate container
		// after a successful step, and a name lookup may fail for a
		// moment: hiccups, not a verdict. Once more.
		img, err = e.BuildImage(ctx, bo)
	}
	res.BuildSeconds = time.Since(start).Seconds()
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		res.Mismatches = append(res.Mismatches, "the Dockerfile does not build: "+err.Error())
		res.Seconds = time.Since(start).Seconds()
		return res, writeJSON(filepath.Join(out, "verify.json"), res)
	}
	if rep.Level.Rank() >= pyramid.Installable.Rank() {
		res.Reproduced = pyramid.Installable // the image built: setup.sh ran to the end
	}
	sb, err := e.NewSandbox(ctx, sandbox.Options{Image: img, CACerts: o.CACerts, Limits: o.Limits, RunID: runID})
	if err != nil {
		return nil, err
	}
	defer sb.Close(ctx)
	last := 0
	for _, c := range rep.Commands {
		last = max(last, c.Iteration)
	}
	n := 0
	for _, l := range pyramid.Levels {
		if l.Rank() > rep.Level.Rank() {
			break
		}
		levelOK := true
		for _, cr := range rep.Commands {
			if cr.Iteration != last || !cr.Passed || cr.Level != l {
				continue
			}
			n++
			c := findCommand(pyr, cr)
			got, err := execCommand(ctx, sb, c, n, o.CommandTimeout, filepath.Join(out, "logs", fmt.Sprintf("verify-%02d.log", n)))
			if err != nil {
				return nil, err
			}
			got.Log = filepath.Join("logs", fmt.Sprintf("verify-%02d.log", n))
			if cr.Tolerated && !got.Passed && !got.TimedOut && pyramid.Tolerable(got.Counts) {
				got.Passed, got.Tolerated = true, true // as in the run: nearly all tests pass
				got.Verdict = "accepted with failures: " + got.Verdict
			}
			res.Commands = append(res.Commands, got.CommandResult)
			if !got.Passed {
				levelOK = false
				res.Mismatches = append(res.Mismatches, fmt.Sprintf("%s command `%s` passed in the run but not now: %s", l, c.Text, got.Verdict))
			}
		}
		if !levelOK {
			break
		}
		res.Reproduced = l
	}
	res.Match = len(res.Mismatches) == 0 && res.Reproduced == rep.Level
	if !res.Match && len(res.Mismatches) == 0 {
		res.Mismatches = append(res.Mismatches, fmt.Sprintf("reported %s, reproduced %s", rep.Level, res.Reproduced))
	}
	res.Seconds = time.Since(start).Seconds()
	return res, writeJSON(filepath.Join(out, "verify.json"), res)
}

// findCommand returns the pyramid command a result came from (for its
// landmarks and bucket), or one rebuilt from the result.
func findCommand(p *pyramid.Pyramid, cr report.CommandResult) pyramid.Command {
	for _, c := range p.Commands {
		if c.Text == cr.Text && c.Dir == cr.Dir && c.Level == cr.Level {
			return c
		}
	}
	return pyramid.Command{Text: cr.Text, Dir: cr.Dir, Bucket: cr.Bucket, Level: cr.Level}
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotOutput, err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrNotOutput, path, err)
	}
	return nil
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("encode %s: %w", filepath.Base(path), err)
	}
	return writeFile(path, append(b, '\n'), 0o644)
}
