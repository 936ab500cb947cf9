package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/heragent/heragent/pyramid"
	"github.com/spf13/cobra"
)

func newPyramidCmd(g *globals) *cobra.Command {
	f := &graphFlags{}
	var o pyramid.Options
	cmd := &cobra.Command{
		Use:   "pyramid <repo>",
		Short: "Mine the Test Pyramid: the commands that prove Installable, Testable and Runnable",
		Long: "Mine the Test Pyramid of a repository from its docs, CI, build files and entry points,\n" +
			"synthesise a Runnable probe when none is documented, and add the user's goals.\n" +
			"--goal CMD adds a Runnable command; --expect REGEX names a landmark every goal's output must show.\n" +
			"--json prints pyramid.json (schema in pyramid/README.md).",
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.Validate(); err != nil { // before building the graph
				return usageError(err)
			}
			ix, _, closeStore, err := openGraph(cmd.Context(), f, args[0])
			if err != nil {
				return err
			}
			defer closeStore()
			p, err := pyramid.Mine(cmd.Context(), ix, o)
			if err != nil {
				return envError(err)
			}
			if g.json {
				b, err := p.JSON()
				if err != nil {
					return envError(err)
				}
				_, err = cmd.OutOrStdout().Write(b)
				return err
			}
			printPyramid(cmd.OutOrStdout(), p)
			return nil
		},
	}
	cmd.Flags().StringVar(&f.store, "store", "", "graph store: a file path (default <user cache dir>/heragent/graph.db) or neo4j://host:7687[/database]")
	cmd.Flags().StringArrayVar(&o.Goals, "goal", nil, "a command that reproduces the experiment (Runnable, repeatable)")
	cmd.Flags().StringArrayVar(&o.Expect, "expect", nil, "a regex the goals' output must show (repeatable)")
	return cmd
}

// printPyramid prints the pyramid grouped by level, highest first.
func printPyramid(w io.Writer, p *pyramid.Pyramid) {
	for i := len(pyramid.Levels) - 1; i >= 0; i-- {
		l := pyramid.Levels[i]
		cs := p.At(l)
		fmt.Fprintf(w, "%s (%d)\n", strings.ToUpper(string(l)), len(cs))
		for _, c := range cs {
			tags := []string{string(c.Bucket)}
			if c.Synth {
				tags = append(tags, "synthesized")
			}
			if c.Background {
				tags = append(tags, "background")
			}
			dir := ""
			if c.Dir != "" {
				dir = "(in " + c.Dir + ") "
			}
			fmt.Fprintf(w, "  [%s] %s%s\n", strings.Join(tags, ","), dir, c.Text)
			fmt.Fprintf(w, "      why: %s\n", c.Reason)
			var from []string
			for _, pv := range c.Why {
				from = append(from, pv.String())
			}
			fmt.Fprintf(w, "      from: %s\n", strings.Join(from, "; "))
			for _, x := range c.Expect {
				fmt.Fprintf(w, "      expect: /%s/\n", x)
			}
		}
	}
}
