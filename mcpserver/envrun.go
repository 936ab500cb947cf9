package mcpserver

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/heragent/heragent/loops"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/pyramid/results"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// RunInput is run_in_environment's arguments.
type RunInput struct {
	EnvironmentID  string `json:"environment_id" jsonschema:"what setup_environment returned"`
	Command        string `json:"command" jsonschema:"a bash script, run in /repo in a login shell with pipefail"`
	TimeoutSeconds int    `json:"timeout_seconds,omitempty" jsonschema:"kill the command after this long (default 600, at most 3600)"`
	MaxOutputBytes int    `json:"max_output_bytes,omitempty" jsonschema:"output returned, head and tail (default 16384, at most 262144); the whole output stays in the log"`
	Rebuild        bool   `json:"rebuild,omitempty" jsonschema:"first run the setup sections that build the repository (bash /heragent/setup.sh build_project…), so edits are compiled (default false)"`
}

// TestsInput is run_tests' arguments.
type TestsInput struct {
	EnvironmentID  string `json:"environment_id" jsonschema:"what setup_environment returned"`
	Scope          string `json:"scope,omitempty" jsonschema:"a narrower test command to run instead, in the same directory (e.g. 'go test ./pkg -run TestX', 'ctest -R parse'); empty runs the command that proved Testable"`
	TimeoutSeconds int    `json:"timeout_seconds,omitempty" jsonschema:"kill the tests after this long (default 600, at most 3600)"`
	MaxOutputBytes int    `json:"max_output_bytes,omitempty" jsonschema:"output returned, head and tail (default 16384, at most 262144)"`
	NoRebuild      bool   `json:"no_rebuild,omitempty" jsonschema:"skip rebuilding the repository before the tests (by default the setup sections that build it run first, so edits are compiled)"`
}

// RunOutput is what run_in_environment and run_tests return.
type RunOutput struct {
	EnvironmentID string         `json:"environment_id"`
	Command       string         `json:"command"`
	Dir           string         `json:"dir" jsonschema:"the directory it ran in, inside the container"`
	ExitCode      int            `json:"exit_code"`
	TimedOut      bool           `json:"timed_out"`
	Seconds       float64        `json:"seconds"`
	Tests         results.Counts `json:"tests" jsonschema:"test counts parsed from the output and the result files it wrote"`
	FailedTests   []string       `json:"failed_tests,omitempty" jsonschema:"names of failed tests the output names (at most 50)"`
	Passed        bool           `json:"passed" jsonschema:"judged as heragent judges a test command: it ran tests and they passed"`
	Verdict       string         `json:"verdict"`
	Output        string         `json:"output" jsonschema:"the output, head and tail when longer than max_output_bytes"`
	OutputBytes   int64          `json:"output_bytes" jsonschema:"the size of the whole output"`
	Truncated     bool           `json:"truncated"`
	Log           string         `json:"log" jsonschema:"the whole output, on the server's host"`
}

const (
	defaultTimeout = 10 * time.Minute
	maxTimeout     = time.Hour
	defaultOutput  = 16 << 10
	maxOutput      = 256 << 10
	maxFailedNames = 50
)

func (s *Server) runIn(ctx context.Context, req *mcp.CallToolRequest, in RunInput) (*mcp.CallToolResult, *RunOutput, error) {
	if in.Command == "" {
		return nil, nil, fmt.Errorf("no command given")
	}
	env, err := s.environment(ctx, req, in.EnvironmentID)
	if err != nil {
		return nil, nil, err
	}
	c := pyramid.Command{Text: in.Command, Level: pyramid.Testable, Bucket: pyramid.Unit}
	if in.Rebuild {
		c = withRebuild(c, rebuildSections(env.out))
	}
	return s.run(ctx, req, env, c, in.TimeoutSeconds, in.MaxOutputBytes)
}

func (s *Server) runTests(ctx context.Context, req *mcp.CallToolRequest, in TestsInput) (*mcp.CallToolResult, *RunOutput, error) {
	env, err := s.environment(ctx, req, in.EnvironmentID)
	if err != nil {
		return nil, nil, err
	}
	c := testCommand(env.rep, env.pyr)
	if c.Text == "" && in.Scope == "" {
		return nil, nil, fmt.Errorf("environment %s proved no test command (level %s): give scope", env.id, env.rep.Level)
	}
	if in.Scope != "" {
		c = pyramid.Command{Text: in.Scope, Dir: c.Dir, Level: pyramid.Testable, Bucket: pyramid.Unit}
	}
	if !in.NoRebuild {
		c = withRebuild(c, rebuildSections(env.out))
	}
	return s.run(ctx, req, env, c, in.TimeoutSeconds, in.MaxOutputBytes)
}

