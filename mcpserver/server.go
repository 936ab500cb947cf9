// Package mcpserver serves heragent to coding agents over the Model
// Context Protocol (the official Go SDK): tools that set up and verify a
// repository's environment (the same pipeline as `heragent run`), run
// commands and tests in fresh containers of the verified image with the
// repository's current working tree copied in, query the repository's
// knowledge graph, and read the plan and the report; resources for the
// exports and a prompt that says how to use them.
//
// Safe by default: repository code runs only in containers; repositories
// must lie under one of the allowed roots; outputs returned are bounded;
// every container and image the server makes is labelled with its run ID;
// Close removes the containers (after a kill -9, `heragent gc` does: the
// server holds a lease naming its process) and keeps the environments'
// images for the next session (`heragent gc --checkpoints` removes them).
package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/heragent/heragent/loops"
	"github.com/heragent/heragent/pipeline"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/sandbox"
)

// Brain answers every role of a run: the analysis roles the pipeline
// declares and those the loops declare (what `heragent run` builds from
// its brain flags).
type Brain interface {
	pipeline.Brain
	loops.Repairer
	loops.CommandChooser
	loops.Reflector
	loops.Journal
}

// AnalyzeRequest is what one setup asks of the analysis.
type AnalyzeRequest struct {
	Goals, Expect []string
	Target        pyramid.Level
}

// Analyzer runs the analysis of `heragent run` on a repository directory:
// the plan and the brain the loops are given. say hears each phase.
type Analyzer func(ctx context.Context, repo string, req AnalyzeRequest, say func(phase, msg string)) (*pipeline.Plan, Brain, error)

// Config configures the server.
type Config struct {
	// Allow are the directories repositories must lie in (after symlinks
	// are resolved); none allows nothing.
	Allow []string
	// OutRoot holds the environments' exports: <OutRoot>/<environment id>.
	OutRoot string
	Image   string // base image (sandbox.DefaultImage when empty)
	CACerts []sandbox.CACert
	Limits  sandbox.Limits
	// RunID labels every container and image of the server.
	RunID   string
	Analyze Analyzer
	// Connect opens the engine, on first use (sandbox.Connect when nil).
	Connect func(ctx context.Context) (*sandbox.Engine, error)
	Graph   pipeline.GraphOptions // where query_repository's graphs are kept
	Caches  []sandbox.Cache       // build-cache volumes a setup's sandboxes mount
	Version string
}

// Server is the MCP server and what it keeps between calls.
type Server struct {
	cfg   Config
	mcp   *mcp.Server
	allow []string

	mu     sync.Mutex
	engine *sandbox.Engine
	envMu  map[string]*sync.Mutex // one image build per environment at a time
	seq    atomic.Int64           // numbers command logs
}

// New makes the server with its tools, resources and prompt.
func New(cfg Config) (*Server, error) {
	if cfg.Image == "" {
		cfg.Image = sandbox.DefaultImage
	}
	if cfg.RunID == "" {
		cfg.RunID = sandbox.NewRunID()
	}
	if cfg.OutRoot == "" {
		return nil, errors.New("mcp server: no output root")
	}
	s := &Server{cfg: cfg, envMu: map[string]*sync.Mutex{}}
	for _, a := range cfg.Allow {
		abs, err := realDir(a)
		if err != nil {
			return nil, fmt.Errorf("--allow %s: %w", a, err)
		}
		s.allow = append(s.allow, abs)
	}
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: "heragent", Title: "heragent", Version: cfg.Version},
		&mcp.ServerOptions{Instructions: instructions})
	s.addTools()
	s.addResources()
	s.addPrompt()
	return s, nil
}

// MCP is the SDK server, to run on a transport.
func (s *Server) MCP() *mcp.Server { return s.mcp }

// RunID labels the server's containers and images.
func (s *Server) RunID() string { return s.cfg.RunID }

// Close removes the containers the server made (also when ctx is
// cancelled) and closes the engine. The environments' images stay, a
// cache for the next session: `heragent gc --checkpoints` removes them.
func (s *Server) Close(ctx context.Context) error {
	s.mu.Lock()
	e := s.engine
	s.engine = nil
	s.mu.Unlock()
	if e == nil {
		return nil
	}
	_, gcErr := e.GC(context.WithoutCancel(ctx), sandbox.GCOptions{RunID: s.cfg.RunID})
	return errors.Join(e.Close(), gcErr)
}

// engineFor connects to the engine on first use.
func (s *Server) engineFor(ctx context.Context) (*sandbox.Engine, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.engine != nil {
		return s.engine, nil
	}
	connect := s.cfg.Connect
	if connect == nil {
		connect = sandbox.Connect
	}
	e, err := connect(ctx)
	if err != nil {
		return nil, err
	}
	s.engine = e
	return e, nil
}

// repoDir resolves a repository path and refuses one outside the allowed
// roots.
func (s *Server) repoDir(p string) (string, error) {
	if p == "" {
		return "", errors.New("no repository given")
	}
	if strings.Contains(p, "://") || strings.HasPrefix(p, "git@") {
		return "", fmt.Errorf("repository %s: only local directories are served (clone it under an --allow root first)", p)
	}
	abs, err := realDir(p)
	if err != nil {
		return "", fmt.Errorf("repository %s: %w", p, err)
	}
	if !s.allowed(abs) {
		return "", fmt.Errorf("repository %s is outside the allowed roots (%s): restart the server with --allow", abs, s.allowedList())
	}
	return abs, nil
}

func (s *Server) allowed(abs string) bool {
	for _, root := range s.allow {
		if rel, err := filepath.Rel(root, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

func (s *Server) allowedList() string {
	if len(s.allow) == 0 {
		return "none"
	}
	return strings.Join(s.allow, ", ")
}

// realDir is p absolute and free of symlinks; it must be a directory.
func realDir(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs)
	}
	if err != nil {
		return "", err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return "", err
	}
	if !st.IsDir() {
		return "", errors.New("not a directory")
	}
	return abs, nil
}

// envID names the environment of a repository: its store name (directory
// name and a hash of its path), stable across server restarts.
func envID(abs string) string { return pipeline.RepoName(abs) }

// outDir is where an environment's exports are.
func (s *Server) outDir(id string) (string, error) {
	if id == "" || strings.ContainsAny(id, `/\`) || id == "." || id == ".." {
		return "", fmt.Errorf("bad environment id %q", id)
	}
	return filepath.Join(s.cfg.OutRoot, id), nil
}
