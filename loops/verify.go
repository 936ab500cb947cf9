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

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/internal/buildinfo"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
	"github.com/moby/patternmatcher/ignorefile"
)

// VerifyOptions configures Verify.
type VerifyOptions struct {
	CACerts        []sandbox.CACert
	Limits         sandbox.Limits
	CommandTimeout time.Duration // default 15m
	Log            io.Writer     // image build output
	// Identify names the repository's revision now: its git commit and
	// whether the checkout has changes ("" when it is not a git checkout:
	// verify.json then names the tree's hash). Nil: the tree's hash.
	Identify func(dir string) (commit string, dirty bool)
	RunID    string // labels the image and the container; random when empty
	// Image is the base image the Dockerfile is built on (its ARG BASE):
	// the run's when empty.
	Image string
	// Tag keeps the image built under this name, labelled as the
	// Dockerfile labels it (io.heragent.kind=export: gc keeps it); when
	// empty the image is removed when verify ends.
	Tag string
	// FromBase builds on the base image itself even when the engine has
	// the shared toolchain layer the run started from (toolchainBase).
	FromBase bool
}

// ErrNotOutput means a directory is not the output of `heragent run`.
var ErrNotOutput = fmt.Errorf("%w: not a heragent output directory", sandbox.ErrBadRepo)

// Verify rebuilds the exported Dockerfile from scratch (no checkpoint; the
// export directory as context with the repository in repo/, filtered by
// the exported .dockerignore, as a user builds it; BASE the run's base
// image; the CA certificates as the build arg every builder takes) and
// re-runs the commands that proved the reported
// level (report.json's proofs), in a container of the new image. The
// result is written to out/verify.json and the command logs to
// out/logs/verify-*.log.
func Verify(ctx context.Context, e Engine, out string, o VerifyOptions) (*report.VerifyResult, error) {
	if o.CommandTimeout <= 0 {
		o.CommandTimeout = 15 * time.Minute
	}
	rep, pyr, df, err := readOutput(out)
	if err != nil {
		return nil, err
	}
	rep.Repo = repoOf(out, rep)
	if err := sandbox.CheckRepoDir(rep.Repo); err != nil {
		return nil, err
	}
	start := time.Now()
	res := &report.VerifyResult{SchemaVersion: report.SchemaVersion, Out: out, Repo: rep.Repo, Level: rep.Level, Reproduced: pyramid.None, Commands: []report.CommandResult{}}
	if res.Provenance, err = verifyProvenance(ctx, e, rep, o, start); err != nil {
		return nil, err
	}
	runID := o.RunID
	if runID == "" {
		runID = sandbox.NewRunID()
	}
	defer e.GC(context.WithoutCancel(ctx), sandbox.GCOptions{RunID: runID, Checkpoints: true})
	bo := buildOptions(out, rep, df, o, runID)
	base := bo.BuildArgs["BASE"]
	res.BuiltOn = toolchainBase(ctx, e, out, &bo, o)
	img, err := buildOnce(ctx, e, bo)
	if err != nil && res.BuiltOn != "" && ctx.Err() == nil {
		// on BASE itself: the layer may have gone (gc, eviction) while
		// the build stood on it, and a failure must not be the layer's
		bo.BuildArgs["BASE"], res.BuiltOn = base, ""
		img, err = buildOnce(ctx, e, bo)
	}
	res.BuildSeconds = time.Since(start).Seconds()
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		res.Mismatches = append(res.Mismatches, "the Dockerfile does not build: "+err.Error())
		return res, finishVerify(out, res, start)
	}
	res.Image, res.Tag = img, o.Tag
	sb, err := e.NewSandbox(ctx, sandbox.Options{Image: img, CACerts: o.CACerts, Limits: o.Limits, RunID: runID})
	if err != nil {
		return nil, err
	}
	defer sb.Close(ctx)
	if rep.ProofNetwork == sandbox.NetworkNone { // proved with no network: re-proved so
		if err := sb.Offline(ctx); err != nil {
			return nil, err
		}
	}
	proofs := proofCommands(rep)
	n := 0
	ran := map[[2]string]report.CommandResult{} // a command proving two levels runs once (runOrReuse)
	for _, l := range pyramid.Levels {
		if l.Rank() > rep.Level.Rank() {
			break
		}
		levelOK := true
		for _, cr := range proofs[l] {
			got, again := ran[[2]string{cr.Dir, cr.Text}]
			if again {
				got.Level, got.Bucket = cr.Level, cr.Bucket
			} else {
				n++
				got, err = reprove(ctx, sb, findCommand(pyr, cr), cr, n, out, o.CommandTimeout)
				if err != nil {
					return nil, err
				}
				ran[[2]string{cr.Dir, cr.Text}] = got
			}
			res.Commands = append(res.Commands, got)
			if !got.Passed {
				levelOK = false
				res.Mismatches = append(res.Mismatches, fmt.Sprintf("%s command `%s` passed in the run but not now: %s", l, cr.Text, got.Verdict))
			}
		}
		if !levelOK || l != pyramid.Installable && len(proofs[l]) == 0 {
			break // the image building is Installable's evidence when no command proved it
		}
		res.Reproduced = l
	}
	res.Match = len(res.Mismatches) == 0 && res.Reproduced == rep.Level
	if !res.Match && len(res.Mismatches) == 0 {
		res.Mismatches = append(res.Mismatches, fmt.Sprintf("reported %s, reproduced %s", rep.Level, res.Reproduced))
	}
	return res, finishVerify(out, res, start)
}

