package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/heragent/heragent/pipeline"
)

func newPlanCmd(g *globals) *cobra.Command {
	f := &analysisFlags{}
	cmd := &cobra.Command{
		Use:   "plan <repo | git-url[#rev]>",
		Short: "Analyse a repository and print its Bash File, or with --json the whole plan",
		Long: `plan runs the analysis 'heragent run' starts with — the knowledge graph, the
Bash File (system dependencies mapped to Debian packages with the package
index), the brain's plan roles, the Test Pyramid aligned to the Bash File —
and prints the Bash File. With --json it prints the whole plan (plan.json:
Bash File, pyramid, layout, stacks, notes, schema in pipeline/README.md),
which 'heragent run --plan plan.json' executes as it is, also after an
edit. Nothing of the repository is run.`,
		Example: `  heragent plan . > setup.sh
  heragent plan ../jq --json > plan.json && heragent run --plan plan.json`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := analyzeOnly(cmd, f, args[0])
			if err != nil {
				return err
			}
			if g.json {
				return writePlanJSON(cmd.OutOrStdout(), p)
			}
			io.WriteString(cmd.OutOrStdout(), p.File.Render())
			printPlanNotes(cmd.ErrOrStderr(), p, "")
			return nil
		},
	}
	f.register(cmd)
	return cmd
}

// analyzeOnly is the analysis of the commands that only show the plan
// (plan, pyramid): a warning on stderr when there is no package index, no
// progress lines.
func analyzeOnly(cmd *cobra.Command, f *analysisFlags, ref string) (*pipeline.Plan, error) {
	a, err := f.check(cmd)
	if err != nil {
		return nil, err
	}
	a.warn = func(s string) {
		fmt.Fprintf(cmd.ErrOrStderr(), "warning: %s; packages named from the override lists only\n", s)
	}
	repo, err := resolveRepo(cmd.Context(), ref)
	if err != nil {
		return nil, err
	}
	p, _, err := a.plan(cmd.Context(), repo, nil)
	return p, err
}

// writePlanJSON prints plan.json.
func writePlanJSON(w io.Writer, p *pipeline.Plan) error {
	b, err := p.JSON()
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// printPlanNotes prints the stacks, unsupported build systems and the
// notes that start with prefix ("" for all) to w (stderr).
func printPlanNotes(w io.Writer, p *pipeline.Plan, prefix string) {
	if prefix == "" && len(p.Stacks) > 0 {
		fmt.Fprintf(w, "stacks: %s\n", strings.Join(p.Stacks, ", "))
	}
	for _, c := range p.Config {
		fmt.Fprintf(w, "config: %s\n", c)
	}
	for _, n := range p.Notes {
		if strings.HasPrefix(n, prefix) && !strings.HasPrefix(n, "no Debian package index") { // that one was a warning
			fmt.Fprintf(w, "note: %s\n", n)
		}
	}
}
