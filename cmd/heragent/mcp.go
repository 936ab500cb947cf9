package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/heragent/heragent/internal/buildinfo"
	"github.com/heragent/heragent/mcpserver"
	"github.com/heragent/heragent/pipeline"
	"github.com/heragent/heragent/sandbox"
)

// mcpFlags are the flags of `heragent mcp`.
type mcpFlags struct {
	analysis analysisFlags
	engine   engineFlags
	listen   string
	allow    []string
	outRoot  string
	runID    string
	maxRepo  sizeFlag
}

func newMCPCmd(g *globals) *cobra.Command {
	f := &mcpFlags{maxRepo: sizeFlag(sandbox.DefaultMaxRepoSize)}
	cmd := &cobra.Command{
		Use:   "mcp [--listen 127.0.0.1:PORT] [--allow DIR]…",
		Short: "Serve heragent to coding agents over the Model Context Protocol (stdio, or streamable HTTP on loopback)",
		Long: `mcp is a Model Context Protocol server: tools to set up and verify a
repository's environment (setup_environment: what 'heragent run' does, with
progress notifications), to run commands and tests in fresh containers of
the verified image with the repository's current working tree copied in
(run_in_environment, run_tests), to query the repository's knowledge graph
(query_repository) and to read the plan and the report (get_plan,
get_report); the exports as resources; a prompt telling an agent how to
use them. It speaks over stdin/stdout unless --listen names a loopback
address for streamable HTTP.

Only repositories under an --allow root are served (default: the current
directory). Exports go to --out-root/<environment id>. Every container and
image is labelled with the server's run ID; containers are removed when a
call is cancelled, the client disconnects or the server is stopped (after a
kill -9, 'heragent gc' removes them). The environments' images are kept for
the next session ('heragent gc --checkpoints' removes them).`,
		Example: `  heragent mcp --allow ~/src
  heragent mcp --listen 127.0.0.1:8765 --allow .`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error { return runMCP(cmd, f) },
	}
	registerStore(cmd, false, &f.analysis.graph.store)
	f.analysis.index.register(cmd)
	f.analysis.brain.register(cmd)
	f.engine.register(cmd)
	fl := cmd.Flags()
	fl.BoolVar(&f.analysis.index.offline, "offline", false, "use the cached Debian package index only, never the network")
	fl.StringVar(&f.listen, "listen", "", "serve streamable HTTP on this loopback address (127.0.0.1:PORT, [::1]:PORT, localhost:PORT) instead of stdio")
	fl.StringArrayVar(&f.allow, "allow", nil, "a directory whose repositories may be served (repeatable; default: the current directory)")
	fl.StringVar(&f.outRoot, "out-root", "", "where environments' exports go, one directory each (default <state dir>/mcp)")
	fl.StringVar(&f.runID, "run-id", "", "label containers and images with this run ID (default random; for heragent gc --run-id)")
	fl.Var(&f.maxRepo, "max-repo-size", maxRepoSizeUsage)
	return cmd
}

func runMCP(cmd *cobra.Command, f *mcpFlags) error {
	ctx := cmd.Context()
	if err := checkLoopback(f.listen); err != nil {
		return usageError(err)
	}
	f.analysis.level = "runnable" // each setup asks its own
	a, err := f.analysis.check(cmd)
	if err != nil {
		return err
	}
	cfg, err := f.config(a)
	if err != nil {
		return err
	}
	release, err := hold(nil, cfg.RunID, "mcp", "")
	if err != nil {
		return err
	}
	defer release() // after Close below has removed the containers
	srv, err := mcpserver.New(cfg)
	if err != nil {
		return usageError(err)
	}
	defer srv.Close(ctx)
	say := cmd.ErrOrStderr()
	if f.listen == "" {
		fmt.Fprintf(say, "heragent mcp: serving on stdio (run id %s; allowed: %s; exports in %s)\n", cfg.RunID, strings.Join(cfg.Allow, ", "), cfg.OutRoot)
		err := srv.MCP().Run(ctx, &mcp.StdioTransport{})
		if ctx.Err() != nil || errors.Is(err, context.Canceled) {
			return nil // stopped, or the client went away: clean up and go
		}
		return err
	}
	fmt.Fprintf(say, "heragent mcp: serving streamable HTTP on http://%s/mcp (run id %s; allowed: %s; exports in %s)\n", f.listen, cfg.RunID, strings.Join(cfg.Allow, ", "), cfg.OutRoot)
	return serveHTTP(ctx, f.listen, srv.HTTPHandler(0))
}

// config is the server's configuration from the flags.
func (f *mcpFlags) config(a *analysis) (mcpserver.Config, error) {
	certs, err := f.engine.certs()
	if err != nil {
		return mcpserver.Config{}, err
	}
	allow := f.allow
	if len(allow) == 0 {
		allow = []string{"."}
	}
	for i, d := range allow {
		if allow[i], err = filepath.Abs(d); err != nil {
			return mcpserver.Config{}, usageError(err)
		}
		if st, err := os.Stat(allow[i]); err != nil || !st.IsDir() {
			return mcpserver.Config{}, usageError(fmt.Errorf("--allow %s: not a directory", d))
		}
	}
	out := f.outRoot
	if out == "" {
		state, err := sandbox.StateDir()
		if err != nil {
			return mcpserver.Config{}, envError(err)
		}
		out = filepath.Join(state, "mcp")
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return mcpserver.Config{}, usageError(fmt.Errorf("--out-root: %w", err))
	}
	if f.runID == "" {
		f.runID = sandbox.NewRunID()
	}
	return mcpserver.Config{Allow: allow, OutRoot: out, Image: f.engine.image, CACerts: certs, RunID: f.runID,
		Limits: sandbox.Limits{RepoBytes: int64(f.maxRepo)}, Analyze: analyzer(a), Graph: a.opts.Graph,
		Caches: sandbox.DefaultCaches(), Version: buildinfo.Version()}, nil
}

// analyzer is `heragent run`'s analysis with one setup's level and goals.
func analyzer(a *analysis) mcpserver.Analyzer {
	return func(ctx context.Context, repo string, req mcpserver.AnalyzeRequest, say func(phase, msg string)) (*pipeline.Plan, mcpserver.Brain, error) {
		one := *a
		one.target = req.Target
		one.opts.Goals, one.opts.Expect, one.opts.Target = req.Goals, req.Expect, req.Target
		p, brain, err := one.plan(ctx, repo, say)
		if err != nil {
			return nil, nil, err
		}
		return p, brain, nil
	}
}

// checkLoopback refuses a --listen address that is not on the loopback
// interface: the tools run code and read files.
func checkLoopback(addr string) error {
	if addr == "" {
		return nil
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil || port == "" {
		return fmt.Errorf("--listen %s: want HOST:PORT, e.g. 127.0.0.1:8765", addr)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("--listen %s: only a loopback address is served (127.0.0.1, ::1, localhost)", addr)
	}
	return nil
}

// serveHTTP serves streamable HTTP until ctx ends.
func serveHTTP(ctx context.Context, addr string, h http.Handler) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return usageError(fmt.Errorf("--listen: %w", err))
	}
	mux := http.NewServeMux() // at /mcp, where clients look for streamable HTTP
	mux.Handle("/mcp", h)
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		hs.Shutdown(sctx)
		return nil
	}
}