// repoOf is the repository the Dockerfile is built with: the checkout in
// the output directory's repo/, where the Dockerfile's header tells a user
// to put it (an output directory moved to another machine, or given a
// fresh clone), else the one the run read.
func repoOf(out string, rep *report.Report) string {
	if fi, err := os.Stat(filepath.Join(out, contextRepo)); err == nil && fi.IsDir() {
		return filepath.Join(out, contextRepo)
	}
	return rep.Repo
}

// readOutput reads what Verify needs of a run's output directory.
func readOutput(out string) (*report.Report, *pyramid.Pyramid, string, error) {
	var rep report.Report
	if err := readJSON(filepath.Join(out, "report.json"), &rep); err != nil {
		return nil, nil, "", err
	}
	pj, err := os.ReadFile(filepath.Join(out, "pyramid.json"))
	if err != nil {
		return nil, nil, "", fmt.Errorf("%w: %v", ErrNotOutput, err)
	}
	pyr, err := pyramid.Load(pj)
	if err != nil {
		return nil, nil, "", fmt.Errorf("%w: pyramid.json: %v", ErrNotOutput, err)
	}
	df, err := os.ReadFile(filepath.Join(out, "Dockerfile"))
	if err != nil {
		return nil, nil, "", fmt.Errorf("%w: %v", ErrNotOutput, err)
	}
	return &rep, pyr, string(df), nil
}

// buildOptions builds the exported Dockerfile as a user does: the export
// directory as context, the repository in repo/, .dockerignore applied;
// from scratch: its layers come early now and would otherwise be taken
// from the engine's cache of an earlier build.
// A Dockerfile exported before it had ARG BASE takes the repository as
// context.
func buildOptions(out string, rep *report.Report, df string, o VerifyOptions, runID string) sandbox.BuildOptions {
	bo := sandbox.BuildOptions{Context: rep.Repo, Dockerfile: df, CACerts: o.CACerts, RunID: runID, Log: o.Log, NoCache: true, Tag: o.Tag, Keep: o.Tag != ""}
	if !strings.Contains(df, "\nARG BASE=") {
		return bo
	}
	base := o.Image
	if base == "" {
		base = rep.Image
	}
	bo.Context, bo.Mounts, bo.BuildArgs = out, map[string]string{contextRepo: rep.Repo}, map[string]string{"BASE": base}
	if f, err := os.Open(filepath.Join(out, dockerignore)); err == nil {
		defer f.Close()
		bo.Ignore, _ = ignorefile.ReadAll(f)
	}
	return bo
}

// verifyProvenance says which heragent verified which revision of the
// repository on which engine and base image.
func verifyProvenance(ctx context.Context, e Engine, rep *report.Report, o VerifyOptions, start time.Time) (report.Provenance, error) {
	p := report.Provenance{Heragent: buildinfo.Version(), StartedAt: start.UTC(), Engine: engineName(ctx, e)}
	if o.Identify != nil {
		p.Commit, p.Dirty = o.Identify(rep.Repo)
	}
	if p.Commit == "" {
		h, err := hashTree(rep.Repo)
		if err != nil {
			return p, err
		}
		p.Commit = "tree:" + h
	}
	if id, err := e.ImageID(ctx, rep.Image); err == nil {
		p.ImageDigest = id
	}
	return p, nil
}

// buildOnce builds the image, once more after a hiccup: podman 4 sometimes
// fails to clean up an intermediate container after a successful step,
// and a name lookup may fail for a moment.
// engineKilled is a build step podman's builder killed ("while running
// runtime: signal: killed", seen under load beside other builds and
// image removals), not one the project failed: it is built once more.
func engineKilled(err error) bool {
	return strings.Contains(err.Error(), "while running runtime: signal: killed")
}

func buildOnce(ctx context.Context, e Engine, bo sandbox.BuildOptions) (string, error) {
	img, err := e.BuildImage(ctx, bo)
	var be *sandbox.BuildError
	if err != nil && ctx.Err() == nil && (strings.Contains(err.Error(), "deleting build container") || engineKilled(err) || errors.As(err, &be) && repair.Transient(be.Tail)) {
		img, err = e.BuildImage(ctx, bo)
	}
	return img, err
}

