package main

import (
	"fmt"
	"io"

	"github.com/heragent/heragent/sandbox"
	"github.com/spf13/cobra"
)

func newGCCmd(g *globals) *cobra.Command {
	var o sandbox.GCOptions
	cmd := &cobra.Command{
		Use:   "gc",
		Short: "Remove leftover heragent containers (and, if asked, checkpoint or base images)",
		Long: `gc removes containers labelled io.heragent.managed=true that a killed run
left behind. --checkpoints also removes checkpoint images, --base-images the
images built by 'heragent image bootstrap', --caches the build-cache volumes
(ccache, Go's build cache) runs share. --run-id limits it to one run's
objects. Unlabelled containers and images are never touched.`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			e, err := sandbox.Connect(cmd.Context())
			if err != nil {
				return envError(err)
			}
			defer e.Close()
			res, err := e.GC(cmd.Context(), o)
			if perr := g.emit(cmd.OutOrStdout(), res, func(w io.Writer) {
				fmt.Fprintf(w, "removed %d container(s), %d image(s), %d cache volume(s)\n", len(res.Containers), len(res.Images), len(res.Volumes))
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
	cmd.Flags().BoolVar(&o.BaseImages, "base-images", false, "also remove base images built by image bootstrap")
	cmd.Flags().BoolVar(&o.Caches, "caches", false, "also remove the build-cache volumes (ccache, Go) no container uses")
	return cmd
}