// env is a set-up environment and its image.
type env struct {
	id, out, repo, image string
	rep                  *report.Report
	pyr                  *pyramid.Pyramid
}

// environment reads an environment's exports and builds its image once
// (the exported Dockerfile, the layer cache reused).
func (s *Server) environment(ctx context.Context, req *mcp.CallToolRequest, id string) (*env, error) {
	out, err := s.outDir(id)
	if err != nil {
		return nil, err
	}
	rep, pyr, err := loops.ReadEnvironment(out)
	if err != nil {
		return nil, fmt.Errorf("no environment %q: set it up with setup_environment first", id)
	}
	repo, err := s.repoDir(rep.Repo)
	if err != nil {
		return nil, err
	}
	ev := &env{id: id, out: out, repo: repo, rep: rep, pyr: pyr}
	ev.image, err = s.image(ctx, newNotifier(ctx, req, nil), ev)
	return ev, err
}

// run runs c in a fresh container of the environment's image with the
// repository's current working tree copied over /repo, then removes it.
func (s *Server) run(ctx context.Context, req *mcp.CallToolRequest, ev *env, c pyramid.Command, timeoutSec, maxOut int) (*mcp.CallToolResult, *RunOutput, error) {
	timeout, limit, err := bounds(timeoutSec, maxOut)
	if err != nil {
		return nil, nil, err
	}
	e, err := s.engineFor(ctx)
	if err != nil {
		return nil, nil, err
	}
	logFile, err := s.logFile(ev.id)
	if err != nil {
		return nil, nil, err
	}
	sb, err := e.NewSandbox(ctx, sandbox.Options{Image: ev.image, Repo: ev.repo, CACerts: s.cfg.CACerts, Limits: s.cfg.Limits, RunID: s.cfg.RunID})
	if err != nil {
		return nil, nil, err
	}
	defer sb.Close(context.WithoutCancel(ctx))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := heartbeat(ctx, newNotifier(ctx, req, cancel), "command", c.Text)
	cr, err := loops.RunCommand(ctx, sb, c, timeout, logFile)
	stop()
	if err != nil {
		return nil, nil, err
	}
	text, size, cut := headTail(logFile, limit)
	dir := sandbox.RepoDir
	if c.Dir != "" {
		dir = filepath.Join(dir, c.Dir)
	}
	return nil, &RunOutput{EnvironmentID: ev.id, Command: c.Text, Dir: dir, ExitCode: cr.ExitCode, TimedOut: cr.TimedOut, Seconds: cr.Seconds,
		Tests: cr.Counts, FailedTests: results.FailedNames(readTail(logFile, 4<<20), maxFailedNames), Passed: cr.Passed, Verdict: cr.Verdict,
		Output: text, OutputBytes: size, Truncated: cut, Log: logFile}, nil
}

// bounds checks and defaults a call's time and output limits.
func bounds(timeoutSec, maxOut int) (time.Duration, int, error) {
	timeout := defaultTimeout
	switch {
	case timeoutSec < 0 || maxOut < 0:
		return 0, 0, fmt.Errorf("timeout_seconds and max_output_bytes must be positive")
	case timeoutSec > 0:
		timeout = min(time.Duration(timeoutSec)*time.Second, maxTimeout)
	}
	limit := defaultOutput
	if maxOut > 0 {
		limit = min(maxOut, maxOutput)
	}
	return timeout, limit, nil
}

// logFile is a new log of an environment's command:
// <out root>/<id>.logs/NNN.log.
func (s *Server) logFile(id string) (string, error) {
	dir := filepath.Join(s.cfg.OutRoot, id+".logs")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("create log directory: %w", err)
	}
	return filepath.Join(dir, fmt.Sprintf("%s-%03d.log", time.Now().UTC().Format("20060102T150405"), s.seq.Add(1))), nil
}

// testCommand is the command that proved Testable in the environment's
// report (the first Testable command that passed in an older one, else
// the pyramid's first Testable command); empty when there is none.
func testCommand(rep *report.Report, pyr *pyramid.Pyramid) pyramid.Command {
	pick := func(proof bool) (report.CommandResult, bool) {
		for _, c := range rep.Commands {
			if c.Level == pyramid.Testable && c.Passed && (c.Proof || !proof) {
				return c, true
			}
		}
		return report.CommandResult{}, false
	}
	cr, ok := pick(true)
	if !ok {
		cr, ok = pick(false)
	}
	if ok {
		return pyramid.Command{Text: cr.Text, Dir: cr.Dir, Level: pyramid.Testable, Bucket: cr.Bucket}
	}
	if pyr != nil {
		for _, c := range pyr.Commands {
			if c.Level == pyramid.Testable {
				return c
			}
		}
	}
	return pyramid.Command{}
}
