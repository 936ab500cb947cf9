package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/heragent/heragent/internal/buildinfo"
)

// newVersionCmd prints heragent's module version and VCS revision (also
// `heragent --version`); reports carry the same string.
func newVersionCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print heragent's version and the VCS revision it was built from",
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			in := buildinfo.Read()
			return g.emit(cmd.OutOrStdout(), in, func(w io.Writer) {
				fmt.Fprintf(w, "heragent %s\n", in)
				if in.Time != "" {
					fmt.Fprintf(w, "built from a commit of %s with %s\n", in.Time, in.Go)
				}
			})
		},
	}
}
