package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/bashfile/debindex"
	"github.com/heragent/heragent/sandbox"
)

// planReport is what `heragent plan --json` prints.
type planReport struct {
	Stacks      []string       `json:"stacks"`
	Unsupported []string       `json:"unsupported"`
	Notes       []string       `json:"notes"`
	File        *bashfile.File `json:"file"`
}

func newPlanCmd(g *globals) *cobra.Command {
	f := &graphFlags{}
	var xf indexFlags
	cmd := &cobra.Command{
		Use:   "plan <repo>",
		Short: "Print the initial Bash File the detectors generate for a repository",
		Long: `plan builds (or updates) the knowledge graph of the repository, maps the
system dependencies it shows to Debian packages with the package index, and
prints the initial Bash File: the rendered script, or with --json its model
with the stacks found, unsupported build systems and notes. Nothing is run.`,
		Example: `  heragent plan . > setup.sh
  heragent plan ../jq --json`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := sandbox.CheckRepoDir(args[0]); err != nil {
				return usageError(err)
			}
			ctx := cmd.Context()
			ix, _, done, err := openGraph(ctx, f, args[0])
			if err != nil {
				return err
			}
			defer done()
			pkgs, err := debindex.Load(ctx, xf.options())
			if err != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "warning: no Debian package index (%s); packages named from the override lists only\n", oneLine(err.Error()))
				pkgs = nil
			}
			plan, err := bashfile.Generate(ctx, ix, bashfile.Options{Packages: pkgs})
			if err != nil {
				return envError(err)
			}
			r := planReport{Stacks: plan.Stacks, Unsupported: plan.Unsupported, Notes: plan.Notes, File: plan.File}
			return g.emit(cmd.OutOrStdout(), r, func(w io.Writer) {
				io.WriteString(w, plan.File.Render())
				if len(plan.Stacks)+len(plan.Unsupported)+len(plan.Notes) > 0 {
					fmt.Fprintf(cmd.ErrOrStderr(), "stacks: %s\n", strings.Join(plan.Stacks, ", "))
					for _, u := range plan.Unsupported {
						fmt.Fprintf(cmd.ErrOrStderr(), "unsupported: %s\n", u)
					}
					for _, n := range plan.Notes {
						fmt.Fprintf(cmd.ErrOrStderr(), "note: %s\n", n)
					}
				}
			})
		},
	}
	cmd.Flags().StringVar(&f.store, "store", "", "graph store: a file path (default <user cache dir>/heragent/graphs/<repo>.db) or neo4j://host:7687[/database]")
	xf.register(cmd)
	cmd.Flags().BoolVar(&xf.offline, "offline", false, "use the cached Debian package index only, never the network")
	return cmd
}
