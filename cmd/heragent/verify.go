package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/heragent/heragent/loops"
	"github.com/heragent/heragent/pipeline"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
	"github.com/spf13/cobra"
)

func newVerifyCmd(g *globals) *cobra.Command {
	var ef engineFlags
	var quiet bool
	var tag string
	var fromBase bool
	cmd := &cobra.Command{
		Use:   "verify <outdir>",
		Short: "Rebuild a run's exported Dockerfile from scratch and re-run the commands that proved its level",
		Long: `verify builds <outdir>/Dockerfile as a user builds it — <outdir> as
context with the repository in repo/, filtered by <outdir>/.dockerignore —
on the run's base image (--build-arg BASE; --image to choose another), with
no checkpoint and no cache of the run, and re-runs, in a container of the
new image, every command that proved the level the run reported. When
the engine has the shared toolchain layer the run started from (the base
image with the toolchain packages setup.sh installs — build-essential,
cmake… — and nothing of the repository), the build starts from it: every
section of the Dockerfile still runs, only those package installs are
not redone; --from-base (and --tag) build on the base image itself. The
host's CA certificates go in as the build arg HERAGENT_CA_PEM, which every
builder (Docker's classic builder, BuildKit, podman) takes. When
<outdir>/repo/ holds a checkout (as the Dockerfile's header says to put
one), that is the repository; otherwise the one the run read. --tag keeps
the image under that name (labelled io.heragent.kind=export: gc keeps
it); otherwise it is removed. It writes <outdir>/verify.json and exits 0
on a match, 1 on a mismatch.`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			certs, err := ef.certs()
			if err != nil {
				return err
			}
			runID := sandbox.NewRunID()
			release, err := hold(func(m string) { progress(g, cmd.ErrOrStderr(), report.Event{Phase: "output", Message: m}) }, runID, "verify", args[0]) // verify writes into the output
			if err != nil {
				return err
			}
			defer release()
			ctx := cmd.Context()
			e, err := sandbox.Connect(ctx)
			if err != nil {
				return envError(err)
			}
			defer e.Close()
			o := loops.VerifyOptions{CACerts: certs, Identify: pipeline.Identify, RunID: runID, Tag: tag, FromBase: fromBase}
			if cmd.Flags().Changed("image") {
				o.Image = ef.image // the Dockerfile's BASE; the run's base image otherwise
			}
			if !quiet && !g.json {
				o.Log = cmd.ErrOrStderr()
			}
			res, err := loops.Verify(ctx, loops.Docker(e), args[0], o)
			if err != nil {
				if errors.Is(err, sandbox.ErrBadRepo) {
					return usageError(err)
				}
				return err
			}
			warnIsolation(cmd.ErrOrStderr(), e.Isolation())
			if err := g.emit(cmd.OutOrStdout(), res, func(w io.Writer) { printVerify(w, res) }); err != nil {
				return err
			}
			if !res.Match {
				return belowLevelError(fmt.Errorf("verify: mismatch: reported %s, reproduced %s", res.Level, res.Reproduced))
			}
			return nil
		},
	}
	ef.register(cmd)
	cmd.Flags().BoolVarP(&quiet, "quiet", "q", false, "do not stream the image build output")
	cmd.Flags().StringVar(&tag, "tag", "", "keep the image built under this name (otherwise it is removed)")
	cmd.Flags().BoolVar(&fromBase, "from-base", false, "build on the base image itself, not on the shared toolchain layer the run started from")
	return cmd
}

func printVerify(w io.Writer, r *report.VerifyResult) {
	for _, c := range r.Commands {
		mark := "✗"
		if c.Passed {
			mark = "✓"
		}
		fmt.Fprintf(w, "%s %-11s %s — %s (%.1fs)\n", mark, c.Level, c.Text, c.Verdict, c.Seconds)
	}
	for _, m := range r.Mismatches {
		fmt.Fprintf(w, "mismatch: %s\n", m)
	}
	verdict := "match"
	if !r.Match {
		verdict = "MISMATCH"
	}
	if r.Tag != "" {
		fmt.Fprintf(w, "image: %s (%s)\n", r.Tag, r.Image)
	}
	if r.BuiltOn != "" {
		fmt.Fprintf(w, "built on %s\n", r.BuiltOn)
	}
	fmt.Fprintf(w, "%s: reported %s, reproduced %s from a fresh build (build %.0fs, total %.0fs)\n", verdict, r.Level, r.Reproduced, r.BuildSeconds, r.Seconds)
}
