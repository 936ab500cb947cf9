package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/heragent/heragent/sandbox"
	"github.com/spf13/cobra"
)

// execResult is what `heragent exec --json` prints.
type execResult struct {
	Repo     string  `json:"repo"`
	Image    string  `json:"image"`
	RunID    string  `json:"run_id"`
	ExitCode int     `json:"exit_code"`
	TimedOut bool    `json:"timed_out"`
	Seconds  float64 `json:"seconds"`
	Tail     string  `json:"tail"`
	Commit   string  `json:"commit,omitempty"`
}

func newExecCmd(g *globals) *cobra.Command {
	var ef engineFlags
	var lim sandbox.Limits
	var memMiB int64
	maxRepo := sizeFlag(sandbox.DefaultMaxRepoSize)
	var timeout time.Duration
	var logFile, commitRef, runID string
	cmd := &cobra.Command{
		Use:   "exec <repo> -- <command> [args...]",
		Short: "Run one command in a fresh sandbox holding a copy of the repository",
		Long: `exec copies the repository into a fresh container from the base image
(the host checkout is never mounted or modified), runs the command in
/repo with output streamed, and removes the container. A single argument
after -- is run as a shell script. Exits 1 when the command fails or times
out.`,
		Example: `  heragent exec . -- make test
  heragent exec . --timeout 10m -- 'cmake -B build && cmake --build build'`,
		Args: func(cmd *cobra.Command, args []string) error {
			if cmd.ArgsLenAtDash() != 1 || len(args) < 2 {
				return usageError(fmt.Errorf("usage: heragent exec <repo> -- <command> [args...]"))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			repo, argv := args[0], args[1:]
			if err := sandbox.CheckRepoDir(repo); err != nil {
				return usageError(err)
			}
			if err := sandbox.CheckRepoSize(repo, int64(maxRepo)); err != nil {
				return usageError(err)
			}
			certs, err := ef.certs()
			if err != nil {
				return err
			}
			if runID == "" {
				runID = sandbox.NewRunID()
			}
			release, err := hold(nil, runID, "exec", "")
			if err != nil {
				return err
			}
			defer release() // after the engine's Close below has removed the sandbox
			ctx := cmd.Context()
			e, err := ef.connect(ctx)
			if err != nil {
				return err
			}
			defer e.Close()
			lim.MemoryBytes, lim.RepoBytes = memMiB<<20, int64(maxRepo)
			sb, err := e.NewSandbox(ctx, sandbox.Options{Image: ef.image, Repo: repo, CACerts: certs, Limits: lim, RunID: runID})
			if err != nil {
				return err
			}
			defer sb.Close(ctx)
			warnIsolation(cmd.ErrOrStderr(), e.Isolation())
			spec := sandbox.ExecSpec{Cmd: argv, Timeout: timeout, LogFile: logFile}
			if len(argv) == 1 {
				spec = sandbox.ExecSpec{Script: argv[0], Timeout: timeout, LogFile: logFile}
			}
			if !g.json {
				out := cmd.OutOrStdout()
				spec.OnOutput = func(p []byte) { out.Write(p) }
			}
			res, err := sb.Exec(ctx, spec)
			if err != nil {
				return err
			}
			r := execResult{Repo: repo, Image: ef.image, RunID: sb.RunID, ExitCode: res.ExitCode, TimedOut: res.TimedOut, Seconds: res.Duration.Seconds(), Tail: res.Tail}
			if commitRef != "" && res.ExitCode == 0 && !res.TimedOut {
				if r.Commit, err = sb.Commit(ctx, commitRef, nil); err != nil {
					return err
				}
			}
			if err := g.emit(cmd.OutOrStdout(), r, func(w io.Writer) {}); err != nil {
				return err
			}
			switch {
			case res.TimedOut:
				return belowLevelError(fmt.Errorf("command timed out after %s: %s", timeout, strings.Join(argv, " ")))
			case res.ExitCode != 0:
				return belowLevelError(fmt.Errorf("command exited %d", res.ExitCode))
			}
			return nil
		},
	}
	ef.register(cmd)
	cmd.Flags().DurationVar(&timeout, "timeout", 30*time.Minute, "kill the command (and everything it started) after this long")
	cmd.Flags().Float64Var(&lim.CPUs, "cpus", 0, "CPU limit (default: all cores)")
	cmd.Flags().Int64Var(&memMiB, "memory", 0, "memory limit in MiB (default 8192)")
	cmd.Flags().Int64Var(&lim.Pids, "pids", 0, "process limit (default 4096)")
	cmd.Flags().Var(&maxRepo, "max-repo-size", maxRepoSizeUsage)
	cmd.Flags().StringVar(&logFile, "log", "", "also append the command's output to this file")
	cmd.Flags().StringVar(&commitRef, "commit", "", "on success, save the container as this checkpoint image")
	cmd.Flags().StringVar(&runID, "run-id", "", "label the sandbox with this run ID (for `heragent gc --run-id`)")
	return cmd
}
