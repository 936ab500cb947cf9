package mcpserver

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/heragent/heragent/loops"
	"github.com/heragent/heragent/pipeline"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/pyramid/results"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// SetupInput is setup_environment's arguments.
type SetupInput struct {
	Repo       string   `json:"repo" jsonschema:"the repository: a local directory under one of the server's allowed roots"`
	Level      string   `json:"level,omitempty" jsonschema:"level to reach: installable, testable or runnable (default runnable)"`
	Goal       []string `json:"goal,omitempty" jsonschema:"commands that must succeed at the Runnable level"`
	Expect     []string `json:"expect,omitempty" jsonschema:"regular expressions every goal's output must show"`
	MaxSeconds int      `json:"max_seconds,omitempty" jsonschema:"time budget of the setup in seconds (default 1800): when spent it ends with the best level proved"`
}

// SetupOutput is what setup_environment returns.
type SetupOutput struct {
	EnvironmentID    string            `json:"environment_id" jsonschema:"names the environment in run_in_environment, run_tests, get_report and the resources"`
	Level            string            `json:"level" jsonschema:"the level proved: none, installable, testable or runnable"`
	Target           string            `json:"target"`
	WhyNotHigher     string            `json:"why_not_higher,omitempty"`
	TestableEvidence string            `json:"testable_evidence,omitempty" jsonschema:"suite, subset or smoke"`
	RunnableEvidence string            `json:"runnable_evidence,omitempty"`
	TestCommand      string            `json:"test_command,omitempty" jsonschema:"the Testable command that proved the level: what run_tests runs"`
	Runnable         string            `json:"runnable,omitempty"`
	Tests            results.Counts    `json:"tests" jsonschema:"test counts of the Testable command that proved the level"`
	TestsFound       int               `json:"tests_found"`
	Iterations       int               `json:"iterations"`
	Seconds          float64           `json:"seconds"`
	Out              string            `json:"out" jsonschema:"the directory holding the exports"`
	Exports          map[string]string `json:"exports" jsonschema:"export name → path"`
	Resources        []string          `json:"resources" jsonschema:"resource URIs of the exports"`
	Image            string            `json:"image,omitempty" jsonschema:"the environment's image, built from the exported Dockerfile: run_in_environment and run_tests start from it"`
	ImageError       string            `json:"image_error,omitempty" jsonschema:"why the image did not build (run_tests tries again)"`
}

// exportNames are the exports served as resources, with their MIME types.
var exportNames = []struct{ name, mime string }{
	{"setup.sh", "text/x-shellscript"},
	{"Dockerfile", "text/plain"},
	{"report.json", "application/json"},
	{"report.md", "text/markdown"},
	{"pyramid.json", "application/json"},
	{"entrypoint.sh", "text/x-shellscript"},
}

const defaultSetupTime = 30 * time.Minute

func (s *Server) setup(ctx context.Context, req *mcp.CallToolRequest, in SetupInput) (*mcp.CallToolResult, *SetupOutput, error) {
	repo, target, err := s.checkSetup(in)
	if err != nil {
		return nil, nil, err
	}
	id := envID(repo)
	out, err := s.outDir(id)
	if err != nil {
		return nil, nil, err
	}
	lock, err := loops.LockOut(out)
	if err != nil {
		return nil, nil, fmt.Errorf("environment %s: %w", id, err)
	}
	defer lock.Unlock()
	e, err := s.readyEngine(ctx)
	if err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	progress := newNotifier(ctx, req, cancel)
	defer heartbeat(ctx, progress, "setup", "")()
	say := func(phase, msg string) { progress(report.Event{Phase: phase, Message: msg}) }
	plan, brain, err := s.cfg.Analyze(ctx, repo, AnalyzeRequest{Goals: in.Goal, Expect: in.Expect, Target: target}, say)
	if err != nil {
		return nil, nil, err
	}
	budget := defaultSetupTime
	if in.MaxSeconds > 0 {
		budget = time.Duration(in.MaxSeconds) * time.Second
	}
	rep, err := loops.Run(ctx, loops.Docker(e), s.runOptions(ctx, e, repo, out, plan, brain, target, budget, progress))
	if err != nil {
		return nil, nil, err
	}
	s.addEnvResources(id)
	o := setupOutput(id, out, rep)
	if rep.Level != pyramid.None { // the exported Dockerfile builds: run_tests is quick from now on
		if o.Image, err = s.image(ctx, progress, &env{id: id, out: out}); err != nil {
			o.ImageError = err.Error()
		}
	}
	return nil, o, nil
}

