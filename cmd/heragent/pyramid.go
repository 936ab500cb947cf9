package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/heragent/heragent/pyramid"
)

func newPyramidCmd(g *globals) *cobra.Command {
	f := &analysisFlags{}
	cmd := &cobra.Command{
		Use:   "pyramid <repo | git-url[#rev]>",
		Short: "Print the Test Pyramid run runs: the commands that prove Installable, Testable and Runnable",
		Long: "pyramid runs the same analysis as 'heragent plan' and 'heragent run' and prints its Test Pyramid:\n" +
			"the commands mined from docs, CI, build files and entry points, a synthesised Runnable probe when\n" +
			"none is documented, the user's goals, aligned to the Bash File's build (commands of another build\n" +
			"system dropped, make and ctest respelled for its CMake build directory; stderr says which).\n" +
			"--goal CMD adds a Runnable command; --expect REGEX names a landmark every goal's output must show.\n" +
			"--json prints pyramid.json (schema in pyramid/README.md).",
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := analyzeOnly(cmd, f, args[0])
			if err != nil {
				return err
			}
			if g.json {
				b, err := p.Pyramid.JSON()
				if err != nil {
					return err
				}
				_, err = cmd.OutOrStdout().Write(b)
				return err
			}
			printPyramid(cmd.OutOrStdout(), p.Pyramid)
			printPlanNotes(cmd.ErrOrStderr(), p, "pyramid: ")
			return nil
		},
	}
	f.register(cmd)
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
				from = append(from, pv.Where())
			}
			fmt.Fprintf(w, "      from: %s\n", strings.Join(from, "; "))
			for _, x := range c.Expect {
				fmt.Fprintf(w, "      expect: /%s/\n", x)
			}
		}
	}
}
