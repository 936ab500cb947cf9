package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/heragent/heragent/sandbox"
	"github.com/spf13/cobra"
)

func newImageCmd(g *globals) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "image",
		Short: "Manage base images",
	}
	return group(cmd, newImageBootstrapCmd(g))
}

func newImageBootstrapCmd(g *globals) *cobra.Command {
	var o sandbox.BootstrapOptions
	var quiet bool
	cmd := &cobra.Command{
		Use:   "bootstrap",
		Short: "Build a Debian base image with debootstrap, no registry needed",
		Long: `bootstrap builds a minimal Debian image (debootstrap --variant=minbase, plus
ca-certificates) from the host's own APT mirror and imports it into the
engine as --image. Idempotent: an existing image is kept unless --force.
Needs root and debootstrap.`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			e, err := sandbox.Connect(cmd.Context())
			if err != nil {
				return envError(err)
			}
			defer e.Close()
			if !quiet && !g.json {
				o.Log = cmd.ErrOrStderr()
			}
			res, err := e.Bootstrap(cmd.Context(), o)
			if err != nil {
				if errors.Is(err, sandbox.ErrBootstrapPrereq) {
					return envError(err)
				}
				return err
			}
			return g.emit(cmd.OutOrStdout(), res, func(w io.Writer) {
				if !res.Created {
					fmt.Fprintf(w, "%s already present (%s); --force rebuilds it\n", res.Tag, shortID(res.ID))
					return
				}
				fmt.Fprintf(w, "built %s (%s, %d MB) from %s %s in %s\n", res.Tag, shortID(res.ID), res.Size>>20, res.Mirror, res.Suite, res.Duration.Round(time.Second))
			})
		},
	}
	cmd.Flags().StringVar(&o.Suite, "suite", "bookworm", "Debian suite")
	cmd.Flags().StringVar(&o.Mirror, "mirror", "", "Debian archive URL (default: the host's APT mirror)")
	cmd.Flags().StringVar(&o.Tag, "image", sandbox.DefaultImage, "image reference to create (the --image other commands start sandboxes from)")
	cmd.Flags().StringVar(&o.Tag, "tag", sandbox.DefaultImage, "old spelling of --image")
	hideAliases(cmd, "tag")
	cmd.Flags().StringSliceVar(&o.Include, "include", nil, "extra packages to bake in")
	cmd.Flags().BoolVar(&o.Force, "force", false, "rebuild even if the image exists")
	cmd.Flags().BoolVarP(&quiet, "quiet", "q", os.Getenv("CI") == "true", "do not stream debootstrap's output")
	return cmd
}

func shortID(id string) string {
	if len(id) > 19 {
		return id[:19]
	}
	return id
}
