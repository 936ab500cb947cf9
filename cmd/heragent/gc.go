package main

import (
	"fmt"
	"io"
	"time"

	"github.com/heragent/heragent/loops"
	"github.com/heragent/heragent/sandbox"
	"github.com/spf13/cobra"
)

func newGCCmd(g *globals) *cobra.Command {
	var o sandbox.GCOptions
	cmd := &cobra.Command{
		Use:   "gc",
		Short: "Remove what dead heragent runs left (containers, partial outputs; if asked, images), sparing live runs",
		Long: `gc removes what heragent runs left behind: containers labelled
io.heragent.managed=true and the partial outputs (<out>.partial-<run id>)
of runs whose process is gone (a run killed with -9, a crashed machine).
A run still going is spared, and gc says which and why: each run holds a
lease (in leases/ of $HERAGENT_STATE_DIR, else <user cache dir>/heragent) and
labels its containers with its host, PID and process start time; a run on
another host is spared too, and so is an unowned container younger than
10 minutes. --force removes everything labelled regardless.
--checkpoints also removes checkpoint images (with --older-than D, only
those no run used for D), --base-images the images
built by 'heragent image bootstrap' (both except those a spared container
runs from), --caches the build-cache volumes (ccache, Go's build cache)
runs share. --run-id limits it to one run's objects. Unlabelled
containers and images are never touched.`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.OlderThan < 0 {
				return usageError(fmt.Errorf("--older-than must not be negative"))
			}
			e, err := sandbox.Connect(cmd.Context())
			if err != nil {
				return envError(err)
			}
			defer e.Close()
			o.LastUsed = func(l map[string]string) time.Time { return sandbox.CheckpointUsed(l[loops.LabelCheckpoint]) }
			res, err := e.GC(cmd.Context(), o)
			if perr := g.emit(cmd.OutOrStdout(), res, func(w io.Writer) {
				fmt.Fprintf(w, "removed %d container(s), %d image(s), %d cache volume(s), %d partial output(s)\n", len(res.Containers), len(res.Images), len(res.Volumes), len(res.Partials))
				for _, s := range res.Spared {
					fmt.Fprintln(w, s)
				}
			}); perr != nil {
				return perr
			}
			if err != nil {
				return envError(err)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&o.RunID, "run-id", "", "only remove objects of this run ID (run's and exec's --run-id)")
	cmd.Flags().StringVar(&o.RunID, "run", "", "old spelling of --run-id")
	hideAliases(cmd, "run")
	cmd.Flags().BoolVar(&o.Checkpoints, "checkpoints", false, "also remove checkpoint images")
	cmd.Flags().DurationVar(&o.OlderThan, "older-than", 0, "with --checkpoints: only those no run used for this long, e.g. 72h")
	cmd.Flags().BoolVar(&o.BaseImages, "base-images", false, "also remove base images built by image bootstrap")
	cmd.Flags().BoolVar(&o.Force, "force", false, "also remove what runs still going, or runs on other hosts, hold")
	cmd.Flags().BoolVar(&o.Caches, "caches", false, "also remove the build-cache volumes (ccache, Go) no container uses")
	return cmd
}
