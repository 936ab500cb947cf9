package loops

import (
	"context"
	"time"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// Environment is a run's verified environment as other tools use it (the
// MCP server): the image its exported Dockerfile builds, its report and
// its pyramid.
type Environment struct {
	Image   string
	Report  *report.Report
	Pyramid *pyramid.Pyramid
}

// ReadEnvironment reads a run's output directory: its report and pyramid.
func ReadEnvironment(out string) (*report.Report, *pyramid.Pyramid, error) {
	rep, pyr, _, err := readOutput(out)
	return rep, pyr, err
}

// BuildEnvironment builds the image of a run's exports as Verify does —
// the exported Dockerfile, the output directory as context with the
// repository in repo/, .dockerignore applied, BASE the run's base image —
// but reusing the engine's layer cache: what is wanted is the
// environment, not a proof that it rebuilds from scratch. The image is
// labelled with o.RunID (`heragent gc --run-id ID --checkpoints` removes
// it) and tagged tag (none when empty); o.Log hears the build's output.
func BuildEnvironment(ctx context.Context, e Engine, out string, o VerifyOptions, tag string) (*Environment, error) {
	rep, pyr, df, err := readOutput(out)
	if err != nil {
		return nil, err
	}
	if err := sandbox.CheckRepoDir(rep.Repo); err != nil {
		return nil, err
	}
	bo := buildOptions(out, rep, df, o, o.RunID)
	bo.NoCache, bo.Tag = false, tag
	img, err := buildOnce(ctx, e, bo)
	if err != nil {
		return nil, err
	}
	return &Environment{Image: img, Report: rep, Pyramid: pyr}, nil
}

// RunCommand runs a command in a sandbox as the run runs a pyramid
// command — a login shell in /repo (or c.Dir), pipefail, the test result
// files it wrote collected, counts parsed, judged — and returns its
// result; its whole output goes to logFile.
func RunCommand(ctx context.Context, sb Sandbox, c pyramid.Command, timeout time.Duration, logFile string) (report.CommandResult, error) {
	got, err := execCommand(ctx, sb, c, 1, timeout, logFile)
	return got.CommandResult, err
}