// checkSetup validates the arguments before anything starts.
func (s *Server) checkSetup(in SetupInput) (repo string, target pyramid.Level, err error) {
	if repo, err = s.repoDir(in.Repo); err != nil {
		return "", "", err
	}
	level := in.Level
	if level == "" {
		level = string(pyramid.Runnable)
	}
	if target, err = pyramid.ParseLevel(level); err != nil || target == pyramid.None {
		return "", "", fmt.Errorf("level: want installable, testable or runnable, got %q", in.Level)
	}
	if err := (pyramid.Options{Goals: in.Goal, Expect: in.Expect}).Validate(); err != nil {
		return "", "", err
	}
	if in.MaxSeconds < 0 {
		return "", "", fmt.Errorf("max_seconds must be positive, got %d", in.MaxSeconds)
	}
	if err := sandbox.CheckRepoSize(repo, s.repoLimit()); err != nil {
		return "", "", err
	}
	return repo, target, nil
}

func (s *Server) repoLimit() int64 {
	if s.cfg.Limits.RepoBytes > 0 {
		return s.cfg.Limits.RepoBytes
	}
	return sandbox.DefaultMaxRepoSize
}

// readyEngine is the engine, with the base image present.
func (s *Server) readyEngine(ctx context.Context) (*sandbox.Engine, error) {
	e, err := s.engineFor(ctx)
	if err != nil {
		return nil, err
	}
	ok, err := e.ImageExists(ctx, s.cfg.Image)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%w: %s (build it with `heragent image bootstrap`)", sandbox.ErrImageMissing, s.cfg.Image)
	}
	return e, nil
}

// runOptions are `heragent run`'s loop options for one setup.
func (s *Server) runOptions(ctx context.Context, e *sandbox.Engine, repo, out string, p *pipeline.Plan, brain Brain, target pyramid.Level, budget time.Duration, progress func(report.Event)) loops.RunOptions {
	return loops.RunOptions{
		Repo: repo, Out: out, Image: s.cfg.Image, CACerts: s.cfg.CACerts, Limits: s.cfg.Limits,
		File: p.File, Pyramid: p.Pyramid, Stacks: p.Stacks, Notes: p.Notes, Phases: p.Phases.Map(),
		Commit: p.Commit, Dirty: p.Dirty, Name: p.Name, Repairer: brain, Chooser: brain, Reflector: brain, Journal: brain,
		Source: pipeline.Origin(repo), PublicBase: e.PublicBase(ctx, s.cfg.Image),
		Target: target, MaxTime: budget, SetupTimeout: min(budget, 30*time.Minute), CommandTimeout: min(budget, 15*time.Minute),
		Caches: s.cfg.Caches, RunID: s.cfg.RunID, Progress: progress,
	}
}

func setupOutput(id, out string, rep *report.Report) *SetupOutput {
	o := &SetupOutput{EnvironmentID: id, Level: string(rep.Level), Target: string(rep.Target), WhyNotHigher: rep.WhyNotHigher,
		TestableEvidence: rep.TestableEvidence, RunnableEvidence: rep.RunnableEvidence, TestCommand: testCommand(rep, nil).Text,
		Runnable: rep.Runnable, Tests: rep.Tests, TestsFound: rep.TestsFound, Iterations: rep.Iterations, Seconds: rep.Seconds,
		Out: out, Exports: map[string]string{}, Resources: []string{}}
	if o.Level == "" {
		o.Level = string(pyramid.None)
	}
	for _, x := range exportNames {
		o.Exports[x.name] = filepath.Join(out, x.name)
		o.Resources = append(o.Resources, resourceURI(id, x.name))
	}
	return o
}

// newNotifier sends each run event to the client as a progress
// notification (when it asked for progress): the message says the phase,
// iteration, command and the level proved so far; _meta carries them as
// fields. A notification that cannot be sent means the client is gone
// (over HTTP its connection broke: the session outlives it, and closing
// it would wait for the call): gone is called, to cancel the call.
func newNotifier(ctx context.Context, req *mcp.CallToolRequest, gone func()) func(report.Event) {
	token := req.Params.GetProgressToken()
	var mu sync.Mutex
	n, level := 0, pyramid.None
	return func(ev report.Event) {
		mu.Lock()
		defer mu.Unlock()
		if ev.Phase == "level" && ev.Level != "" && pyramid.Level(ev.Level).Rank() > level.Rank() {
			level = pyramid.Level(ev.Level)
		}
		if token == nil || req.Session == nil {
			return
		}
		n++
		msg := fmt.Sprintf("%s #%d [%s] %s", ev.Phase, ev.Iteration, level, ev.Message)
		if ev.Command != "" {
			msg = fmt.Sprintf("%s #%d [%s] %s: %s", ev.Phase, ev.Iteration, level, ev.Command, ev.Message)
		}
		meta := mcp.Meta{"phase": ev.Phase, "iteration": ev.Iteration, "level": string(level)}
		if ev.Command != "" {
			meta["command"] = ev.Command
		}
		err := req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: token, Progress: float64(n), Message: msg, Meta: meta})
		if err != nil && ctx.Err() == nil {
			token = nil // the client is gone: stop telling it, and stop
			if gone != nil {
				gone()
			}
		}
	}
}