// proofCommands returns, per level, the commands that proved it in the
// run: those report.json marks as proofs (schema 2), or, in an older
// report, the passing commands of its last iteration.
func proofCommands(rep *report.Report) map[pyramid.Level][]report.CommandResult {
	out := map[pyramid.Level][]report.CommandResult{}
	marked := false
	for _, c := range rep.Commands {
		marked = marked || c.Proof
	}
	last := 0
	for _, c := range rep.Commands {
		last = max(last, c.Iteration)
	}
	old := rep.SchemaVersion < 2 // no proof marks: the passing commands of the last iteration
	for _, c := range rep.Commands {
		if c.Proof || old && !marked && c.Passed && c.Iteration == last {
			out[c.Level] = append(out[c.Level], c)
		}
	}
	return out
}

// reprove runs a proving command again in the rebuilt image and judges it
// as the run did: a command accepted with tolerated failures is accepted
// again when nearly all of its tests pass.
func reprove(ctx context.Context, sb Sandbox, c pyramid.Command, was report.CommandResult, n int, out string, timeout time.Duration) (report.CommandResult, error) {
	rel := filepath.Join("logs", fmt.Sprintf("verify-%02d.log", n))
	os.Remove(filepath.Join(out, rel)) // an earlier verify's: logs are appended to, and counted
	if was.Cut && !was.Idle && was.Seconds > 0 {
		// a suite the run cut at its time limit is re-proved on as much
		// time (and a tenth more), not on the whole command limit
		timeout = min(timeout, time.Duration(was.Seconds*1.1*float64(time.Second)))
	}
	got, err := execCommand(ctx, sb, c, n, timeout, filepath.Join(out, rel))
	if err != nil {
		return report.CommandResult{}, err
	}
	got.Log, got.Proof = rel, true
	if was.Tolerated && !got.Passed && !got.TimedOut && pyramid.Tolerable(got.Counts) {
		got.Passed, got.Tolerated = true, true // as in the run: nearly all tests pass
		got.Verdict = toleratedVerdict(got.Counts) + got.Verdict
	}
	if was.Cut && !got.Passed && pyramid.CutShort(got.TimedOut, got.Counts) {
		got.Passed, got.Cut = true, true // as in the run: stopped after tests passed
		got.Verdict = "accepted, cut short: " + got.Verdict
	}
	if got.Passed {
		got.Evidence = was.Evidence
	}
	return got.CommandResult, nil
}

// finishVerify stamps the end and writes verify.json.
func finishVerify(out string, res *report.VerifyResult, start time.Time) error {
	res.Seconds = time.Since(start).Seconds()
	res.EndedAt = time.Now().UTC()
	return writeJSON(filepath.Join(out, "verify.json"), res)
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

// toolchainBase builds the Dockerfile on the shared toolchain layer the
// run started from (sharedbase.go), when the engine still has it: the
// base image with the toolchain packages setup.sh's base section names
// installed by heragent's own script — no file of the repository, no
// section of its Bash File, made from the same base image. Every layer of
// the Dockerfile still runs from scratch on it (its base section's
// pkg_install skips what the layer holds), so only the repository-free
// package installs every C/CMake repository shares are not redone. It
// returns what the build was based on, for verify.json, or "" when it
// builds on BASE itself (--from-base, --tag: a kept image stands on the
// base alone, no layer, no such layer on the engine).
func toolchainBase(ctx context.Context, e Engine, out string, bo *sandbox.BuildOptions, o VerifyOptions) string {
	base, ok := bo.BuildArgs["BASE"]
	if o.FromBase || o.Tag != "" || !ok {
		return ""
	}
	text, err := os.ReadFile(filepath.Join(out, "setup.sh"))
	if err != nil {
		return ""
	}
	f, err := bashfile.Parse(string(text))
	if err != nil {
		return ""
	}
	pkgs := toolchainOf(f)
	script := toolchainScript(pkgs)
	if len(pkgs) == 0 || script == "" {
		return ""
	}
	baseID, err := e.ImageID(ctx, base)
	if err != nil {
		return ""
	}
	key := toolchainKey(baseID, script)
	layer, err := e.Labelled(ctx, LabelCheckpoint, key)
	if err != nil || layer == "" {
		return ""
	}
	sandbox.TouchCheckpoint(key)
	bo.BuildArgs["BASE"] = layer
	return fmt.Sprintf("the shared toolchain layer %.19s: %s with %s installed, no repository content (--from-base builds on %s itself)", layer, base, strings.Join(pkgs, " "), base)
}
